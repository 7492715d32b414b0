import type { FeeRow } from './fee-files.ts';
import dayjs, { type Dayjs } from 'dayjs';
import { DISPLAY_DATE, WIRE_DATE, isWireDate } from '../common/dates.ts';
import { microToString, toMicro } from '../common/decimal.ts';

/**
 * Rentals and fee schedules (issue 33): Medicare's rental months (42 CFR 414.226 oxygen,
 * 414.229 capped rental) and the price of a service read from a DMEPOS fee schedule row. Pure
 * functions: dates are YYYY-MM-DD text, money is exact decimal text or integer cents, and a
 * payment category is the CATG code of the CMS file (CR, OX, IN...), null when the product has none.
 */

/** CMS payment categories (CATG of the DMEPOS and DMEPEN files) with words. */
export const PAYMENT_CATEGORY_WORDS: Readonly<Record<string, string>> = Object.freeze({
  CR: 'Capped rental',
  OX: 'Oxygen and oxygen equipment',
  IN: 'Inexpensive or routinely purchased',
  FS: 'Frequent and substantial servicing',
  SU: 'Supplies',
  PO: 'Prosthetics and orthotics',
  OS: 'Ostomy, tracheostomy and urological',
  SD: 'Surgical dressings',
  TE: 'TENS',
  LC: 'Lymphedema compression',
  SC: 'Splints and casts',
  TS: 'Therapeutic shoes',
  IL: 'Intraocular lenses',
  LT: 'Labor rates',
  PE: 'Parenteral and enteral nutrition',
});

const normalize = (category: string | null): string => (category ?? '').trim().toUpperCase();

/** "CR" -> "Capped rental"; an unknown code -> `${code} (no description)`. */
export function describeCategory(code: string): string {
  const key = normalize(code);
  return Object.hasOwn(PAYMENT_CATEGORY_WORDS, key) ? PAYMENT_CATEGORY_WORDS[key]! : `${code} (no description)`;
}

/**
 * Rental by default? CR, OX and FS are rented (true); IN may be rented or bought, so the clerk
 * chooses (null); PE too (its pumps are rented, its nutrients bought). Every other known category
 * is bought (false). No category or an unknown one: null, the clerk chooses.
 */
export function defaultRental(category: string | null): boolean | null {
  const code = normalize(category);
  if (code === 'CR' || code === 'OX' || code === 'FS') return true;
  if (code === 'IN' || code === 'PE' || !Object.hasOwn(PAYMENT_CATEGORY_WORDS, code)) return null;
  return false;
}

/** Days a break in need may last and still continue the count (a longer one starts a new period at month 1). */
export const RENTAL_BREAK_DAYS = 60;

/** Months after which oxygen starts a new period at month 1 (36 paid, then furnished without payment to 60). */
const OXYGEN_PERIOD_MONTHS = 60;

function wireDay(value: string): Dayjs {
  if (!isWireDate(value)) throw new Error(`Not a YYYY-MM-DD date: ${value}`);
  return dayjs(value, WIRE_DATE, true);
}

/**
 * Days between the end of the rental month that began on `previous` (previous + 1 calendar
 * month, so a month begun Jan 31 ends Feb 28) and `next`; 0 or less when next starts within it.
 * Month begun 2026-01-01: next 2026-04-02 -> 60 (the count continues), 2026-04-03 -> 61 (a new period).
 */
export function breakDays(previous: string, next: string): number {
  return wireDay(next).diff(wireDay(previous).add(1, 'month'), 'day');
}

/**
 * The rental month of each date of one patient's rental of one item; `dates` are in ascending
 * order (the caller sorts them). The first date is month `startMonth` (a patient transferred from
 * another supplier, 1 otherwise); each next date continues the count (+1) unless
 * breakDays(previous, next) > RENTAL_BREAK_DAYS, which starts again at month 1. Oxygen (OX):
 * after month 60 a new period starts at 1 (Medicare's new 36-month period). Other categories keep
 * counting past their cap (CR 14, 15... are months the patient owns the item).
 */
