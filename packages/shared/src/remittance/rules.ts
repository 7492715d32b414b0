import { microToString, roundMicro, toMicro, type Micro } from '../common/decimal.ts';
import { formatMoney } from '../products/rules.ts';

/**
 * Remittance arithmetic (spec part 3 sections 4.5 and 5; one mode per service, 2 decimals), used
 * by the Remittance Payment dialog and by the server that re-checks every posting. Amounts are
 * exact decimals written with 2 places.
 */

export const PAYMENT_METHODS = ['Cash', 'Bank', 'Insurance Adjustments', 'Write Off'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What one service receives in one posting: exactly one mode (or nothing). */
export type RemitMode = 'none' | 'entire' | 'percentage' | 'credit' | 'adjustment' | 'writeOff';
export const REMIT_MODES: readonly RemitMode[] = ['none', 'entire', 'percentage', 'credit', 'adjustment', 'writeOff'];

export interface RemitEntry {
  mode: RemitMode;
  /** Used with mode 'percentage'. */
  percentage?: number | string | null;
  /** Used with mode 'credit'. */
  credit?: number | string | null;
}

/** A service's money as stored: amounts owed, adjusted and written off so far. */
export interface RemitServiceMoney {
  invoice_amount: string | number;
  outstanding: string | number;
  amount_ajusted: string | number;
  write_off: string | number;
}

/** The service's money after a posting, and the cash it took (the wire sends the first three). */
export interface RemitResult {
  outstanding: string;
  amount_ajusted: string;
  write_off: string;
  /** Cash applied from the check to this service. */
  applied: string;
}

const ZERO: Micro = 0n;
const cents = (v: Micro) => roundMicro(v, 2);
const str = (v: Micro) => microToString(v, 2);
const max0 = (v: Micro) => (v < ZERO ? ZERO : v);

function micro(value: string | number | null | undefined): Micro | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    return toMicro(value);
  } catch {
    return null;
  }
}

/** A percentage from 0 to 100; anything else (blank, negative, over 100, not a number) is 0. */
export function clampPercentage(value: number | string | null | undefined): number {
  const m = micro(value);
  if (m === null || m < ZERO || m > toMicro(100)) return 0;
  return Number(microToString(m, 3));
}

/**
 * What the office has already settled on a service (remitted, adjusted, written off): the
 * "saved outstanding" of spec 4.5 and 4.7, sent to the dialog as `outstanding_saved`.
 */
export function settledAmount(money: Pick<RemitServiceMoney, 'invoice_amount' | 'outstanding'>): string {
  return str(max0(toMicro(money.invoice_amount) - toMicro(money.outstanding)));
}

/** The most a credit may apply: the invoice amount minus the saved outstanding, never negative. */
export function creditCap(money: Pick<RemitServiceMoney, 'invoice_amount' | 'outstanding'>): string {
  return str(max0(toMicro(money.invoice_amount) - toMicro(settledAmount(money))));
}

/** The credit over its cap, said in the clerk's words: the cap is what the service still owes. */
function creditTooLarge(cap: string): string {
  return `Only ${formatMoney(cap)} is still due.`;
}

export const CREDIT_INVALID = 'Enter more than $0.00.';

/** The credit's problem, or null when it may be applied. */
export function creditProblem(credit: number | string | null | undefined, money: RemitServiceMoney): string | null {
  const m = micro(credit);
  if (m === null || cents(m) <= ZERO) return CREDIT_INVALID;
  const cap = creditCap(money);
  return cents(m) > toMicro(cap) ? creditTooLarge(cap) : null;
}

/**
 * Applies one mode to a service: entire remit takes the whole outstanding, a percentage takes
 * that share of it, a credit takes the amount typed (capped), an insurance adjustment or a
 * write-off moves the outstanding to that column (not counted as remitted). Amounts round to 2.
 */
