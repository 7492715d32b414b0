/** Which tab of the patient forms shows a field (the left side is always in view). */
export type PatientTabName = 'left' | 'address' | 'notes' | 'physician';

const TAB_FIELDS: Record<Exclude<PatientTabName, 'left'>, readonly string[]> = {
  address: ['address_1', 'address_2', 'city', 'state_id', 'zip', 'facility', 'rentals'],
  notes: ['notes'],
  physician: ['physician_name', 'physician_npi', 'physician_phone', 'physician_fax'],
};

export function tabOfField(field: string): PatientTabName {
  for (const [tab, fields] of Object.entries(TAB_FIELDS)) {
    if (fields.includes(field)) return tab as PatientTabName;
  }
  return 'left';
}

/** True when any field of `tab` has an error. */
export function tabHasError(tab: Exclude<PatientTabName, 'left'>, errors: object): boolean {
  return TAB_FIELDS[tab].some((field) => field in errors);
}
