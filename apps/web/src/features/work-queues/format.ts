/** "Name - Policy Number" of each insurance, one per line; "-" when the patient has none. */
export function insuranceText(insurances: readonly { name: string; policy_number: string }[]): string {
  if (!insurances.length) return '-';
  return insurances.map((insurance) => `${insurance.name} - ${insurance.policy_number}`).join('\n');
}
