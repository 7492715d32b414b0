import { z } from 'zod';
import { DENIAL_STATUSES } from './responses.ts';

// What the remittance-file (835) and denials routes accept.

const id = z.coerce.number().int().min(1).max(2147483647);

/** POST /eras/{id}/match/: a claim of the ERA to an invoice, or one of its lines to a service. */
export const eraMatchSchema = z.union([
  z.strictObject({ claim_index: z.number().int().min(0), invoice_id: id }),
  z.strictObject({ claim_index: z.number().int().min(0), line_index: z.number().int().min(0), service_id: id }),
]);
export type EraMatchBody = z.infer<typeof eraMatchSchema>;

/** GET /denials/ filters: payer (vendor id), reason (a CARC), age in days, status. */
export const denialQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  payer: id.optional(),
  reason: z
    .string()
    .trim()
    .max(10)
    .regex(/^[A-Za-z0-9]*$/)
    .optional(),
  min_age: z.coerce.number().int().min(0).max(100000).optional(),
  max_age: z.coerce.number().int().min(0).max(100000).optional(),
  status: z.enum([...DENIAL_STATUSES, 'all']).default('open'),
});
export type DenialQuery = z.infer<typeof denialQuerySchema>;

/** POST /denials/{id}/appeal/. */
export const denialAppealSchema = z.strictObject({ note: z.string().trim().min(1).max(2000) });

/** GET /underpayments/ (issue 33). */
export const underpaymentQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  payer: id.optional(),
});
