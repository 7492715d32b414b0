import { z } from 'zod';
import { isWireDate } from '../common/dates.ts';
import { idField } from '../common/fields.ts';
import { listQuerySchema } from '../common/list.ts';
import { SHIPPING_MESSAGES } from './rules.ts';

/** Spec part 3 section 9: the Facility filter. */
export const SHIPPING_FACILITY_OPTIONS = ['All', 'Yes', 'No'] as const;
export type ShippingFacility = (typeof SHIPPING_FACILITY_OPTIONS)[number];

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

const queryDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .refine((v) => isWireDate(v), 'Invalid date')
    .optional(),
);

/** An id read strictly, as every id is ("0x1f" or "31.0" is not 31); blank means none. */
const queryId = z.preprocess(blankToUndefined, idField().optional());

/** "true"/"1" and "false"/"0" as a query string sends them. */
const queryFlag = z.preprocess((v) => {
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  return v;
}, z.boolean().optional().default(false));

const facility = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return 'All';
  if (typeof v !== 'string') return v;
  const lower = v.trim().toLowerCase();
  if (lower === 'true') return 'Yes';
  if (lower === 'false') return 'No';
  return SHIPPING_FACILITY_OPTIONS.find((o) => o.toLowerCase() === lower) ?? v;
}, z.enum(SHIPPING_FACILITY_OPTIONS));

const filterFields = {
  search: listQuerySchema.shape.search,
  start_date: queryDate,
  end_date: queryDate,
  /** The patient's state id. */
  state: queryId,
  facility,
  hidden_shipped: queryFlag,
};

function datesInOrder(value: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) {
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: SHIPPING_MESSAGES.endBeforeStart });
  }
}

/** The Shipping Status filters (dates are sent only when both are set; each bound also works alone). */
export const shippingFiltersSchema = z.object(filterFields).superRefine(datesInOrder);
export type ShippingFilters = z.infer<typeof shippingFiltersSchema>;
export type ShippingFiltersInput = z.input<typeof shippingFiltersSchema>;

/** GET /shipping-status/: the filters plus ordering (default date) and paging. */
export const shippingListQuerySchema = z
  .object({
    ...filterFields,
    ordering: listQuerySchema.shape.ordering,
    page: listQuerySchema.shape.page,
    page_size: listQuerySchema.shape.page_size,
  })
  .superRefine(datesInOrder);
export type ShippingListQuery = z.infer<typeof shippingListQuerySchema>;

/** Orderings the shipping list accepts ("-field" for descending). */
export const SHIPPING_ORDERINGS = [
  'date',
  'patient_name',
  'state',
  'order',
  'ticket_created',
  'shipped_date',
  'id',
] as const;
export const DEFAULT_SHIPPING_ORDERING = 'date';

/** GET /confirm_export_batch: which batch to download. */
export const confirmBatchQuerySchema = z.object({
  batchPrintId: idField(),
});

/** GET /async_confirm_export_batch: the filters of a new large batch, or an existing batch to render. */
export const asyncBatchQuerySchema = z.object({ ...filterFields, batchPrintId: queryId }).superRefine(datesInOrder);

/** GET /list_batch_prints/: newest first, paged. */
export const batchPrintListQuerySchema = z.object({
  page: listQuerySchema.shape.page,
  page_size: listQuerySchema.shape.page_size,
});

/** PATCH /shipping-status/{id}/: the Shipped switch sends shipped (inverted) and the current eligibility. */
export const shippingUpdateSchema = z
  .object({
    shipped: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
    eligibility_toggle: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.shipped === undefined && value.eligibility_toggle === undefined) {
      ctx.addIssue({ code: 'custom', path: ['shipped'], message: SHIPPING_MESSAGES.shippedRequired });
    }
  });
export type ShippingUpdateBody = z.infer<typeof shippingUpdateSchema>;
