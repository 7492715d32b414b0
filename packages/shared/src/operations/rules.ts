import { isWireDate, todayWire } from '../common/dates.ts';
import { shiftDate } from '../orders/rules.ts';

/** Pure rules of the work queues (spec part 3, sections 4.1 to 4.3 and 5), used by server and web. */

/** An inclusive range of calendar dates, both YYYY-MM-DD. */
export interface DateRange {
  start: string;
  end: string;
}

/** How far ahead the work queues look when they open with no dates of the user's. */
export const UPCOMING_WORK_DAYS = 30;

/**
 * The dates a work queue opens on (Call Patients, Check Eligibility, Call Patient w Eligibility,
 * Shipping Status) when the user has none saved: today and the next 30 days, the work still to do,
 * rather than every date back to the first shipped one.
 */
export function upcomingWorkDates(today: string = todayWire()): { start_date: string; end_date: string } {
  return { start_date: today, end_date: shiftDate(today, UPCOMING_WORK_DAYS, 'day') };
}

/**
 * Spec part 3 section 5: a date-range query runs only when both dates are valid and the start is
 * not after the end. Used by every date-filtered list, on the web (send nothing otherwise) and on
 * the server (apply the range only then).
 */
export function isValidDateRange(start: string | null | undefined, end: string | null | undefined): boolean {
  if (!start || !end || !isWireDate(start) || !isWireDate(end)) return false;
  // YYYY-MM-DD compares as text in calendar order.
  return start <= end;
}

/** The range of two filter dates, or null when they do not make a valid range. */
export function dateRangeOf(start: string | null | undefined, end: string | null | undefined): DateRange | null {
  return isValidDateRange(start, end) ? { start: start!, end: end! } : null;
}

/** True when `date` (YYYY-MM-DD) lies inside the inclusive range. */
export function inDateRange(date: string | null | undefined, range: DateRange | null | undefined): boolean {
  if (!date || !range) return false;
  return range.start <= date && date <= range.end;
}

// ---------------------------------------------------------------- 4.1 expiration colour

export const EXPIRATION_ROW_COLORS = ['green', 'yellow', 'red'] as const;
export type ExpirationRowColor = (typeof EXPIRATION_ROW_COLORS)[number];

/** What the colour of an expiration row depends on. */
export interface ExpirationColorInput {
  date: string;
  yellow: boolean;
  yellow_date: string | null;
  red_solved_date: string | null;
  yellow_solved_date: string | null;
}

/** Yellow applies when the expiration is flagged yellow and its yellow date lies inside the range. */
export function yellowApplies(exp: ExpirationColorInput, range: DateRange): boolean {
  return exp.yellow && inDateRange(exp.yellow_date, range);
}

/**
 * Spec 4.1: green when red_solved_date is set; otherwise, when yellow applies, red if the
 * expiration date is also in range and yellow if it is not (green once yellow_solved_date is set);
 * without yellow (or with the yellow date outside the range) red.
 */
export function expirationColor(exp: ExpirationColorInput, range: DateRange): ExpirationRowColor {
  if (exp.red_solved_date) return 'green';
  if (yellowApplies(exp, range)) {
    if (inDateRange(exp.date, range)) return 'red';
    return exp.yellow_solved_date ? 'green' : 'yellow';
  }
  return 'red';
}

/** The Solved switch is on when the row is green. */
export function isSolvedSwitchOn(exp: ExpirationColorInput, range: DateRange): boolean {
  return expirationColor(exp, range) === 'green';
}

/** Which solved date the switch stamps or clears. */
export type SolvedColor = 'red' | 'yellow';

export interface SolvedSwitchPayload {
  solved: boolean;
  color: SolvedColor;
}

/**
 * Spec 4.1: what toggling the Solved switch sends (PATCH /expirations/{id}/): solved as the
 * opposite of the switch's current state, plus the colour whose solved date it acts on (yellow
 * when only the yellow date is in range, else red). Null (send nothing) when a red_solved_date
 * exists, yellow applies and red does not: the row is green through its red solve, so switching
 * the yellow solve would change nothing on screen.
 */
export function solvedSwitchPayload(exp: ExpirationColorInput, range: DateRange): SolvedSwitchPayload | null {
  const yellowOnly = yellowApplies(exp, range) && !inDateRange(exp.date, range);
  if (exp.red_solved_date && yellowOnly) return null;
  return { solved: !isSolvedSwitchOn(exp, range), color: yellowOnly ? 'yellow' : 'red' };
}

// ---------------------------------------------------------------- 4.2 alert colour

export const ALERT_COLORS = ['green', 'yellow', 'red', 'empty'] as const;
export type AlertColor = (typeof ALERT_COLORS)[number];

/** An expiration as the alert of an occurrence row sees it. */
export interface AlertExpirationInput {
  date: string;
  yellow: boolean;
  yellow_date: string | null;
  solved: boolean;
  red_solved_date: string | null;
  yellow_solved_date: string | null;
}

/**
 * An expiration of the occurrence's order matches the occurrence when its date equals the
 * occurrence date, or when it is flagged yellow and its yellow date lies in the chosen range.
 */
export function expirationMatchesOccurrence(
  exp: AlertExpirationInput,
  occurrenceDate: string,
  range: DateRange | null,
): boolean {
  return exp.date === occurrenceDate || (exp.yellow && inDateRange(exp.yellow_date, range));
}

/**
 * Spec 4.2 for one matching expiration: green when solved (the red solve, or the yellow solve
 * while its yellow date is what applies), yellow when flagged yellow with the yellow date in the
 * chosen range, otherwise red (the expiration date equals the occurrence date).
 */
export function expirationAlert(exp: AlertExpirationInput, range: DateRange | null): Exclude<AlertColor, 'empty'> {
  if (exp.solved || exp.red_solved_date) return 'green';
  if (exp.yellow && inDateRange(exp.yellow_date, range)) return exp.yellow_solved_date ? 'green' : 'yellow';
  return 'red';
}

/** What an occurrence row carries for its Alert cell. */
export interface AlertInput {
  /** Whether the occurrence's order has any expiration at all. */
  has_expirations: boolean;
  /** The order's expirations; only those matching the occurrence count. */
  expirations: AlertExpirationInput[];
}

/**
 * The Alert cell of the call-with-eligibility list: "empty" (nothing shown) when the order has no
 * expiration at all; green when none matches the occurrence or every match is solved; otherwise
 * the most urgent colour of the matching expirations (red before yellow).
 */
export function alertColor(input: AlertInput, occurrenceDate: string, range: DateRange | null): AlertColor {
  if (!input.has_expirations) return 'empty';
  let color: AlertColor = 'green';
  for (const exp of input.expirations) {
    if (!expirationMatchesOccurrence(exp, occurrenceDate, range)) continue;
    const c = expirationAlert(exp, range);
    if (c === 'red') return 'red';
    if (c === 'yellow') color = 'yellow';
  }
  return color;
}

// ---------------------------------------------------------------- Hide Completed

/**
 * The spec does not define "completed"; nothing is left to do for an occurrence once eligibility is
 * on and the patient approved or is not marked call before delivery. Hide Completed leaves these out.
 */
export function isCompleted(
  occurrence: { eligibility_toggle: boolean; customer_approved: boolean },
  patient: { call_before_delivery: boolean },
): boolean {
  return occurrence.eligibility_toggle && (occurrence.customer_approved || !patient.call_before_delivery);
}

/** Patient Approved is a toggle only for call-before-delivery patients (spec 4.3); an icon otherwise. */
export function approvalIsToggle(patient: { call_before_delivery: boolean }): boolean {
  return patient.call_before_delivery;
}