export function rentalMonths(dates: readonly string[], startMonth: number, category: string | null): number[] {
  if (!Number.isInteger(startMonth) || startMonth < 1) throw new Error(`Not a rental month: ${startMonth}`);
  const oxygen = normalize(category) === 'OX';
  const months: number[] = [];
  dates.forEach((date, i) => {
    const previousMonth = months[i - 1];
    const previousDate = dates[i - 1];
    if (previousMonth === undefined || previousDate === undefined) months.push(startMonth);
    else if (breakDays(previousDate, date) > RENTAL_BREAK_DAYS) months.push(1);
    else if (oxygen && previousMonth >= OXYGEN_PERIOD_MONTHS) months.push(1);
    else months.push(previousMonth + 1);
  });
  return months;
}

/** The cap of paid months: CR 13, OX 36, else null. */
export function rentalCap(category: string | null): 13 | 36 | null {
  const code = normalize(category);
  if (code === 'CR') return 13;
  if (code === 'OX') return 36;
  return null;
}

/** Paid? CR months 1-13, OX months 1-36; every other category's months always (months count from 1). */
export function isBillableMonth(category: string | null, month: number): boolean {
  const cap = rentalCap(category);
  return cap === null || month <= cap;
}

/**
 * Claim modifiers of a rental month, in claim order, before any the clerk adds: RR on every
 * rental month; for CR also KH (month 1), KI (2-3), KJ (4-13). Past a cap: ["RR"] (no claim line
 * is made).
 */
export function rentalModifiers(category: string | null, month: number): string[] {
  if (normalize(category) !== 'CR' || month > 13) return ['RR'];
  if (month <= 1) return ['RR', 'KH'];
  if (month <= 3) return ['RR', 'KI'];
  return ['RR', 'KJ'];
}

/** The percent of the fee a month is paid (100, 75 or 0): integer, so money math stays exact. */
function rentalFeePercent(category: string | null, month: number): 100 | 75 | 0 {
  const code = normalize(category);
  if (code === 'CR') return month <= 3 ? 100 : month <= 13 ? 75 : 0;
  if (code === 'OX') return month <= 36 ? 100 : 0;
  return 100;
}

/**
 * The share of the fee a month is paid, as a number: CR 1 for months 1-3, 0.75 for 4-13, 0 after;
 * OX 1 to 36, 0 after; else 1. Money is not multiplied by it: expectedAllowedCents applies the
 * same share as the exact fraction 75/100.
 */
export function rentalFeeShare(category: string | null, month: number): number {
  return rentalFeePercent(category, month) / 100;
}

export type RentalStatus = 'renting' | 'owned' | 'furnished_without_payment';

/** CR past 13 -> owned; OX 37-60 -> furnished_without_payment; else renting. */
export function rentalStatus(category: string | null, month: number): RentalStatus {
  const code = normalize(category);
  if (code === 'CR' && month > 13) return 'owned';
  if (code === 'OX' && month > 36 && month <= OXYGEN_PERIOD_MONTHS) return 'furnished_without_payment';
  return 'renting';
}

/** The date ownership transfers for CR: the day after month 13 ends (month 13's date + 1 month); null otherwise. */
export function ownershipDate(category: string | null, month13Date: string): string | null {
  return ownershipDateFrom(category, 13, month13Date);
}

/** Month m of a capped rental dated d: ownership transfers on d + (14 - m) months. */
const transferDay = (month: number, date: string): Dayjs => wireDay(date).add(14 - month, 'month');

/**
 * The date ownership transfers for CR, from any month's date, counting whole months on from it:
 * month m dated d transfers on d + (14 - m) months (month 12: + 2, month 13: + 1, month 15: - 1).
 * Only month 13's date fixes it: a rental begun on the 29th to 31st has months clamped to shorter
 * months (Feb 28), from which the count can land up to 3 days earlier. Null for other categories.
 */
export function ownershipDateFrom(category: string | null, month: number, date: string): string | null {
  return normalize(category) === 'CR' ? transferDay(month, date).format(WIRE_DATE) : null;
}

