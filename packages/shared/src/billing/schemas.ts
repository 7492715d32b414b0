import { z } from 'zod';
import { hcpcsListField } from '../documents/schemas.ts';
import { dateField, idField, optionalText, requiredText } from '../common/fields.ts';
import { MSG } from '../common/messages.ts';
import { RANGE_MESSAGES, SERVICE_AMOUNT_MAX } from '../common/money.ts';
import { parsePrice } from '../products/rules.ts';
import { vendorClaimFieldsSchema } from '../claims/schemas.ts';

/** Texts of the vendors and invoices screens, exactly as the spec writes them (part 3, sections 5 and 8). */
export const BILLING_MESSAGES = {
  nameRequired: 'Name is required',
  phoneRequired: 'Phone is required',
  phoneNumberRequired: 'Phone Number is required',
  duplicateName: 'A vendor with this name already exists.',
  vendorCreated: 'The vendor has been created!',
  vendorUpdated: 'The vendor has been updated!',
  vendorDeleted: 'The vendor has been deleted!',
  vendorCannotDelete: 'The vendor cannot be deleted!',
  invoiceUpdated: 'The invoice was updated succesfully',
  invoiceNotesUpdated: 'The invoice notes was updated succesfully',
  servicesWrittenOff: 'Services updated sucessfully!',
  dateRequired: 'Date is required',
  requestFailed: MSG.requestFailed,
  previewError: 'PDF preview error',
  emptyVendors: 'VENDORS',
  servicesRequired: 'Select at least one service',
  serviceTwice: 'A service can appear only once',
  serviceNotInvoiced: 'Select a service of an invoice',
  amountRequired: 'An amount is required',
  amountInvalid: 'Enter a valid amount',
  amountNegative: 'The amount cannot be negative',
  amountTooLarge: RANGE_MESSAGES.serviceAmount,
} as const;

const M = BILLING_MESSAGES;

export const VENDOR_NAME_MAX = 120;
export const VENDOR_PHONE_MAX = 20;
export const INVOICE_NOTES_MAX = 20000;
export const WRITE_OFF_MAX_SERVICES = 500;

/** Vendor page sizes of the client-side table (spec section 9). */
export const VENDOR_PAGE_SIZES = [5, 10, 25] as const;
export const VENDOR_DEFAULT_PAGE_SIZE = 25;

const vendorName = requiredText(M.nameRequired, VENDOR_NAME_MAX);

/**
 * The "Electronic claims" fields of the vendor form (payer id, claim filing indicator, address),
 * each optional: one not sent is saved empty on create and keeps its value on edit.
 */
const claimFields = vendorClaimFieldsSchema.partial().shape;

/** How a payer prices a service (issue 33): Medicare's fee schedule, a percent of it, or its own price list. */
export const VENDOR_PRICINGS = ['medicare', 'percent_of_medicare', 'price_list'] as const;
export type VendorPricing = (typeof VENDOR_PRICINGS)[number];

export const VENDOR_PRICING_MESSAGES = {
  pricingInvalid: 'Select a valid pricing',
  percentRequired: 'Percent is required when the payer pays a percent of Medicare',
  percentInvalid: 'Enter a percent greater than 0 and at most 1000, with at most two decimals',
  priceListRequired: 'Choose the price list file (a CSV: hcpcs,modifiers,price,effective_date)',
} as const;

const pricingField = z.enum(VENDOR_PRICINGS, { error: VENDOR_PRICING_MESSAGES.pricingInvalid });

/** The percent of Medicare a payer pays ("80" or 80): 0 < p <= 1000, two decimals at most; null, '' clear it. */
const pricingPercentField = z
  .union([z.number(), z.string(), z.null()], { error: VENDOR_PRICING_MESSAGES.percentInvalid })
  .transform((v, ctx): number | null => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const text = typeof v === 'number' ? String(v) : v.trim();
    const n = Number(text);
    if (!/^[0-9]+(\.[0-9]{1,2})?$/.test(text) || !(n > 0 && n <= 1000)) {
      ctx.addIssue({ code: 'custom', message: VENDOR_PRICING_MESSAGES.percentInvalid });
      return z.NEVER;
    }
    return n;
  });

