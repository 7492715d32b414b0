import { z } from 'zod';

// What the remittance-file (835) and denials routes answer: the server's response schemas and the web's types.

const refSchema = z.object({ id: z.number(), name: z.string() });
const personRefSchema = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });

/** One CAS adjustment with its CARC's plain words. */
export const eraAdjustmentSchema = z.object({
  group: z.string(),
  reason: z.string(),
  amount: z.number(),
  description: z.string(),
});
export type EraAdjustment = z.infer<typeof eraAdjustmentSchema>;

/** One remark code (RARC) with its plain words. */
export const eraRemarkSchema = z.object({ code: z.string(), description: z.string() });
export type EraRemark = z.infer<typeof eraRemarkSchema>;

/**
 * What became of a line or claim: posted (its money is on the service), denied (nothing was
 * adjusted; it waits in Denials), reversed (a reversal took back an earlier posting), crossed over
 * (forwarded to another payer), unmatched (waiting for a person to match it), or not posted (zero
 * amounts, or nothing to take).
 */
export const ERA_POSTING_STATES = ['posted', 'denied', 'reversed', 'unmatched', 'not posted'] as const;
export type EraPostingState = (typeof ERA_POSTING_STATES)[number];

export const eraLineSchema = z.object({
  /** Its place in the claim (0-based), for Match. */
  index: z.number(),
  line_control_number: z.string(),
  hcpcs: z.string(),
  modifiers: z.array(z.string()),
  service_date: z.string(),
  charge: z.number(),
  allowed: z.number().nullable(),
  paid: z.number(),
  units: z.number(),
  adjustments: z.array(eraAdjustmentSchema),
  remarks: z.array(eraRemarkSchema),
  matched_service_id: z.number().nullable(),
  /** What the posting put on the service: its patient responsibility, and the state. */
  patient_responsibility: z.number(),
  state: z.enum(ERA_POSTING_STATES),
  /** Why it was not posted, '' otherwise. */
  problem: z.string(),
});
export type EraLine = z.infer<typeof eraLineSchema>;

export const eraClaimSchema = z.object({
  /** Its place in the transaction (0-based), for Match. */
  index: z.number(),
  claim_number: z.string(),
  /** CLP02 and its words ("Processed as primary"). */
  status_code: z.string(),
  status: z.string(),
  charge: z.number(),
  paid: z.number(),
  patient_responsibility: z.number(),
  payer_claim_number: z.string(),
  patient_name: z.string(),
  /** NM1*TT: the payer the claim was forwarded to, '' when none. */
  crossover_payer: z.string(),
  matched_claim_id: z.number().nullable(),
  matched_invoice_id: z.number().nullable(),
  adjustments: z.array(eraAdjustmentSchema),
  remarks: z.array(eraRemarkSchema),
  state: z.enum(ERA_POSTING_STATES),
  /** Why it was not posted, '' otherwise. */
  problem: z.string(),
  lines: z.array(eraLineSchema),
});
export type EraClaim = z.infer<typeof eraClaimSchema>;

export const providerAdjustmentSchema = z.object({
  reason: z.string(),
  reference: z.string(),
  amount: z.number(),
  description: z.string(),
});

/** One imported 835 transaction (one payment): POST /eras/ answers a list of them, GET /eras/{id}/ one. */
export const eraSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  payer_name: z.string(),
  payer_id: z.string(),
  vendor: refSchema,
  check_id: z.number().nullable(),
  check_number: z.string(),
  check_date: z.string(),
  total_paid: z.number(),
  /** BPR04 as the file says it (ACH, CHK, NON...). */
  payment_method: z.string(),
  status: z.enum(['posted', 'reverted']),
  created: z.string(),
  user: z.string().nullable(),
  claims: z.array(eraClaimSchema),
  provider_adjustments: z.array(providerAdjustmentSchema),
  posted_total: z.number(),
  unmatched_total: z.number(),
});
export type Era = z.infer<typeof eraSchema>;

export const eraImportResultSchema = z.array(eraSchema);

/** A row of GET /eras/. */
export const eraRowSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  payer_name: z.string(),
  check_number: z.string(),
  check_date: z.string(),
  total_paid: z.number(),
  posted_total: z.number(),
  unmatched_total: z.number(),
  claims: z.number(),
  denied: z.number(),
  status: z.enum(['posted', 'reverted']),
  created: z.string(),
});
export type EraRow = z.infer<typeof eraRowSchema>;

export const DENIAL_STATUSES = ['open', 'appealed', 'resubmitted', 'written_off'] as const;
export type DenialStatus = (typeof DENIAL_STATUSES)[number];
export const DENIAL_STATUS_LABELS: Record<DenialStatus, string> = {
  open: 'Open',
  appealed: 'Appealed',
  resubmitted: 'Resubmitted',
  written_off: 'Written off',
};

/** A row of GET /denials/: one denied line (or a whole claim denied without lines). */
export const denialRowSchema = z.object({
  id: z.number(),
  era_id: z.number(),
  /** Null when the ERA was matched to an invoice that never had a claim. */
  claim_id: z.number().nullable(),
  claim_number: z.string(),
  invoice_id: z.number(),
  service_id: z.number().nullable(),
  patient: personRefSchema,
  payer: refSchema,
  service_date: z.string(),
  hcpcs: z.string(),
  amount: z.number(),
  adjustments: z.array(eraAdjustmentSchema),
  remarks: z.array(eraRemarkSchema),
  age_days: z.number(),
  status: z.enum(DENIAL_STATUSES),
  note: z.string(),
});
export type DenialRow = z.infer<typeof denialRowSchema>;

/** What the invoice and claim screens show of the remittances posted on them. */
export const remittanceLineSchema = z.object({
  era_id: z.number(),
  check_number: z.string(),
  payer: z.string(),
  claim_number: z.string(),
  service_id: z.number(),
  hcpcs: z.string(),
  paid: z.number(),
  adjusted: z.number(),
  patient_responsibility: z.number(),
  adjustments: z.array(eraAdjustmentSchema),
  remarks: z.array(eraRemarkSchema),
  state: z.enum(ERA_POSTING_STATES),
  posted: z.string(),
});
export type RemittanceLine = z.infer<typeof remittanceLineSchema>;

/** A row of GET /underpayments/: a remittance line the payer allowed less than expected (issue 33). */
export const underpaymentRowSchema = z.object({
  /** The remittance payment line. */
  id: z.number(),
  era_id: z.number().nullable(),
  claim_number: z.string(),
  invoice_id: z.number(),
  service_id: z.number(),
  patient: personRefSchema,
  payer: refSchema,
  service_date: z.string(),
  hcpcs: z.string(),
  expected: z.number(),
  allowed: z.number(),
  difference: z.number(),
  posted: z.string(),
});
export type UnderpaymentRow = z.infer<typeof underpaymentRowSchema>;
