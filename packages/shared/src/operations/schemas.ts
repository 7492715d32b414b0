import { z } from 'zod';
import { isWireDate } from '../common/dates.ts';
import { idField } from '../common/fields.ts';
import { listQuerySchema } from '../common/list.ts';
import { expirationSchema, expirationUpdateSchema, ORDER_MESSAGES } from '../orders/schemas.ts';

/** Texts of the work queues, exactly as the spec writes them (plus the server's own). */
export const OPERATIONS_MESSAGES = {
  // Validation (spec part 3 section 5).
  noteRequired: ORDER_MESSAGES.noteRequired,
  yellowDateRequired: ORDER_MESSAGES.yellowDateRequired,
  // Server answers for bad queries and bodies.
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  invalidDate: 'Invalid date',
  startAfterEnd: 'The start date cannot be after the end date',
  mustBeBoolean: 'Must be a valid boolean.',
  exactlyOneToggle: 'Send exactly one of eligibility_toggle or customer_approved',
  invalidFacility: 'Facility must be All, Yes or No',
  invalidState: 'Select a valid state',
  // Notifications (spec part 3 section 8).
  requestFailed: 'The request could not be processed!',
  dateFilterFailed: 'The request could not be processed',
  eligibilityDateFilterFailed: 'The request could not processed!',
  expirationUpdated: 'The expiration has been updated!',
  expirationSolvedUpdated: 'Updated successfully',
  expirationUpdateFailed: 'Update failed ',
  noteAdded: 'The note was added successfully',
  occurrenceUpdated: 'The ocurrence has been updated!',
  updated: 'Updated successfully!',
  orderUpdated: 'The order has been updated!',
  serviceUpdated: 'Service updated successfully.',
  serviceDeleted: 'Service deleted successfully.',
  serviceUpdateFailed: 'Service updated failed.',
  serviceDeleteFailed: 'Service delete failed.',
  // Empty table item name of the call lists: "THERE AREN'T CALL PATIENTS".
  emptyCallPatients: 'CALL PATIENTS',
} as const;

const M = OPERATIONS_MESSAGES;

export const FACILITY_OPTIONS = ['All', 'Yes', 'No'] as const;
export type FacilityFilter = (typeof FACILITY_OPTIONS)[number];

/** Columns each list sorts by ("field" or "-field"); anything else falls back to the default. */
export const EXPIRATION_ORDERING_FIELDS = ['date', 'yellow_date', 'patient_name'] as const;
export const OCCURRENCE_ORDERING_FIELDS = ['date', 'patient_name', 'state', 'birthdate', 'order'] as const;
export type ExpirationOrderingField = (typeof EXPIRATION_ORDERING_FIELDS)[number];
export type OccurrenceOrderingField = (typeof OCCURRENCE_ORDERING_FIELDS)[number];
export const DEFAULT_OPERATIONS_ORDERING = 'date';

// ---------------------------------------------------------------- query pieces

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional YYYY-MM-DD query date; empty means "not chosen". */
const optionalQueryDate = z.preprocess(
  blankToUndefined,
  z.string().trim().refine(isWireDate, M.invalidDate).optional(),
);

/** A required YYYY-MM-DD query date. */
const requiredQueryDate = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: message }).trim().min(1, { error: message, abort: true }).refine(isWireDate, M.invalidDate),
  );

/** A boolean in a query string: true/false (also 1/0, any case) with a default. */
export const queryBoolean = (fallback: boolean) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], { error: M.mustBeBoolean })
      .optional()
      .transform((v) => (v === undefined || v === '' ? fallback : v === true || v === 'true' || v === '1')),
  );

/** The patient's address state (id); empty or "all" means any state. */
const stateFilter = z.preprocess(
  (v) => (v === '' || v === 'all' || v === 'All' || v === null ? undefined : v),
  // Read strictly, as every id is: "0x1f", "31.0" or " 31" is not state 31.
  idField(M.invalidState).optional(),
);

/** Facility select: All (default), Yes (facility patients), No (others). Case-insensitive. */
const facilityFilter = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() ? v.trim()[0]!.toUpperCase() + v.trim().slice(1).toLowerCase() : undefined),
  z.enum(FACILITY_OPTIONS, { error: M.invalidFacility }).optional().default('All'),
);

/** 422 on start_date when both dates are given and the start is after the end. */
function orderedDates(q: { start_date?: string | undefined; end_date?: string | undefined }, ctx: z.RefinementCtx) {
  if (q.start_date && q.end_date && isWireDate(q.start_date) && isWireDate(q.end_date) && q.start_date > q.end_date) {
    ctx.addIssue({ code: 'custom', message: M.startAfterEnd, path: ['start_date'] });
  }
}

// ---------------------------------------------------------------- list queries

/**
 * Expirations list (GET /expirations/) and its batch print (GET /export_expirations): both dates
 * required (the list only runs when both are set), waiver default true, hide_solved default false.
 */
export const expirationListQuerySchema = listQuerySchema
  .extend({
    start_date: requiredQueryDate(M.startDateRequired),
    end_date: requiredQueryDate(M.endDateRequired),
    state: stateFilter,
    facility: facilityFilter,
    waiver: queryBoolean(true),
    hide_solved: queryBoolean(false),
  })
  .superRefine(orderedDates);
