import { z } from 'zod';
import { PAYMENT_METHODS } from './rules.ts';

// What the remittance routes answer: the server's response schemas and the web's types.
// Money is a JSON number with 2 decimals (3 for the adjusted price).

const patientRef = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });

/**
 * A row of the Remittance list: an invoiced occurrence with a balance, with the spec's fields of
 * a remittance (order with patient, total_outstanding, total_invoice_ammount, total_balance) and
 * the list's columns (amount remitted, invoice amount, balance). The services come with the
 * detail (GET /remmitance/{id}).
 */
export const remittanceRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  invoice: z.number(),
  order: z.object({ id: z.number(), name: z.string(), patient: patientRef }),
  patient: patientRef,
  total_outstanding: z.number(),
  total_invoice_ammount: z.number(),
  total_balance: z.number(),
  amount_remitted: z.number(),
  invoice_amount: z.number(),
  balance: z.number(),
});
export type RemittanceRow = z.infer<typeof remittanceRowSchema>;

/** A service in the Remittance Payment dialog (spec part 3 section 3 "Remittance service"). */
export const remittanceServiceSchema = z.object({
  id: z.number(),
  date: z.string(),
  product: z.object({ id: z.number(), name: z.string(), internal_code: z.string() }),
  order_product: z.object({ order_product_name: z.string() }),
  variant: z.object({ price_variant: z.string(), unit_measure: z.string() }).nullable(),
  sale_price: z.number(),
  adjusted_sale_price: z.number(),
  added_percentage: z.boolean(),
  /** The original quantity (the wire name of the spec). */
  amount_remmited: z.number(),
  tax_amount: z.number(),
  invoice_amount: z.number(),
  remitted: z.number(),
  outstanding: z.number(),
  /** What is already settled (remitted, adjusted, written off): see rules.settledAmount. */
  outstanding_saved: z.number(),
  amount_ajusted: z.number(),
  write_off: z.number(),
});
export type RemittanceService = z.infer<typeof remittanceServiceSchema>;

/** GET /api/remmitance/{id}: the occurrence with its invoice, services and totals. */
export const remittanceSchema = z.object({
  id: z.number(),
  date: z.string(),
  invoice: z.object({ id: z.number(), date: z.string(), notes: z.string() }),
  order: z.object({ id: z.number(), name: z.string(), office_notes: z.string(), patient: patientRef }),
  services: z.array(remittanceServiceSchema),
  total_outstanding: z.number(),
  total_invoice_ammount: z.number(),
  total_balance: z.number(),
});
export type Remittance = z.infer<typeof remittanceSchema>;

export const vendorRefSchema = z.object({ id: z.number(), name: z.string() });
/** A vendor as a check names it and as the check's Vendor select offers it. */
export type VendorRef = z.infer<typeof vendorRefSchema>;

/** A check as the dialog prefills it (the "saved check"). */
export const checkPaymentSchema = z.object({
  id: z.number(),
  check_number: z.string(),
  check_date: z.string(),
  total_amount: z.number(),
  payment_method: z.enum(PAYMENT_METHODS),
  vendor: vendorRefSchema,
  memo_notes: z.string(),
  /** Applied so far, and what is left on the check. */
  total_amount_remmited: z.number(),
  remaining: z.number(),
});
export type CheckPayment = z.infer<typeof checkPaymentSchema>;

/** One remittance payment (spec: id, patient, invoice, date_of_service, amount_applied). */
export const remittancePaymentSchema = z.object({
  id: z.number(),
  patient: z.string(),
  patient_id: z.number(),
  invoice: z.number(),
  ocurrence_id: z.number(),
  date_of_service: z.string().nullable(),
  amount_applied: z.number(),
  amount_adjusted: z.number(),
  write_off: z.number(),
  created: z.string(),
});
export type RemittancePayment = z.infer<typeof remittancePaymentSchema>;

/** GET /api/remmitance_payments?ocurrence=: the payments posted to an occurrence, with their check. */
export const occurrencePaymentSchema = remittancePaymentSchema.extend({ check: checkPaymentSchema });
export type OccurrencePayment = z.infer<typeof occurrencePaymentSchema>;

/** A row of Remittance Revert: a check with its payments. */
export const revertRowSchema = z.object({
  id: z.number(),
  check_number: z.string(),
  check_date: z.string(),
  total_amount_check: z.number(),
  vendor: vendorRefSchema,
  payment_method: z.enum(PAYMENT_METHODS),
  total_amount_remmited: z.number(),
  remmitance_payments: z.array(remittancePaymentSchema),
});
export type RevertRow = z.infer<typeof revertRowSchema>;

/** POST /api/remmitance_payments/ answers the check as it stands and the occurrence after posting. */
export const postingResultSchema = z.object({ check: checkPaymentSchema, remittance: remittanceSchema });
export type PostingResult = z.infer<typeof postingResultSchema>;

/** PATCH /api/remmitance_services/{id}/ answers the service's new quantity, price and outstanding. */
export const originalAmountAnswerSchema = z.object({
  id: z.number(),
  amount_remmited: z.number(),
  sale_price: z.number(),
  outstanding: z.number(),
});
export type OriginalAmountAnswer = z.infer<typeof originalAmountAnswerSchema>;
