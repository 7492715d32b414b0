import { z } from 'zod';
import { holdFieldsSchema } from '../documents/responses.ts';
import { ALERT_COLORS, EXPIRATION_ROW_COLORS } from './rules.ts';
import { orderExpirationSchema, serviceSchema } from '../orders/responses.ts';
import { patientInsuranceSchema } from '../patients/responses.ts';

// What the work-queue routes answer (spec part 3 section 3): the server's response schemas and
// the web's types. Dates are YYYY-MM-DD, money JSON numbers.

/** The patient's address state; the abbreviation fills narrow columns (St). */
const stateRefSchema = z.object({ id: z.number(), name: z.string(), abbreviation: z.string() });
const insuranceSchema = patientInsuranceSchema;
export const contactPersonSchema = z.object({
  contact_name: z.string(),
  contact_number: z.string(),
  contact_relation: z.string(),
});
export type ContactPerson = z.infer<typeof contactPersonSchema>;

const personName = { id: z.number(), first_name: z.string(), last_name: z.string() };

/**
 * A work-queue row: the occurrence (id, date and the queue's flags) and its order with the
 * patient fields the queue shows.
 */
function queueRowSchema<Flags extends z.ZodRawShape, Patient extends z.ZodRawShape>(flags: Flags, patient: Patient) {
  return z.object({
    id: z.number(),
    date: z.string(),
    ...flags,
    order: z.object({ id: z.number(), name: z.string(), patient: z.object({ ...personName, ...patient }) }),
  });
}

/** Every field of an expiration (the call detail's order.expirations[]). */
export const operationsExpirationSchema = orderExpirationSchema;
export type OperationsExpiration = z.infer<typeof operationsExpirationSchema>;

/**
 * A row of the Expirations list: the expiration, its patient, the DOS (the date of the order's
 * first occurrence on or after the expiration date), the order's last service date, and the colour
 * for the list's range (the same as expirationColor(row, range)).
 */
export const expirationRowSchema = operationsExpirationSchema.extend({
  order: z.object({ id: z.number(), patient_id: z.number() }),
  patient: z.object(personName),
  dos: z.string().nullable(),
  last_service: z.object({ date: z.string() }).nullable(),
  color: z.enum(EXPIRATION_ROW_COLORS),
});
export type ExpirationRow = z.infer<typeof expirationRowSchema>;

/** A row of Call Patients (GET /call-customers/, PATCH /call-customers/{id}/). */
export const callCustomerRowSchema = queueRowSchema(
  { customer_approved: z.boolean(), eligibility_toggle: z.boolean(), shipped: z.boolean() },
  {
    state: stateRefSchema.nullable(),
    phone: z.string(),
    mobile: z.string(),
    call_before_delivery: z.boolean(),
    contact_person: z.array(contactPersonSchema),
  },
);
export type CallCustomerRow = z.infer<typeof callCustomerRowSchema>;

/** A row of Check Eligibility (GET /check-eligibility/, PATCH /check-eligibility/{id}/). */
export const checkEligibilityRowSchema = queueRowSchema(
  { eligibility_toggle: z.boolean() },
  { birthdate: z.string().nullable(), state: stateRefSchema.nullable(), insurances: z.array(insuranceSchema) },
);
export type CheckEligibilityRow = z.infer<typeof checkEligibilityRowSchema>;

/** An expiration as an occurrence row's Alert cell needs it (see alertColor). */
export const alertExpirationSchema = operationsExpirationSchema.pick({
  id: true,
  date: true,
  yellow: true,
  yellow_date: true,
  solved: true,
  red_solved_date: true,
  yellow_solved_date: true,
});
export type AlertExpiration = z.infer<typeof alertExpirationSchema>;

/**
 * A row of Call Patient w Eligibility (GET /call-patient-eligibility/, PATCH
 * /call-patient-eligibility/{id}/). Alert inputs: has_expirations (the order has any) and
 * expirations (all of the order's expirations; alertColor picks those matching the occurrence);
 * `alert` is alertColor(row, row.date, range) for the list query's range (the PATCH answer has no
 * range: the date match only), so the web may recompute it for its own range.
 */
export const callEligibilityRowSchema = queueRowSchema(
  { eligibility_toggle: z.boolean(), customer_approved: z.boolean(), shipped: z.boolean() },
  {
    birthdate: z.string().nullable(),
    state: stateRefSchema.nullable(),
    facility: z.boolean(),
    call_before_delivery: z.boolean(),
    insurances: z.array(insuranceSchema),
  },
).extend({
  has_expirations: z.boolean(),
  expirations: z.array(alertExpirationSchema),
  alert: z.enum(ALERT_COLORS),
  ...holdFieldsSchema.shape,
});
export type CallEligibilityRow = z.infer<typeof callEligibilityRowSchema>;

/** A service of the call detail's services table (Variant, Product #, Product Name, Qty, UOM, $, Tax, Total). */
export const callServiceSchema = serviceSchema.omit({ locked_price: true }).extend({
  variant: z.object({ id: z.number(), price_variant: z.string(), unit_measure: z.string() }).nullable(),
});
export type CallService = z.infer<typeof callServiceSchema>;

/**
 * The call/eligibility occurrence (GET /call-customers/{id} and GET
 * /call-patient-eligibility/{id}/): the occurrence with its services and the patient's
 * insurances, the order with its office and patient notes and expirations, and the patient's
 * general notes (order.patient.notes).
 */
export const callOccurrenceSchema = z.object({
  ...holdFieldsSchema.shape,
  id: z.number(),
  date: z.string(),
  eligibility_toggle: z.boolean(),
  customer_approved: z.boolean(),
  shipped: z.boolean(),
  po_number: z.string(),
  insurances: z.array(insuranceSchema),
  services: z.array(callServiceSchema),
  total: z.number(),
  tax: z.number(),
  order: z.object({
    id: z.number(),
    name: z.string(),
    patient_id: z.number(),
    patient: z.object({
      id: z.number(),
      patient_id: z.number(),
      first_name: z.string(),
      last_name: z.string(),
      notes: z.string(),
      birthdate: z.string().nullable(),
      call_before_delivery: z.boolean(),
      facility: z.boolean(),
      phone: z.string(),
      mobile: z.string(),
      state: stateRefSchema.nullable(),
      insurances: z.array(insuranceSchema),
      contact_person: z.array(contactPersonSchema),
    }),
    user_creator_id: z.number().nullable(),
    office_notes: z.string(),
    patient_notes: z.string(),
    expirations: z.array(operationsExpirationSchema),
  }),
});
export type CallOccurrence = z.infer<typeof callOccurrenceSchema>;

/**
 * A row of GET /expirations_ocurrences/: an occurrence in the range whose order has a matching
 * expiration that is not solved (alert red or yellow), with the order's expirations and that alert.
 */
export const expirationOccurrenceRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  order: z.object({ id: z.number(), name: z.string(), patient_id: z.number() }),
  patient: z.object(personName),
  expirations: z.array(alertExpirationSchema),
  alert: z.enum(ALERT_COLORS),
});
export type ExpirationOccurrenceRow = z.infer<typeof expirationOccurrenceRowSchema>;

/** GET /check_expirations/: unsolved expirations due in the range, by colour (spec 4.1). */
export const checkExpirationsSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  red: z.number(),
  yellow: z.number(),
  total: z.number(),
});
export type CheckExpirations = z.infer<typeof checkExpirationsSchema>;
