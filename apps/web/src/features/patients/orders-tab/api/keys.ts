/** Query keys of the patient's Orders tab (under the patients area's namespace). */
export const patientOrdersKeys = {
  orders: (patientId: number) => ['patients', 'orders-tab', patientId] as const,
};
