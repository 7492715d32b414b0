import { z } from 'zod';
import { holdFieldsSchema } from '../documents/responses.ts';

// What the shipping routes answer: the server's response schemas and the web's types.

export const BATCH_PRINT_STATUSES = ['created', 'queued', 'rendering', 'done', 'failed'] as const;
export type BatchPrintStatus = (typeof BATCH_PRINT_STATUSES)[number];
/** Renderings a large batch is given (an interrupted or failed one included) before it is marked failed. */
export const LARGE_BATCH_ATTEMPTS = 3;

/** Spec part 3 section 3: the shipping record, with the patient and the order it belongs to. */
export const shippingRecordSchema = z.object({
  id: z.number(),
  date: z.string(),
  eligibility_toggle: z.boolean(),
  customer_approved: z.boolean(),
  /** When the first ticket was printed (ISO timestamp), or null. */
  ticket_created: z.string().nullable(),
  user_ticket: z.object({ id: z.number(), username: z.string() }).nullable(),
  shipped: z.boolean(),
  shipped_date: z.string().nullable(),
  /** Included in a batch print. */
  printed: z.boolean(),
  batch_print_id: z.number().nullable(),
  invoice_id: z.number().nullable(),
  patient: z.object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    state: z.object({ id: z.number(), name: z.string() }).nullable(),
    call_before_delivery: z.boolean(),
    facility: z.boolean(),
  }),
  order: z.object({ id: z.number(), name: z.string(), patient_id: z.number() }),
  ...holdFieldsSchema.shape,
  /** The proof of delivery recorded for it (issue 34), or null. */
  delivery_document_id: z.number().nullable(),
});
export type ShippingRecord = z.infer<typeof shippingRecordSchema>;

export const shippingPageSchema = z.object({
  results: z.array(shippingRecordSchema),
  count: z.number(),
  page_size: z.number(),
  current: z.number(),
});
export type ShippingPage = z.infer<typeof shippingPageSchema>;

/** GET /getCountOcurrencesAvailablesForPrint/. */
export const availableCountSchema = z.object({
  count: z.number(),
  /** Occurrences that would be available but are on hold (issue 34): a batch leaves them out. */
  held: z.number(),
});
export type AvailableCount = z.infer<typeof availableCountSchema>;

/** GET /export_batch: the batch created, how many records it holds, and the name its PDF downloads under. */
export const exportBatchSchema = z.object({
  batchPrintId: z.number(),
  count: z.number(),
  name: z.string(),
  /** Occurrences left out because they are on hold (issue 34). */
  held: z.number(),
});
export type ExportBatch = z.infer<typeof exportBatchSchema>;

/** GET /async_confirm_export_batch: the large batch queued for rendering. */
export const asyncBatchSchema = z.object({
  batchPrintId: z.number(),
  count: z.number(),
  status: z.enum(BATCH_PRINT_STATUSES),
});
export type AsyncBatch = z.infer<typeof asyncBatchSchema>;

/**
 * Spec part 3 section 3 "Batch item": name and url (a url only once the file is finished), with
 * the status, size, time and progress of the rendering. `attempts` counts the renderings started;
 * a queued batch with an attempt behind it is waiting to be retried, and `error` says why.
 * `stalled`: still marked rendering, but its worker stopped answering; another one starts it again.
 */
export const batchPrintItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string().nullable(),
  status: z.enum(BATCH_PRINT_STATUSES),
  size: z.number().nullable(),
  /** When the batch was requested (ISO timestamp). */
  time: z.string(),
  finished_at: z.string().nullable(),
  record_count: z.number(),
  rendered_count: z.number(),
  attempts: z.number(),
  stalled: z.boolean(),
  error: z.string().nullable(),
});
export type BatchPrintItem = z.infer<typeof batchPrintItemSchema>;
