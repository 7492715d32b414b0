import { z } from 'zod';
import { idField, nulFreeString, optionalDateField, optionalText } from '../common/fields.ts';
import { listQuerySchema } from '../common/list.ts';
import {
  CLAIM_FILING_CODES,
  CLAIM_MESSAGES as M,
  CLAIM_STATUSES,
  FACILITY_PLACES_OF_SERVICE,
  HCPCS_FORMAT,
  MAX_CLAIMS_PER_REQUEST,
  RELATIONSHIP_CODES,
  isValidNpi,
  normalizeHcpcs,
  normalizeIcd10,
  parseModifiers,
} from './rules.ts';

/** A text that must match `test` when it is not empty (a setting may be saved unfinished). */
function formatted(max: number, test: (v: string) => boolean, message: string) {
  return optionalText(max).refine((v) => v === '' || test(v), message);
}
const digitsOnly = (v: string) => v.replace(/[\s-]/g, '');

/** A phone of ten digits as typed ("515-555-0100", "(515) 555 0100"), stored as the digits, or empty. */
const phoneField = optionalText(20)
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .refine((v) => v === '' || /^[0-9]{10}$/.test(v), 'Phone must have 10 digits');

/** An NPI typed with or without spaces: ten digits with a valid check digit, or empty. */
export const npiField = optionalText(20)
  .transform(digitsOnly)
  .refine((v) => v === '' || isValidNpi(v), M.npiInvalid);

export const stateCodeField = optionalText(30)
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), M.stateInvalid);

/** A ZIP of five or nine digits ("12345-6789" is stored "123456789"), or empty. */
export const zipField = optionalText(10)
  .transform(digitsOnly)
  .refine((v) => v === '' || /^([0-9]{5}|[0-9]{9})$/.test(v), M.zipInvalid);

/** The billing provider's ZIP: nine digits (2010AA N403 requires ZIP+4), or empty. */
const zipNineField = optionalText(10)
  .transform(digitsOnly)
  .refine((v) => v === '' || /^[0-9]{9}$/.test(v), M.zipNineInvalid);

/** X12 identifiers (ISA06/08, GS02/03, NM109): letters, digits and spaces, no delimiters. */
const x12IdField = (max: number) => formatted(max, (v) => /^[A-Za-z0-9 ]+$/.test(v), 'Use letters and digits only');
const x12NameField = (max: number) =>
  formatted(max, (v) => !/[*~:^|>]/.test(v), 'Names cannot hold the characters * ~ : ^ | >');

/** PUT /api/settings/billing/: every field; an unfinished setting saves, and the scrubber names what is missing. */
export const billingSettingsSchema = z.object({
  organization_name: x12NameField(60),
  npi: npiField,
  tax_id: optionalText(10)
    .transform(digitsOnly)
    .refine((v) => v === '' || /^[0-9]{9}$/.test(v), M.taxIdInvalid),
  taxonomy_code: optionalText(10)
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || /^[0-9A-Z]{9}X$/.test(v), M.taxonomyInvalid),
  address_1: x12NameField(55),
  address_2: x12NameField(55),
  city: x12NameField(30),
  state: stateCodeField,
  zip: zipNineField,
  phone: phoneField,
  submitter_name: x12NameField(60),
  submitter_id: x12IdField(15),
  submitter_contact_name: x12NameField(60),
  submitter_contact_phone: phoneField,
  receiver_name: x12NameField(60),
  receiver_id: x12IdField(15),
  production: z.boolean().optional().default(false),
  facility_place_of_service: z
    .enum(FACILITY_PLACES_OF_SERVICE.map((p) => p.code) as [string, ...string[]])
    .optional()
    .default('32'),
});
export type BillingSettingsInput = z.input<typeof billingSettingsSchema>;
export type BillingSettingsBody = z.output<typeof billingSettingsSchema>;