/**
 * What the clerk reads of a service's month, dates as MM/DD/YYYY: "Month 12 of 13: ownership
 * transfers on 09/01/2027" (months 12 and 13 name the date), "Owned by the patient since
 * 09/01/2027", "Furnished without payment, month 40 of 60", "Month 3 of 36", "Month 5" (no cap).
 */
export function rentalNote(category: string | null, month: number, date: string): string {
  const code = normalize(category);
  if (code === 'CR') {
    const owned = transferDay(month, date).format(DISPLAY_DATE);
    if (month > 13) return `Owned by the patient since ${owned}`;
    return month >= 12 ? `Month ${month} of 13: ownership transfers on ${owned}` : `Month ${month} of 13`;
  }
  if (code === 'OX' && month <= 36) return `Month ${month} of 36`;
  if (code === 'OX' && month <= OXYGEN_PERIOD_MONTHS) return `Furnished without payment, month ${month} of 60`;
  return `Month ${month}`;
}

const rowModifiers = (row: FeeRow): string[] =>
  [row.modifier1, row.modifier2].map((m) => m.trim().toUpperCase()).filter((m) => m !== '');

/**
 * The row a service is priced by, from the rows of its HCPCS code: of those whose modifiers (1
 * and 2, when not empty) are all among the service's modifiers (compared without case), the most
 * specific (most modifiers); a row with no modifier only when no row with modifiers fits. Between
 * equally specific rows, the first in `rows`. Null when none fits.
 */
export function pickFeeRow(rows: readonly FeeRow[], modifiers: readonly string[]): FeeRow | null {
  const wanted = new Set(modifiers.map((m) => m.trim().toUpperCase()));
  let best: FeeRow | null = null;
  let bestCount = -1;
  for (const row of rows) {
    const own = rowModifiers(row);
    if (own.length > bestCount && own.every((m) => wanted.has(m))) {
      best = row;
      bestCount = own.length;
    }
  }
  return best;
}

const isFee = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '' && toMicro(value) !== 0n;

/**
 * The fee of a state (two-decimal text), rural or not: "0.00" or a missing state -> null (no
 * price). When rural is asked and the rural fee is "0.00" (as in AK, HI, PR and VI, and for
 * supplies everywhere), the non-rural fee.
 */
export function feeOf(row: FeeRow, state: string, rural: boolean): string | null {
  const pair = row.fees[state.trim().toUpperCase()];
  if (!pair) return null;
  const [nonRural, ruralFee] = pair;
  const fee = rural && isFee(ruralFee) ? ruralFee : nonRural;
  return isFee(fee) ? microToString(toMicro(fee), 2) : null;
}

const MICRO = 1_000_000n;

/** a / b rounded half away from zero (b > 0). */
function divideRounded(a: bigint, b: bigint): bigint {
  const abs = a < 0n ? -a : a;
  const q = (abs * 2n + b) / (2n * b);
  return a < 0n ? -q : q;
}

/**
 * The expected allowed amount in cents for a service: the unit price (the fee, or the payer's own
 * price) x percent/100 when a percent is given (percent_of_medicare, e.g. "80.00"), x the rental
 * share of its month (CR 75/100 for months 4-13, 0 past a cap; a null month or category pays the
 * whole), x quantity, rounded half up to the cent once, at the end, in exact integer math. Null
 * when there is no unit price.
 */
export function expectedAllowedCents(input: {
  unitPrice: string | null;
  percent: string | null;
  category: string | null;
  rentalMonth: number | null;
  quantity: number;
}): number | null {
  const { unitPrice, percent, category, rentalMonth, quantity } = input;
  if (unitPrice === null || unitPrice.trim() === '') return null;
  if (!Number.isInteger(quantity)) throw new Error(`Not a whole quantity: ${quantity}`);
  const share = rentalMonth === null ? 100 : rentalFeePercent(category, rentalMonth);
  // cents = unit (micro / 10^6) x 100 x percent (micro / 10^6) / 100 x share / 100 x quantity
  const percentMicro = percent === null ? 100n * MICRO : toMicro(percent);
  const numerator = toMicro(unitPrice) * percentMicro * BigInt(share) * BigInt(quantity);
  return Number(divideRounded(numerator, MICRO * MICRO * 100n));
}
