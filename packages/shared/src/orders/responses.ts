import { z } from 'zod';
import { holdFieldsSchema } from '../documents/responses.ts';

// What the orders routes answer (numbers as JSON numbers, dates as YYYY-MM-DD): the server's
// response schemas and, through z.infer, the web's types.

export const orderLookupSchema = z.object({ id: z.number(), name: z.string() });
export type OrderLookup = z.infer<typeof orderLookupSchema>;

export const orderListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  patient_id: z.number(),
  patient: z.object({ first_name: z.string(), last_name: z.string() }),
  status: orderLookupSchema,
  delivery: orderLookupSchema,
  po_number: z.string(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const productRefSchema = z.object({ id: z.number(), name: z.string(), internal_code: z.string() });

export const orderProductLineSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  product_id: z.number(),
  product: productRefSchema,
  /** Null when the price variant was removed from the product later. */
  variant_id: z.number().nullable(),
  variant: z.object({ id: z.number(), price_variant: z.string(), unit_measure: z.string() }).nullable(),
  service_date: z.string(),
  end_date: z.string(),
  quantity: z.number(),
  recurrence_id: z.number(),
  recurrence: orderLookupSchema,
  sale_price: z.number(),
  percentage: z.number(),
  adjusted_sale_price: z.number(),
  added_percentage: z.boolean(),
  nutritional: z.boolean(),
  tax_applied: z.boolean(),
  locked_price: z.boolean(),
  unit_measure: z.string(),
  /** The line's own claim modifiers; null bills the product's. */
  modifiers: z.array(z.string()).nullable(),
  /** A rental line (monthly, counted in the patient's rental ledger) or a purchase (issue 33). */
  rental: z.boolean(),
  rental_start_month: z.number(),
});
export type OrderProductLine = z.infer<typeof orderProductLineSchema>;

export const serviceSchema = z.object({
  id: z.number(),
  date: z.string(),
  ocurrence_id: z.number(),
  order_product_id: z.number().nullable(),
  product: productRefSchema,
  order_product: z.object({ order_product_name: z.string(), order_product_reference_code: z.string() }),
  variant_id: z.number().nullable(),
  unit_measure: z.string(),
  amount_remmited: z.number(),
  sale_price: z.number(),
  adjusted_sale_price: z.number(),
  added_percentage: z.boolean(),
  percentage: z.number(),
  tax_applied: z.boolean(),
  tax_amount: z.number(),
  total: z.number(),
  shipped: z.boolean(),
  locked_price: z.boolean(),
  /** Its month in the patient's rental of the item, null for a purchase (issue 33). */
  rental_month: z.number().nullable(),
  /** Its claim modifiers in claim order (["RR", "KH"]). */
  modifiers: z.array(z.string()),
  /** False past a rental's cap: no charge and no claim line. */
  billable: z.boolean(),
  /** What its primary payer should allow, null when the payer has no price for it. */
  expected_allowed: z.number().nullable(),
  /** The rental month in words ("Month 12 of 13: ownership transfers on 09/01/2027"), '' for a purchase. */
  rental_note: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

/** A row of GET /patients/{id}/rentals/: one rented item of the patient (issue 33). */
export const patientRentalSchema = z.object({
  hcpcs: z.string(),
  product: z.object({ id: z.number(), name: z.string() }),
  order_id: z.number(),
  order_product_id: z.number(),
  payment_category: z.string().nullable(),
  current_month: z.number(),
  /** 13 (capped rental), 36 (oxygen) or null. */
  cap: z.number().nullable(),
  status: z.enum(['renting', 'owned', 'furnished_without_payment']),
  owned_since: z.string().nullable(),
  /** The next month to bill (the next unshipped billable service's date), null when none. */
  next_bill_date: z.string().nullable(),
  note: z.string(),
});
export type PatientRental = z.infer<typeof patientRentalSchema>;

export const occurrenceSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  date: z.string(),
  po_number: z.string(),
  shipped: z.boolean(),
  shipped_date: z.string().nullable(),
  eligibility_toggle: z.boolean(),
  customer_approved: z.boolean(),
  ticket_created: z.string().nullable(),
  total: z.number(),
  tax: z.number(),
  services: z.array(serviceSchema),
});
export type Occurrence = z.infer<typeof occurrenceSchema>;

export const orderExpirationSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  date: z.string(),
  note: z.string(),
  yellow: z.boolean(),
  yellow_date: z.string().nullable(),
  waiver: z.boolean(),
  solved: z.boolean(),
  red_solved_date: z.string().nullable(),
  yellow_solved_date: z.string().nullable(),
});
export type Expiration = z.infer<typeof orderExpirationSchema>;

export const orderSchema = z.object({
  id: z.number(),
  name: z.string(),
  patient_id: z.number(),
  patient: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  delivery_id: z.number(),
  delivery: orderLookupSchema,
  status_id: z.number(),
  status: orderLookupSchema,
  po_number: z.string(),
  patient_notes: z.string(),
  office_notes: z.string(),
  expired_at: z.string(),
  customer_approved: z.boolean(),
  user_creator_id: z.number().nullable(),
  order_products: z.array(orderProductLineSchema),
  ocurrences: z.array(occurrenceSchema),
  services: z.array(serviceSchema),
  expirations: z.array(orderExpirationSchema),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * An order as the patient's Orders tab sees it (GET /orders/patient-what-ever/{id}, and the
 * `orders` of a patient): the one schema of it.
 */
export const patientOrderSchema = z.object({
  id: z.number(),
  name: z.string(),
  delivery: orderLookupSchema,
  status: orderLookupSchema,
  ocurrences: z.array(
    z.object({
      id: z.number(),
      date: z.string(),
      ticket_created: z.string().nullable(),
      eligibility_toggle: z.boolean(),
      customer_approved: z.boolean(),
      shipped: z.boolean(),
      // Invoices belong to the billing area; null until an occurrence ships there.
      invoice: z.object({ id: z.number() }).nullable(),
      ...holdFieldsSchema.shape,
      /** The proof of delivery recorded for it (issue 34), or null. */
      delivery_document_id: z.number().nullable(),
    }),
  ),
});
export type PatientOrder = z.infer<typeof patientOrderSchema>;

export const orderCallNoteSchema = z.object({
  id: z.number(),
  body: z.string(),
  created: z.string(),
  user_stamped: z.object({ id: z.number(), username: z.string() }),
});
export type CallNote = z.infer<typeof orderCallNoteSchema>;
