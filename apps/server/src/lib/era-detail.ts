import type { EraPostingState } from '@dme/shared';
import type { ProviderAdjustment, RemittanceClaim, RemittanceLine } from '../lib/x12/remittance-file.ts';

/**
 * What an ERA keeps of its transaction (eras.detail): each claim and line as the 835 said it,
 * what it was matched to, and what its posting did, so the screen shows it, Match posts what was
 * left, and a revert puts back each claim's status as it was.
 */

export interface StoredLine {
  line: RemittanceLine;
  serviceId: number | null;
  state: EraPostingState;
  /** Cents the posting put on the service (zero until posted). */
  applied: number;
  adjusted: number;
  patientResponsibility: number;
  /** Why the line was not posted ('' when it was). */
  problem: string;
}

/** A claim's state before the ERA touched it, for the revert. */
export interface ClaimBefore {
  status: string;
  payerClaimNumber: string | null;
  claimOpen: boolean;
}

export interface StoredClaim {
  claim: Omit<RemittanceClaim, 'lines'>;
  lines: StoredLine[];
  claimId: number | null;
  invoiceId: number | null;
  state: EraPostingState;
  problem: string;
  /** Cents of CLP04 posted (negative for a reversal). */
  posted: number;
  before: ClaimBefore | null;
}

export interface EraDetail {
  providerAdjustments: ProviderAdjustment[];
  claims: StoredClaim[];
}
