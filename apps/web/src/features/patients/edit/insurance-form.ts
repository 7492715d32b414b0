import {
  coverageFieldsSchema,
  patientInsuranceBodySchema,
  PRIORITY_WORDS,
  type Coverage,
  type CoverageFields,
  type PatientInsurance,
  type PatientInsuranceBody,
  type Relationship,
} from '@dme/shared';

/** An insurance as its routes answer it: the spec's name and policy number with the coverage (issue 31). */
export type InsuranceRecord = PatientInsurance & Partial<Coverage> & { payer?: { id: number; name: string } | null };

/** What the insurance dialog sends. */
export type InsuranceBody = PatientInsuranceBody & CoverageFields;

/** The spec's insurance body with every coverage field (safeExtend keeps any rule the body schema has). */
export const insuranceSchema = patientInsuranceBodySchema.safeExtend(coverageFieldsSchema.shape);

export type Priority = 1 | 2 | 3;

export interface InsuranceValues {
  name: string;
  policy_number: string;
  /** The payer (a vendor); '' for none. */
  vendor_id: number | '';
  priority: Priority | '';
  group_number: string;
  relationship: Relationship;
  subscriber_first_name: string;
  subscriber_last_name: string;
  subscriber_birthdate: string | null;
  subscriber_gender: string;
}

export const INSURANCE_FIELDS = [
  'name',
  'policy_number',
  'vendor_id',
  'priority',
  'group_number',
  'relationship',
  'subscriber_first_name',
  'subscriber_last_name',
  'subscriber_birthdate',
  'subscriber_gender',
] as const satisfies readonly (keyof InsuranceValues)[];

export const SELF: Relationship = '18';

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const PRIORITY_OPTIONS = ([1, 2, 3] as const).map((priority) => ({
  value: priority,
  label: capitalized(PRIORITY_WORDS[priority]),
}));

/** "Primary", "Secondary", "Tertiary", or '' when the insurance has no priority. */
export function priorityLabel(priority: number | null | undefined): string {
  return PRIORITY_OPTIONS.find((o) => o.value === priority)?.label ?? '';
}

export function insuranceToValues(insurance?: InsuranceRecord): InsuranceValues {
  const priority = insurance?.priority;
  return {
    name: insurance?.name ?? '',
    policy_number: insurance?.policy_number ?? '',
    vendor_id: insurance?.vendor_id ?? insurance?.payer?.id ?? '',
    priority: priority === 1 || priority === 2 || priority === 3 ? priority : '',
    group_number: insurance?.group_number ?? '',
    relationship: insurance?.relationship ?? SELF,
    subscriber_first_name: insurance?.subscriber_first_name ?? '',
    subscriber_last_name: insurance?.subscriber_last_name ?? '',
    subscriber_birthdate: insurance?.subscriber_birthdate ?? null,
    subscriber_gender: insurance?.subscriber_gender ?? '',
  };
}

/**
 * The schema's input: '' means none for the payer and the priority; the insured's own fields
 * are sent only when the patient is not the insured (Self), so switching back to Self clears them.
 */
export function insuranceInput(values: InsuranceValues) {
  const self = values.relationship === SELF;
  return {
    ...values,
    vendor_id: values.vendor_id === '' ? null : values.vendor_id,
    priority: values.priority === '' ? null : values.priority,
    subscriber_first_name: self ? '' : values.subscriber_first_name,
    subscriber_last_name: self ? '' : values.subscriber_last_name,
    subscriber_birthdate: self ? null : values.subscriber_birthdate,
    subscriber_gender: self ? '' : values.subscriber_gender,
  };
}