/** The "Electronic claims" section of the vendor form: the payer's id, SBR09 and address. */
export const vendorClaimFieldsSchema = z.object({
  payer_id: formatted(80, (v) => /^[A-Za-z0-9]+$/.test(v), M.payerIdInvalid),
  claim_filing_indicator: z
    .union([z.enum(CLAIM_FILING_CODES), z.literal(''), z.null()], { error: M.filingIndicatorInvalid })
    .optional()
    .transform((v) => v ?? ''),
  address_1: x12NameField(55),
  city: x12NameField(30),
  state: stateCodeField,
  zip: zipField,
});
export type VendorClaimFields = z.output<typeof vendorClaimFieldsSchema>;

const genderField = z
  .union([z.enum(['Male', 'Female', 'Unknown', '']), z.null()], { error: M.subscriberGenderInvalid })
  .optional()
  .transform((v) => v ?? '');

/** Coverage of a patient's insurance (added to the spec's name and policy number). */
export const coverageFieldsSchema = z.object({
  vendor_id: z.union([idField(M.payerUnknown), z.null()], { error: M.payerUnknown }).optional(),
  priority: z.union([z.literal(1), z.literal(2), z.literal(3), z.null()], { error: M.priorityInvalid }).optional(),
  group_number: x12IdField(50),
  relationship: z
    .union([z.enum(RELATIONSHIP_CODES), z.null()], { error: M.relationshipInvalid })
    .optional()
    .transform((v) => v ?? '18'),
  subscriber_first_name: x12NameField(35),
  subscriber_last_name: x12NameField(60),
  subscriber_birthdate: optionalDateField,
  subscriber_gender: genderField,
});
export type CoverageFields = z.output<typeof coverageFieldsSchema>;

/** An ICD-10-CM code on a diagnosis entry: optional, stored without its dot. */
export const icd10Field = optionalText(10).transform((v, ctx) => {
  if (v === '') return '';
  const code = normalizeIcd10(v);
  if (code === null) {
    ctx.addIssue({ code: 'custom', message: M.icd10Invalid });
    return z.NEVER;
  }
  return code;
});

/** A product's HCPCS Level II code: optional, a letter and four digits (the server checks the CMS list). */
export const hcpcsField = optionalText(5)
  .transform(normalizeHcpcs)
  .refine((v) => v === '' || HCPCS_FORMAT.test(v), M.hcpcsFormat);

/** Modifiers as a list or as "RR,KH" (the multipart form's text). */
export const modifiersField = z.union([z.string(), z.array(nulFreeString)]).transform((v, ctx) => {
  const parsed = parseModifiers(v);
  if (parsed === null) {
    ctx.addIssue({ code: 'custom', message: M.modifiersInvalid });
    return z.NEVER;
  }
  return parsed;
});

/**
 * Modifiers that may be absent (kept as they are), null (none of its own: an order line then bills
 * its product's) or a list / "RR,KH".
 */
export const optionalModifiersField = z
  .union([z.null(), z.string(), z.array(nulFreeString)], { error: M.modifiersInvalid })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null) return v;
    const parsed = parseModifiers(v);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: M.modifiersInvalid });
      return z.NEVER;
    }
    return parsed;
  });

/** POST /api/claims/: the invoices to bill. */
export const claimCreateSchema = z.object({
  invoice_ids: z
    .array(idField(), { error: M.invoiceIdsRequired })
    .min(1, M.invoiceIdsRequired)
    .max(MAX_CLAIMS_PER_REQUEST),
});
export type ClaimCreateBody = z.output<typeof claimCreateSchema>;

/** POST /api/claim_batches/: the created claims to put in one 837P file. */
export const claimBatchCreateSchema = z.object({
  claim_ids: z.array(idField(), { error: M.claimIdsRequired }).min(1, M.claimIdsRequired).max(MAX_CLAIMS_PER_REQUEST),
});
export type ClaimBatchCreateBody = z.output<typeof claimBatchCreateSchema>;

/** GET /api/claims/: search on patient, claim number and payer; filter by status. */
export const claimListQuerySchema = listQuerySchema.extend({
  status: z.enum(CLAIM_STATUSES).optional(),
});
export type ClaimListQuery = z.output<typeof claimListQuerySchema>;

/** GET /api/claims/ready/ and /api/claim_batches/: the plain list query. */
export const claimReadyQuerySchema = listQuerySchema;
