import { z } from 'zod';
import { patientOrderSchema } from '../orders/responses.ts';
import { coverageResponseSchema } from '../claims/responses.ts';
import { PATIENT_GENDERS, PATIENT_STATUSES } from './rules.ts';

// What the patients routes answer: the server's response schemas and the web's types.

export const patientStateSchema = z.object({ id: z.number(), name: z.string() });

export const patientListRowSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  birthdate: z.string().nullable(),
  city: z.string(),
  state: patientStateSchema.nullable(),
  phone: z.string(),
  status: z.enum(PATIENT_STATUSES),
  rentals: z.boolean(),
});
export type PatientListRow = z.infer<typeof patientListRowSchema>;

export const patientPickerRowSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  birthdate: z.string().nullable(),
});
export type PatientPickerRow = z.infer<typeof patientPickerRowSchema>;

export const tagSchema = z.object({ id: z.number(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;
export const patientTagSchema = tagSchema.extend({ checked: z.boolean() });
export type PatientTag = z.infer<typeof patientTagSchema>;

/** An insurance with its coverage; `payer` is the vendor it bills (vendor_id), null when none is chosen. */
export const patientInsuranceSchema = z
  .object({ id: z.number(), name: z.string(), policy_number: z.string() })
  .extend(coverageResponseSchema.shape)
  .extend({ payer: z.object({ id: z.number(), name: z.string() }).nullable() });
export type PatientInsurance = z.infer<typeof patientInsuranceSchema>;

/** A diagnosis; `code` is its ICD-10-CM code shown with the dot ("J44.9"), '' when none. */
export const patientDiagnosisSchema = z.object({ id: z.number(), text: z.string(), code: z.string() });
export type PatientDiagnosis = z.infer<typeof patientDiagnosisSchema>;

export const patientModifierSchema = z.object({ id: z.number(), text: z.string(), hcps_id: z.number() });
export type PatientModifier = z.infer<typeof patientModifierSchema>;

export const patientHcpsSchema = z.object({
  id: z.number(),
  text: z.string(),
  modifier: z.array(patientModifierSchema),
});
export type PatientHcps = z.infer<typeof patientHcpsSchema>;

export const patientAttachmentSchema = z.object({ id: z.number(), name: z.string(), url: z.string() });
export type PatientAttachment = z.infer<typeof patientAttachmentSchema>;

export const patientSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  zip: z.string(),
  phone: z.string(),
  mobile: z.string(),
  fax: z.string(),
  email: z.string(),
  notes: z.string(),
  gender: z.enum(['', ...PATIENT_GENDERS]),
  physician_name: z.string(),
  physician_npi: z.string(),
  physician_phone: z.string(),
  physician_fax: z.string(),
  state: patientStateSchema.nullable(),
  birthdate: z.string().nullable(),
  facility: z.boolean(),
  rentals: z.boolean(),
  call_before_delivery: z.boolean(),
  contact_different_patient: z.boolean(),
  status: z.enum(PATIENT_STATUSES),
  contact_person: z.array(
    z.object({ contact_name: z.string(), contact_number: z.string(), contact_relation: z.string() }),
  ),
  tags: z.array(patientTagSchema),
  insurances: z.array(patientInsuranceSchema),
  diagnosis: z.array(patientDiagnosisSchema),
  health: z.array(patientHcpsSchema),
  attachments: z.array(patientAttachmentSchema),
  orders: z.array(patientOrderSchema),
});
export type Patient = z.infer<typeof patientSchema>;

/**
 * One entry of a patient's activity (GET /api/patients/{id}/audit/, administrators only): who did
 * what to the record or one of its children, or read which of the patient's documents, newest
 * first. `changes` lists the fields an update changed (from and to as text, empty string for
 * nothing); reads and deletes have none. `details` is what a read names beside its id, as text
 * (an occurrence's `date`, a batch's number of `patients`, an attachment's `name`); other entries
 * have none. activitySentence composes the sentence ("M. Garcia viewed invoice #123").
 */
export const PATIENT_ACTIVITY_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export const patientActivitySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.enum(PATIENT_ACTIVITY_ACTIONS),
  /** What was touched: patient, insurance, diagnosis, hcps, modifier, attachment, tag, order, … */
  entity: z.string(),
  entity_id: z.string(),
  user: z.object({ id: z.number(), username: z.string(), full_name: z.string() }).nullable(),
  changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
  details: z.record(z.string(), z.string()),
});
export type PatientActivity = z.infer<typeof patientActivitySchema>;
