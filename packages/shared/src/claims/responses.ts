import { z } from 'zod';
import { remittanceLineSchema } from '../eras/responses.ts';
import { CLAIM_STATUSES, RELATIONSHIP_CODES } from './rules.ts';

// What the claims routes answer: the server's response schemas and the web's types.

export const billingSettingsResponseSchema = z.object({
  organization_name: z.string(),
  npi: z.string(),
  tax_id: z.string(),
  taxonomy_code: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  submitter_name: z.string(),
  submitter_id: z.string(),
  submitter_contact_name: z.string(),
  submitter_contact_phone: z.string(),
  receiver_name: z.string(),
  receiver_id: z.string(),
  production: z.boolean(),
  facility_place_of_service: z.string(),
});
export type BillingSettings = z.infer<typeof billingSettingsResponseSchema>;

/** One thing that stops a claim, in plain words, with the screen and field that fix it. */
export const claimProblemSchema = z.object({
  message: z.string(),
  /** The web path of the screen to open, with its tab and field ("/patients/12?tab=insurances&field=policy_number"). */
  link: z.string(),
  /** The field to fix on that screen ("policy_number"). */
  field: z.string(),
});
export type ClaimProblem = z.infer<typeof claimProblemSchema>;

const personRefSchema = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });
const payerRefSchema = z.object({ id: z.number(), name: z.string() });

/** A row of GET /api/claims/ready/. */
export const readyClaimRowSchema = z.object({
  invoice_id: z.number(),
  invoice_date: z.string(),
  service_date: z.string(),
  patient: personRefSchema,
  payer: payerRefSchema.nullable(),
  /** The coverage it would bill (1 primary), null when the patient has none. */
  priority: z.number().nullable(),
  amount: z.number(),
  /** The last rejection's reason, when the invoice comes back from a rejected claim. */
  rejection: z.string().nullable(),
  problems: z.array(claimProblemSchema),
});
export type ReadyClaimRow = z.infer<typeof readyClaimRowSchema>;

export const claimRowSchema = z.object({
  id: z.number(),
  claim_number: z.string(),
  invoice_id: z.number(),
  patient: personRefSchema,
  payer: payerRefSchema,
  priority: z.number(),
  amount: z.number(),
  status: z.enum(CLAIM_STATUSES),
  batch_id: z.number().nullable(),
  created: z.string(),
});
export type ClaimRow = z.infer<typeof claimRowSchema>;

export const claimLineSchema = z.object({
  line_number: z.number(),
  service_id: z.number(),
  hcpcs_code: z.string(),
  modifiers: z.array(z.string()),
  description: z.string(),
  units: z.number(),
  charge: z.number(),
  date_from: z.string(),
  date_to: z.string(),
  diagnosis_pointers: z.array(z.number()),
});
export type ClaimLine = z.infer<typeof claimLineSchema>;

export const claimEventSchema = z.object({
  status: z.string(),
  reason: z.string(),
  user: z.string().nullable(),
  created: z.string(),
});
export type ClaimEvent = z.infer<typeof claimEventSchema>;

export const claimDetailSchema = claimRowSchema.extend({
  frequency: z.number(),
  original_claim_number: z.string().nullable(),
  /** The payer's number for the claim (277CA REF*1K), null until a payer gives one. */
  payer_claim_number: z.string().nullable(),
  diagnoses: z.array(z.string()),
  lines: z.array(claimLineSchema),
  history: z.array(claimEventSchema),
  /** The remittance (835) lines that answered it. */
  remittance_lines: z.array(remittanceLineSchema),
});
export type ClaimDetail = z.infer<typeof claimDetailSchema>;

/** A claim just made: POST /claims/ lists them, POST /claims/{id}/replace/ answers one. */
export const claimCreatedSchema = z.object({ id: z.number(), invoice_id: z.number(), claim_number: z.string() });

export const claimCreateResultSchema = z.object({
  created: z.array(claimCreatedSchema),
  refused: z.array(z.object({ invoice_id: z.number(), problems: z.array(z.string()) })),
});
export type ClaimCreateResult = z.infer<typeof claimCreateResultSchema>;

export const claimBatchCreatedSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  claims: z.array(z.object({ id: z.number(), claim_number: z.string() })),
});
export type ClaimBatchCreated = z.infer<typeof claimBatchCreatedSchema>;

export const claimBatchRowSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  claims: z.number(),
  control_number: z.number(),
  status: z.enum(['submitted', 'accepted', 'rejected']),
  created: z.string(),
  user: z.string().nullable(),
});
export type ClaimBatchRow = z.infer<typeof claimBatchRowSchema>;

/** What an uploaded 999 or 277CA did. */
export const acknowledgementResultSchema = z.object({
  id: z.number(),
  kind: z.enum(['999', '277CA']),
  accepted: z.array(z.object({ claim_number: z.string(), claim_id: z.number() })),
  rejected: z.array(z.object({ claim_number: z.string(), claim_id: z.number(), reason: z.string() })),
  /** References in the file that name no batch or claim of ours: reported, nothing changed. */
  unknown: z.array(z.string()),
});
export type AcknowledgementResult = z.infer<typeof acknowledgementResultSchema>;

/** A HCPCS code found in the CMS list (the product form shows its description). */
export const hcpcsLookupSchema = z.object({
  code: z.string(),
  long_description: z.string(),
  short_description: z.string(),
});
export type HcpcsLookup = z.infer<typeof hcpcsLookupSchema>;

/** Answer of POST /api/settings/hcpcs/: how many codes and modifiers the imported file held, and its name. */
export const hcpcsImportResultSchema = z.object({ codes: z.number(), modifiers: z.number(), source: z.string() });
export type HcpcsImportResult = z.infer<typeof hcpcsImportResultSchema>;

/** The coverage fields a patient's insurance answers with, beside the spec's name and policy number. */
export const coverageResponseSchema = z.object({
  vendor_id: z.number().nullable(),
  priority: z.number().nullable(),
  group_number: z.string(),
  relationship: z.enum(RELATIONSHIP_CODES),
  subscriber_first_name: z.string(),
  subscriber_last_name: z.string(),
  subscriber_birthdate: z.string().nullable(),
  subscriber_gender: z.string(),
});
export type Coverage = z.infer<typeof coverageResponseSchema>;

export const vendorClaimFieldsResponseSchema = z.object({
  payer_id: z.string(),
  claim_filing_indicator: z.string(),
  address_1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type VendorClaimFieldsOut = z.infer<typeof vendorClaimFieldsResponseSchema>;

/** The claim an invoice has (the invoice screen shows it). */
export const invoiceClaimSchema = z.object({
  id: z.number(),
  claim_number: z.string(),
  status: z.enum(CLAIM_STATUSES),
});
export type InvoiceClaim = z.infer<typeof invoiceClaimSchema>;

/** Every field of the billing settings, in the form's order (the server reads them, the form lists them). */
export const BILLING_SETTINGS_FIELDS = billingSettingsResponseSchema.keyof().options;
