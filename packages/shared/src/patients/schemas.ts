import { z } from 'zod';
import {
  idField,
  nulFreeString,
  optionalDateField,
  optionalText,
  requiredText,
  searchField,
} from '../common/fields.ts';
import { listQuerySchema } from '../common/list.ts';
import { MSG } from '../common/messages.ts';
import { CLAIM_MESSAGES, isValidNpi } from '../claims/rules.ts';
import { coverageFieldsSchema, icd10Field } from '../claims/schemas.ts';
import {
  cleanPolicyNumber,
  contactPersonIssues,
  DEFAULT_PATIENT_STATUS,
  keptContacts,
  NPI_LENGTH,
  PATIENT_GENDERS,
  PATIENT_STATUSES,
} from './rules.ts';

/** Texts of the patients area, exactly as the spec writes them. */
export const PATIENT_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  npiLength: 'NPI must have 10 characters',
  npiInvalid: CLAIM_MESSAGES.npiInvalid,
  validMail: MSG.validMail,
  invalidDate: MSG.invalidDate,
  isRequired: 'Is required',
  gender: 'Gender must be Female or Male',
  status: 'Status must be Active, Inactive or Deceased',
  state: 'Select a valid state',
  stateRequired: 'State is required',
  created: 'The patient has been created!',
  updated: 'The patient has been updated!',
  deleted: 'The patient has been deleted!',
  deleteRefused: 'Patient cannot be deleted until you delete all the orders',
  requestFailed: MSG.requestFailed,
  dialogUpdated: 'Updated successfully!',
  dialogCreated: 'Created successfully!',
  diagnosisDeleted: 'Diagnosis Deleted successfully!',
  hcpsDeleted: 'HCPCS Deleted successfully!',
  modifierDeleted: 'Modifier Deleted successfully!',
  insuranceAdded: 'Insurance added successfully!',
  insuranceRemoved: 'Insurance removed successfully!',
  insuranceUpdated: 'Insurance updated successfully!',
  insuranceNameRequired: 'Name is required',
  policyNumberRequired: 'Policy number is required',
  textRequired: 'Text is required',
  hcpsRequired: 'Select an HCPCS entry',
  tagRequired: 'Select a valid tag',
} as const;

/** Optional text: null and missing become '', surrounding spaces are trimmed. */
const text = optionalText;

const emailText = text(254).pipe(z.union([z.literal(''), z.email(PATIENT_MESSAGES.validMail)]));

// The length check runs before the max() of `text`, so a too-long NPI also reads "NPI must have 10 characters";
// ten characters then must pass the NPI check digit (a typo in one digit is caught here, not by a payer).
const npiSchema = z
  .union([z.string(), z.null()])
  .transform((v) => (v ?? '').trim())
  .pipe(
    nulFreeString.superRefine((v, ctx) => {
      if (v === '') return;
      if (v.length !== NPI_LENGTH) ctx.addIssue({ code: 'custom', message: PATIENT_MESSAGES.npiLength });
      else if (!isValidNpi(v)) ctx.addIssue({ code: 'custom', message: PATIENT_MESSAGES.npiInvalid });
    }),
  );

const birthdateSchema = optionalDateField;

const genderSchema = z
  .enum(['', ...PATIENT_GENDERS], { error: PATIENT_MESSAGES.gender })
  .nullable()
  .transform((v) => v ?? '');

const statusSchema = z.enum(PATIENT_STATUSES, { error: PATIENT_MESSAGES.status });

/** The spec labels the picker "State *": every patient has a state, on create and on every edit. */
const stateIdSchema = z
  .unknown()
  .refine((v) => v !== null && v !== undefined && v !== '', PATIENT_MESSAGES.stateRequired)
  .pipe(idField(PATIENT_MESSAGES.state));

export const patientContactSchema = z.object({
  contact_name: text(150).default(''),
  contact_number: text(20).default(''),
  contact_relation: text(100).default(''),
});
export type PatientContact = z.output<typeof patientContactSchema>;

/** Every patient field without defaults: the building block of create (with defaults) and patch (partial). */
const patientFields = {
  first_name: requiredText(PATIENT_MESSAGES.firstNameRequired, 100),
  middle_name: text(100),
  last_name: requiredText(PATIENT_MESSAGES.lastNameRequired, 100),
  address_1: text(200),
  address_2: text(200),
  city: text(100),
  zip: text(10),
  phone: text(20),
  mobile: text(20),
  fax: text(20),
  email: emailText,
  notes: text(10000),
  gender: genderSchema,
  physician_name: text(150),
  physician_npi: npiSchema,
  physician_phone: text(20),
  physician_fax: text(20),
  state_id: stateIdSchema,
  birthdate: birthdateSchema,
  facility: z.boolean(),
  rentals: z.boolean(),
  call_before_delivery: z.boolean(),
  contact_different_patient: z.boolean(),
  status: statusSchema,
  contact_person: z.array(patientContactSchema).max(20),
};

const CONTACT_RULE_FIELDS = new Set(['call_before_delivery', 'contact_different_patient', 'contact_person']);

