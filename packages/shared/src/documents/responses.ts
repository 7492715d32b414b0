import { z } from 'zod';
import { DELIVERY_RELATIONSHIPS, DOCUMENT_TYPES } from './schemas.ts';
import { DOCUMENT_STATES } from './rules.ts';

// What the documents, holds and delivery routes answer (issue 34).

const delivery = z.object({
  recipient_name: z.string(),
  relationship: z.enum(DELIVERY_RELATIONSHIPS),
  delivered_at: z.string(),
  address: z.string(),
});

/** A patient's document with where it stands today. */
export const documentSchema = z.object({
  id: z.number(),
  patient_id: z.number(),
  type: z.enum(DOCUMENT_TYPES),
  date: z.string(),
  order_id: z.number().nullable(),
  attachment_id: z.number().nullable(),
  attachment_name: z.string().nullable(),
  practitioner_name: z.string(),
  practitioner_npi: z.string(),
  items: z.array(z.object({ hcpcs: z.string(), quantity: z.number() })),
  length_of_need_months: z.number().nullable(),
  vendor_id: z.number().nullable(),
  vendor_name: z.string().nullable(),
  number: z.string(),
  hcpcs: z.array(z.string()),
  units: z.number().nullable(),
  /** Units billed under a prior authorization (its codes, its payer, within its dates, shipped). */
  units_used: z.number(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** The last day it is good for; null when it does not run out. */
  valid_through: z.string().nullable(),
  state: z.enum(DOCUMENT_STATES),
  /** The occurrence a recorded proof of delivery is for, and the delivery itself. */
  ocurrence_id: z.number().nullable(),
  delivery: delivery.nullable(),
  created: z.string(),
  user: z.string(),
});
export type PatientDocument = z.infer<typeof documentSchema>;

/** An administrator's release of an occurrence's hold, as shown beside it. */
export const holdReleaseAnswerSchema = z.object({
  reason: z.string(),
  holds: z.array(z.string()),
  user: z.string(),
  created: z.string(),
});
export type HoldRelease = z.infer<typeof holdReleaseAnswerSchema>;

/** What an occurrence's rows and detail add: the reasons it is held (empty when nothing holds it) and its release. */
export const holdFieldsSchema = z.object({
  holds: z.array(z.string()),
  hold_release: holdReleaseAnswerSchema.nullable(),
});
export type HoldFields = z.infer<typeof holdFieldsSchema>;

/** POST /ocurrences/{id}/delivery/: the proof of delivery document and the occurrence, shipped. */
export const deliveryAnswerSchema = z.object({
  document: documentSchema,
  ocurrence: z.object({ id: z.number(), shipped: z.boolean(), shipped_date: z.string().nullable() }),
  invoice_id: z.number(),
});
export type DeliveryAnswer = z.infer<typeof deliveryAnswerSchema>;

const patientRef = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  state: z.object({ id: z.number(), name: z.string(), abbreviation: z.string() }).nullable(),
});

/**
 * A row of the Documents work queue: a document running out in the next 30 days, or an
 * occurrence on hold in the chosen range, with its patient.
 */
export const documentsQueueRowSchema = z.object({
  kind: z.enum(['document', 'ocurrence']),
  id: z.number(),
  /** The occurrence's date, or the last day the document is good for. */
  date: z.string(),
  patient: patientRef,
  order: z.object({ id: z.number(), name: z.string() }).nullable(),
  document: z
    .object({ id: z.number(), type: z.enum(DOCUMENT_TYPES), number: z.string(), hcpcs: z.array(z.string()) })
    .nullable(),
  /** What needs doing, in words. */
  description: z.string(),
  holds: z.array(z.string()),
});
export type DocumentsQueueRow = z.infer<typeof documentsQueueRowSchema>;
