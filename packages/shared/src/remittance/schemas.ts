import { z } from 'zod';
import { dateField, idField, moneyField, optionalText, requiredText, searchField } from '../common/fields.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../common/list.ts';
import { CHECK_AMOUNT_MAX, QUANTITY_MAX, RANGE_MESSAGES, SERVICE_AMOUNT_MAX } from '../common/money.ts';
import { PAYMENT_METHODS } from './rules.ts';

/** Texts of the remittance area, exactly as the spec writes them (plus the server's own). */
export const REMITTANCE_MESSAGES = {
  checkNumberRequired: 'Check number is required',
  checkDateRequired: 'Check date is required',
  totalAmountRequired: 'Total amount is required',
  totalAmountNumber: 'Total amount must be a number',
  paymentMethodRequired: 'Payment method is required',
  vendorRequired: 'Vendor is required',
  salePriceRequired: 'Sale price is required',
  salePriceNumber: 'Sale price must be a number',
  quantityRequired: 'Quantity is required',
  quantityPositive: 'The quantity must be greater than 0',
  amountNumber: 'Enter an amount',
  oneCheck: 'Post one check at a time',
  noAmount: 'At least one service must have an amount',
  serviceNotOfOccurrence: 'The service does not belong to this occurrence',
  serviceRepeated: 'A service may appear only once',
  notInvoiced: 'The occurrence has no invoice yet',
  checkMismatch: 'This check number already exists for the vendor with another date or total',
  overApplied: 'The amount applied exceeds what is left on the check',
  fromRemittanceFile: (eraId: number) =>
    `This payment was posted by remittance file ${eraId}: revert it from Remittance Files, which takes back the whole payment`,
  // Notifications of the screens (spec part 3 section 8).
  remitted: 'Remittance updated sucessfully!',
  unremitted: 'Unremit successfully!!',
  originalUpdated: 'Update successfully.',
  originalFailed: 'Updated failed.',
} as const;
const M = REMITTANCE_MESSAGES;

/** A service's amount as the dialog sends it: up to what a service's money columns hold. */
const amount = (required: string) => moneyField({ required, number: M.amountNumber }, { max: SERVICE_AMOUNT_MAX });

/** One check of a posting (the dialog sends a list of one). */
export const checkSchema = z.object({
  check_number: requiredText(M.checkNumberRequired, 60),
  check_date: dateField(M.checkDateRequired),
  total_amount: moneyField({ required: M.totalAmountRequired, number: M.totalAmountNumber }, { max: CHECK_AMOUNT_MAX }),
  payment_method: z.enum(PAYMENT_METHODS, { error: M.paymentMethodRequired }),
  vendor_id: idField(M.vendorRequired),
  memo_notes: optionalText(2000),
});
export type CheckInput = z.input<typeof checkSchema>;

/** Per service: the new outstanding, amount adjusted and written off; the server derives what was applied. */
export const postedServiceSchema = z.object({
  id: idField(),
  outstanding: amount('Outstanding is required'),
  amount_ajusted: amount('Amount adjusted is required'),
  write_off: amount('Write off is required'),
});

/** POST /api/remmitance_payments/ */
export const remittancePostingSchema = z.object({
  checks: z.array(checkSchema, { error: M.checkNumberRequired }).min(1, M.checkNumberRequired).max(1, M.oneCheck),
  ocurrence_id: idField(),
  services: z.array(postedServiceSchema).min(1, M.noAmount).max(500),
});
export type RemittancePosting = z.input<typeof remittancePostingSchema>;

/** Update Original Amount: a shipped service's quantity and sale price. */
export const originalAmountSchema = z.object({
  amount_remmited: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: M.quantityRequired })
      .int(M.quantityRequired)
      .min(1, M.quantityPositive)
      .max(QUANTITY_MAX, RANGE_MESSAGES.quantity),
  ),
  sale_price: moneyField({ required: M.salePriceRequired, number: M.salePriceNumber }),
});
export type OriginalAmountInput = z.input<typeof originalAmountSchema>;

const page = {
  search: searchField,
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().default(DEFAULT_PAGE_SIZE),
};

export const REMITTANCE_ORDERINGS = [
  'patient_name',
  'invoice',
  'date',
  'amount_remitted',
  'invoice_amount',
  'balance',
] as const;
export const REVERT_ORDERINGS = [
  'check_number',
  'check_date',
  'total_amount_check',
  'vendor',
  'total_amount_remmited',
] as const;

function orderingOf<T extends readonly string[]>(fields: T, fallback: string) {
  const allowed = new Set<string>(fields.flatMap((f) => [f, `-${f}`]));
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v && allowed.has(v) ? v : fallback));
}

/** GET /api/remmitance/ */
export const remittanceListQuerySchema = z.object({
  ...page,
  ordering: orderingOf(REMITTANCE_ORDERINGS, 'patient_name'),
});
export type RemittanceListQuery = z.infer<typeof remittanceListQuerySchema>;

/** GET /api/remmitance_revert/ */
export const revertListQuerySchema = z.object({
  ...page,
  ordering: orderingOf(REVERT_ORDERINGS, '-check_date'),
});
export type RevertListQuery = z.infer<typeof revertListQuerySchema>;

/** GET /api/remmitance_payments?ocurrence= */
export const occurrencePaymentsQuerySchema = z.object({ ocurrence: idField() });