/** The create form and POST /patients/: names and state required, the rest optional with defaults. */
export const createPatientSchema = z
  .object({
    first_name: patientFields.first_name,
    middle_name: patientFields.middle_name.default(''),
    last_name: patientFields.last_name,
    address_1: patientFields.address_1.default(''),
    address_2: patientFields.address_2.default(''),
    city: patientFields.city.default(''),
    zip: patientFields.zip.default(''),
    phone: patientFields.phone.default(''),
    mobile: patientFields.mobile.default(''),
    fax: patientFields.fax.default(''),
    email: patientFields.email.default(''),
    notes: patientFields.notes.default(''),
    gender: patientFields.gender.default(''),
    physician_name: patientFields.physician_name.default(''),
    physician_npi: patientFields.physician_npi.default(''),
    physician_phone: patientFields.physician_phone.default(''),
    physician_fax: patientFields.physician_fax.default(''),
    state_id: patientFields.state_id,
    birthdate: patientFields.birthdate.default(null),
    facility: patientFields.facility.default(false),
    rentals: patientFields.rentals.default(false),
    call_before_delivery: patientFields.call_before_delivery.default(false),
    contact_different_patient: patientFields.contact_different_patient.default(false),
    status: patientFields.status.default(DEFAULT_PATIENT_STATUS),
    contact_person: patientFields.contact_person.default([]),
  })
  .superRefine(
    (p, ctx) => {
      for (const issue of contactPersonIssues(p))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    },
    // The contact rows are judged whenever their own fields are readable, so a row's "Is required"
    // shows while another field (a missing state, say) is still wrong.
    // A body that is not an object at all (null, a list) has nothing to judge.
    {
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !Array.isArray(payload.value) &&
        payload.issues.every((issue) => issue.path?.length && !CONTACT_RULE_FIELDS.has(String(issue.path[0]))),
    },
  )
  .transform((p) => ({ ...p, contact_person: keptContacts(p) }));
export type CreatePatientInput = z.input<typeof createPatientSchema>;
export type CreatePatientBody = z.output<typeof createPatientSchema>;
export type PatientFields = CreatePatientBody;

/**
 * PATCH /patients/{id}/: any subset of the fields. The contact rule needs the switches, so the
 * server merges the patch with the stored patient and then applies contactPersonIssues/keptContacts.
 */
export const patchPatientSchema = z.object(patientFields).partial();
export type PatchPatientBody = z.output<typeof patchPatientSchema>;

const insuranceFields = {
  /** Empty when a payer is chosen: the insurance then takes the payer's name. */
  name: optionalText(150),
  policy_number: z
    .string({ error: PATIENT_MESSAGES.policyNumberRequired })
    .transform(cleanPolicyNumber)
    .pipe(requiredText(PATIENT_MESSAGES.policyNumberRequired, 50)),
};

/** "Name is required" unless a payer (vendor_id) is chosen, whose name the insurance then takes. */
function nameOrPayer(body: { name: string; vendor_id?: number | null }, ctx: z.RefinementCtx): void {
  if (body.name === '' && (body.vendor_id ?? null) === null)
    ctx.addIssue({ code: 'custom', message: PATIENT_MESSAGES.insuranceNameRequired, path: ['name'] });
}

// The name rule is judged whenever name and vendor_id themselves read well, so "Name is required"
// shows beside a policy number's message. A body that is not an object has nothing to judge.
const nameRuleWhen = {
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    payload.issues.every((issue) => !['name', 'vendor_id'].includes(String(issue.path?.[0]))),
};

/**
 * POST and PATCH /patients/{id}/insurances/: the spec's name and policy number, and the coverage a
 * claim needs (payer, priority, group, the insured when not the patient). A coverage field not
 * sent is saved with its default on create (self, no payer, no priority) and keeps its value on
 * edit, so the spec's dialog of name and policy number changes nothing else.
 */
export const patientInsuranceBodySchema = z
  .object({ ...insuranceFields, ...coverageFieldsSchema.partial().shape })
  .superRefine(nameOrPayer, nameRuleWhen);
export type PatientInsuranceInput = z.input<typeof patientInsuranceBodySchema>;
export type PatientInsuranceBody = z.output<typeof patientInsuranceBodySchema>;

/** Diagnosis and HCPCS dialogs: one multiline text. */
export const patientTextBodySchema = z.object({ text: requiredText(PATIENT_MESSAGES.textRequired, 2000) });
export type PatientTextBody = z.output<typeof patientTextBodySchema>;

/**
 * The diagnosis dialog: its text and, for claims, its ICD-10-CM code ("J44.9"; stored without the
 * dot). A code not sent is none on create and keeps its value on edit.
 */
export const patientDiagnosisBodySchema = patientTextBodySchema.extend({ code: icd10Field.optional() });
export type PatientDiagnosisBody = z.output<typeof patientDiagnosisBodySchema>;

const hcpsIdSchema = idField(PATIENT_MESSAGES.hcpsRequired);

export const patientModifierBodySchema = patientTextBodySchema.extend({ hcps_id: hcpsIdSchema });
export type PatientModifierBody = z.output<typeof patientModifierBodySchema>;
export const patientModifierPatchSchema = patientTextBodySchema.extend({ hcps_id: hcpsIdSchema.optional() });
export type PatientModifierPatchBody = z.output<typeof patientModifierPatchSchema>;

export const patientTagBodySchema = z.object({
  tag_id: idField(PATIENT_MESSAGES.tagRequired),
});

/** Query of GET /patients/ and /patients_rentals/: the list filter set plus state and status. */
export const patientListQuerySchema = listQuerySchema.extend({
  state: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), idField(PATIENT_MESSAGES.state).optional()),
  // Missing means the default Active; an empty value or "all" means any status.
  status: z
    .union([statusSchema, z.literal(''), z.literal('all')])
    .optional()
    .default(DEFAULT_PATIENT_STATUS)
    .transform((v) => (v === '' || v === 'all' ? null : v)),
});
export type PatientListQuery = z.output<typeof patientListQuerySchema>;

export const patientPickerQuerySchema = z.object({ search: searchField });