/** The pricing fields of the vendor form; the percent's need is checked with `vendorPricingIssue`. */
const pricingFields = {
  pricing: pricingField.optional(),
  pricing_percent: pricingPercentField.optional(),
  /** The HCPCS codes the payer authorizes in advance (issue 34): an array or comma-separated text. */
  prior_auth_hcpcs: hcpcsListField.optional(),
};

/** The message on `pricing_percent` when a payer's pricing and percent do not go together, else null. */
export function vendorPricingIssue(pricing: VendorPricing, percent: number | null): string | null {
  return pricing === 'percent_of_medicare' && percent === null ? VENDOR_PRICING_MESSAGES.percentRequired : null;
}

/** Create Vendor: Name and Phone (the web masks the phone 000-000-0000), the claim and pricing fields. */
export const vendorCreateSchema = z.object({
  name: vendorName,
  phone: requiredText(M.phoneRequired, VENDOR_PHONE_MAX),
  ...claimFields,
  ...pricingFields,
});
export type VendorCreateInput = z.input<typeof vendorCreateSchema>;
export type VendorCreateBody = z.output<typeof vendorCreateSchema>;

/** Edit Vendor: the phone label, and its message, read "Phone Number". */
export const vendorEditSchema = z.object({
  name: vendorName,
  phone: requiredText(M.phoneNumberRequired, VENDOR_PHONE_MAX),
  ...claimFields,
  ...pricingFields,
});
export type VendorEditBody = z.output<typeof vendorEditSchema>;

/** PATCH /vendors/{id}/: any of the edit fields; a field that is sent must be filled (name, phone) or well formed; one not sent keeps its value. */
export const vendorUpdateSchema = vendorEditSchema.partial();
export type VendorUpdateBody = z.output<typeof vendorUpdateSchema>;

/** PATCH /invoices/{id}/: the invoice notes and its date (YYYY-MM-DD). */
export const invoiceUpdateSchema = z.object({
  notes: optionalText(INVOICE_NOTES_MAX).optional(),
  date: dateField(M.dateRequired).optional(),
});
export type InvoiceUpdateBody = z.output<typeof invoiceUpdateSchema>;

/** Edit Invoice's form: the date must be a real date; notes may be empty. */
export const invoiceFormSchema = z.object({
  notes: optionalText(INVOICE_NOTES_MAX),
  date: dateField(M.dateRequired),
});
export type InvoiceFormBody = z.output<typeof invoiceFormSchema>;

/**
 * A money amount of the write-off body: a JSON number or decimal text, kept as exact text, up to
 * what a service's money columns hold.
 */
const amount = z.unknown().transform((input, ctx): string => {
  const parsed = parsePrice(input, 2, SERVICE_AMOUNT_MAX);
  if (parsed.ok) return parsed.value;
  const message = {
    empty: M.amountRequired,
    invalid: M.amountInvalid,
    negative: M.amountNegative,
    too_large: M.amountTooLarge,
  }[parsed.reason];
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
});

export const writeOffServiceSchema = z.object({
  id: idField(),
  outstanding: amount,
  amount_ajusted: amount,
  write_off: amount,
});

/** POST /services-write-off/: the values each service should end with. */
export const writeOffSchema = z.object({
  services: z
    .array(writeOffServiceSchema, { error: M.servicesRequired })
    .min(1, M.servicesRequired)
    .max(WRITE_OFF_MAX_SERVICES)
    .superRefine((services, ctx) => {
      const seen = new Set<number>();
      services.forEach((s, i) => {
        if (seen.has(s.id)) ctx.addIssue({ code: 'custom', message: M.serviceTwice, path: [i, 'id'] });
        seen.add(s.id);
      });
    }),
});
export type WriteOffInput = z.input<typeof writeOffSchema>;
export type WriteOffBody = z.output<typeof writeOffSchema>;

/**
 * The Vendors list's search (spec 2.10): case-insensitive, on the name and the phone. A phone
 * typed without its dashes ("5155550142") still finds "515-555-0142".
 */
export function vendorMatches(vendor: { name: string; phone: string }, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  if (vendor.name.toLowerCase().includes(q) || vendor.phone.toLowerCase().includes(q)) return true;
  const digits = q.replace(/[\s()+.-]/g, '');
  return /^\d+$/.test(digits) && vendor.phone.replace(/\D/g, '').includes(digits);
}
