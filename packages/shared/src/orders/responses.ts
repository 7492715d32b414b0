import { z } from 'zod';

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
});
export type Service = z.infer<typeof serviceSchema>;

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