export type ExpirationListQueryInput = z.input<typeof expirationListQuerySchema>;
export type ExpirationListQuery = z.output<typeof expirationListQuerySchema>;

/**
 * Occurrence lists with an optional date range: the range applies only when both dates are
 * given (and valid and ordered; start after end is 422).
 */
const occurrenceListFields = {
  start_date: optionalQueryDate,
  end_date: optionalQueryDate,
  state: stateFilter,
};

/** GET /call-customers/. */
export const callCustomerListQuerySchema = listQuerySchema.extend(occurrenceListFields).superRefine(orderedDates);
export type CallCustomerListQueryInput = z.input<typeof callCustomerListQuerySchema>;
export type CallCustomerListQuery = z.output<typeof callCustomerListQuerySchema>;

/** GET /check-eligibility/. */
export const checkEligibilityListQuerySchema = listQuerySchema.extend(occurrenceListFields).superRefine(orderedDates);
export type CheckEligibilityListQueryInput = z.input<typeof checkEligibilityListQuerySchema>;
export type CheckEligibilityListQuery = z.output<typeof checkEligibilityListQuerySchema>;

/** GET /call-patient-eligibility/: plus facility and hidden_completed (default true). */
export const callEligibilityListQuerySchema = listQuerySchema
  .extend({
    ...occurrenceListFields,
    facility: facilityFilter,
    hidden_completed: queryBoolean(true),
  })
  .superRefine(orderedDates);
export type CallEligibilityListQueryInput = z.input<typeof callEligibilityListQuerySchema>;
export type CallEligibilityListQuery = z.output<typeof callEligibilityListQuerySchema>;

/** GET /expirations_ocurrences/: occurrences in a range (both dates required) with a due expiration. */
export const expirationOccurrencesQuerySchema = listQuerySchema
  .extend({
    start_date: requiredQueryDate(M.startDateRequired),
    end_date: requiredQueryDate(M.endDateRequired),
    state: stateFilter,
    facility: facilityFilter,
  })
  .superRefine(orderedDates);
export type ExpirationOccurrencesQuery = z.output<typeof expirationOccurrencesQuerySchema>;

/**
 * GET /documents_queue/ (issue 34): documents running out in the next 30 days and occurrences on
 * hold in the range (default: today and the next 30 days, as the other queues open), by patient.
 */
export const DOCUMENTS_QUEUE_ORDERING_FIELDS = ['patient_name', 'date'] as const;
export const documentsQueueQuerySchema = listQuerySchema
  .extend({ ...occurrenceListFields, facility: facilityFilter })
  .superRefine(orderedDates);
export type DocumentsQueueQueryInput = z.input<typeof documentsQueueQuerySchema>;
export type DocumentsQueueQuery = z.output<typeof documentsQueueQuerySchema>;

/** GET /check_expirations/: an optional range; without one, the office's current week (Sunday to Saturday). */
export const checkExpirationsQuerySchema = z
  .object({ start_date: optionalQueryDate, end_date: optionalQueryDate })
  .superRefine(orderedDates);
export type CheckExpirationsQuery = z.output<typeof checkExpirationsQuerySchema>;

// ---------------------------------------------------------------- bodies

const toggle = z.boolean({ error: M.mustBeBoolean });

/** PATCH /call-customers/{id}/. */
export const callCustomerUpdateSchema = z.object({ customer_approved: toggle });
export type CallCustomerUpdateBody = z.output<typeof callCustomerUpdateSchema>;

/** PATCH /check-eligibility/{id}/. */
export const eligibilityUpdateSchema = z.object({ eligibility_toggle: toggle });
export type EligibilityUpdateBody = z.output<typeof eligibilityUpdateSchema>;

/** PATCH /call-patient-eligibility/{id}/: exactly one of eligibility_toggle or customer_approved. */
export const callEligibilityUpdateSchema = z
  .object({ eligibility_toggle: toggle.optional(), customer_approved: toggle.optional() })
  .superRefine((b, ctx) => {
    const sent = (b.eligibility_toggle !== undefined ? 1 : 0) + (b.customer_approved !== undefined ? 1 : 0);
    if (sent !== 1) ctx.addIssue({ code: 'custom', message: M.exactlyOneToggle, path: ['non_field_errors'] });
  });
export type CallEligibilityUpdateInput = z.input<typeof callEligibilityUpdateSchema>;
export type CallEligibilityUpdateBody = z.output<typeof callEligibilityUpdateSchema>;

/**
 * The Edit Expiration dialog: Date, Yellow with Yellow Date, Note and Waiver; "Note is required"
 * and "Yellow date is required" (when yellow is on). The same schema as the order's expiration
 * dialog.
 */
export const expirationEditSchema = expirationSchema;
export type ExpirationEditInput = z.input<typeof expirationEditSchema>;
export type ExpirationEditBody = z.output<typeof expirationEditSchema>;

/**
 * PATCH /expirations/{id}/ (one route, in the orders area): any of date, yellow, yellow_date,
 * waiver, note, plus the Solved switch's solved and color (see solvedSwitchPayload).
 */
export const expirationPatchSchema = expirationUpdateSchema;