export function applyEntry(money: RemitServiceMoney, entry: RemitEntry): RemitResult {
  const outstanding = max0(toMicro(money.outstanding));
  const adjusted = toMicro(money.amount_ajusted);
  const writtenOff = toMicro(money.write_off);
  let applied = ZERO;
  let newAdjusted = adjusted;
  let newWriteOff = writtenOff;
  let left = outstanding;
  switch (entry.mode) {
    case 'none':
      break;
    case 'entire':
      applied = outstanding;
      left = ZERO;
      break;
    case 'percentage': {
      const p = toMicro(clampPercentage(entry.percentage));
      applied = cents((outstanding * p) / toMicro(100));
      left = outstanding - applied;
      break;
    }
    case 'credit': {
      const asked = max0(cents(micro(entry.credit) ?? ZERO));
      const cap = toMicro(creditCap(money));
      applied = asked > cap ? cap : asked;
      if (applied > outstanding) applied = outstanding;
      left = outstanding - applied;
      break;
    }
    case 'adjustment':
      newAdjusted = adjusted + outstanding;
      left = ZERO;
      break;
    case 'writeOff':
      newWriteOff = writtenOff + outstanding;
      left = ZERO;
      break;
  }
  return {
    outstanding: str(left),
    amount_ajusted: str(newAdjusted),
    write_off: str(newWriteOff),
    applied: str(applied),
  };
}

/** What a posting took from one service, derived from the stored and the sent values. */
export interface PostedLine {
  applied: string;
  adjusted: string;
  writtenOff: string;
}

export const POSTING_INCONSISTENT = 'The amounts do not match the stored outstanding.';
export const POSTING_ONE_MODE =
  'Only one of remit, credit, percentage, adjustment or write-off may apply to a service.';

/**
 * The server's reading of a posted service (the client sends results, so the server derives and
 * re-checks the amount): applied = stored outstanding − new outstanding − newly adjusted − newly
 * written off. Refuses (returns a message) when an
 * amount goes down, the outstanding grows or turns negative, more than one mode is used, or an
 * adjustment or write-off leaves an outstanding.
 */
export function readPostedLine(
  stored: Pick<RemitServiceMoney, 'outstanding' | 'amount_ajusted' | 'write_off'>,
  sent: { outstanding: string | number; amount_ajusted: string | number; write_off: string | number },
): PostedLine | string {
  const sOut = toMicro(stored.outstanding);
  const nOut = cents(toMicro(sent.outstanding));
  const newlyAdjusted = cents(toMicro(sent.amount_ajusted)) - toMicro(stored.amount_ajusted);
  const newlyWritten = cents(toMicro(sent.write_off)) - toMicro(stored.write_off);
  if (nOut < ZERO || nOut > sOut || newlyAdjusted < ZERO || newlyWritten < ZERO) return POSTING_INCONSISTENT;
  const applied = sOut - nOut - newlyAdjusted - newlyWritten;
  if (applied < ZERO) return POSTING_INCONSISTENT;
  const modes = [applied, newlyAdjusted, newlyWritten].filter((v) => v > ZERO).length;
  if (modes > 1) return POSTING_ONE_MODE;
  if ((newlyAdjusted > ZERO || newlyWritten > ZERO) && nOut !== ZERO) return POSTING_INCONSISTENT;
  return { applied: str(applied), adjusted: str(newlyAdjusted), writtenOff: str(newlyWritten) };
}

/** True when the line takes nothing. */
export function isEmptyLine(line: PostedLine): boolean {
  return toMicro(line.applied) === ZERO && toMicro(line.adjusted) === ZERO && toMicro(line.writtenOff) === ZERO;
}

/** Balance = invoice amount − remitted − adjusted − written off, never negative. */
export function remittanceBalance(amounts: {
  invoice_amount: string | number;
  remitted: string | number;
  amount_ajusted: string | number;
  write_off: string | number;
}): string {
  return str(
    max0(
      toMicro(amounts.invoice_amount) -
        toMicro(amounts.remitted) -
        toMicro(amounts.amount_ajusted) -
        toMicro(amounts.write_off),
    ),
  );
}

/** What is left to apply from a check. */
export function checkRemaining(total: string | number, applied: string | number): string {
  return str(max0(toMicro(total) - toMicro(applied)));
}

/** Sum of amounts, exact, 2 places. */
export function sumAmounts(values: (string | number)[]): string {
  return str(values.reduce<Micro>((acc, v) => acc + toMicro(v), ZERO));
}
