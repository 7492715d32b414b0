import { z } from 'zod';
import { invoiceClaimSchema, vendorClaimFieldsResponseSchema } from '../claims/responses.ts';
import { remittanceLineSchema } from '../eras/responses.ts';
import { VENDOR_PRICINGS } from './schemas.ts';

// What the vendors and invoices routes answer: the server's response schemas and the web's types.

/** A vendor (payer): the spec's name and phone, the fields its electronic claims need, how it prices. */
export const vendorSchema = z
  .object({ id: z.number(), name: z.string(), phone: z.string() })
  .extend(vendorClaimFieldsResponseSchema.shape)
  .extend({
    pricing: z.enum(VENDOR_PRICINGS),
    pricing_percent: z.number().nullable(),
    prior_auth_hcpcs: z.array(z.string()),
  });
export type Vendor = z.infer<typeof vendorSchema>;

/** A row of a payer's own price list (GET /vendors/{id}/price_list/). */
export const vendorPriceSchema = z.object({
  id: z.number(),
  hcpcs: z.string(),
  modifiers: z.array(z.string()),
  price: z.number(),
  effective_date: z.string(),
});
export type VendorPrice = z.infer<typeof vendorPriceSchema>;

/** What POST /vendors/{id}/price_list/ answers: how many prices the list now holds. */
export const priceListImportResultSchema = z.object({ count: z.number() });
export type PriceListImportResult = z.infer<typeof priceListImportResultSchema>;

const patientRefSchema = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });

/** A row of GET /invoices/: the invoice number is its id. */
export const invoiceListRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  notes: z.string(),
  service_date: z.string(),
  balance: z.number(),
  /** As the spec's invoice has it: the order with its patient (also at the top, for the list's link). */
  order: z.object({ id: z.number(), name: z.string(), patient: patientRefSchema }),
  patient: patientRefSchema,
});
export type InvoiceListRow = z.infer<typeof invoiceListRowSchema>;

/** Invoice service (spec part 3, section 3), plus what was remitted on it. */
export const invoiceServiceSchema = z.object({
  id: z.number(),
  product: z.object({ id: z.number() }),
  order_product: z.object({ order_product_name: z.string(), order_product_reference_code: z.string() }),
  /** The quantity (the spec's wire name). */
  amount_remmited: z.number(),
  sale_price: z.number(),
  adjusted_sale_price: z.number(),
  added_percentage: z.boolean(),
  outstanding: z.number(),
  amount_ajusted: z.number(),
  write_off: z.number(),
  tax_amount: z.number(),
  /** Paid by checks so far (not in the spec's list; the write-off rule needs it). */
  remitted: z.number(),
  /** What the payer's remittances (835) left for the patient to pay on it. */
  patient_responsibility: z.number(),
  variant: z.object({ price_variant: z.string(), unit_measure: z.string() }),
});
export type InvoiceService = z.infer<typeof invoiceServiceSchema>;

/** Invoice (spec part 3, section 3): service_date is the occurrence's date. */
export const invoiceSchema = z.object({
  id: z.number(),
  date: z.string(),
  notes: z.string(),
  service_date: z.string(),
  balance: z.number(),
  /** The balance split: what a payer may still pay, and what the remittances left to the patient. */
  insurance_balance: z.number(),
  patient_balance: z.number(),
  order: z.object({
    id: z.number(),
    name: z.string(),
    po_number: z.string(),
    patient: patientRefSchema,
  }),
  services: z.array(invoiceServiceSchema),
  /** Its latest electronic claim, null when none (issue 31). */
  claim: invoiceClaimSchema.nullable(),
  /** The remittance (835) lines posted on its services, oldest first. */
  remittance_lines: z.array(remittanceLineSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** Answer of POST /services-write-off/: the invoices it touched, as they now stand. */
export const writeOffResultSchema = z.object({ invoices: z.array(invoiceSchema) });
export type WriteOffResult = z.infer<typeof writeOffResultSchema>;
