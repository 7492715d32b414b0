/**
 * How the 837P, the 835 and the acknowledgements spell money and dates. Money is counted in
 * integer cents end to end, so a claim's total is the exact sum of its lines.
 */

const MONEY_TEXT = /^(\d{1,10})\.(\d{2})$/;
const SIGNED_MONEY_TEXT = /^(-?)(\d{1,10})\.(\d{2})$/;
const X12_DECIMAL = /^(-)?(\d*)(?:\.(\d*))?$/;

/** Cents of a ClaimFile amount ("125.50"); throws naming `label` on anything else. */
export function centsOf(text: string, label: string): number {
  const m = MONEY_TEXT.exec(text);
  if (!m) throw new Error(`${label} must be an amount with two decimals (like 125.50), not "${text}"`);
  return Number(m[1]) * 100 + Number(m[2]);
}

/** Cents of an amount that may be negative ("-34.00", a remittance's reversal); throws naming `label`. */
export function signedCentsOf(text: string, label: string): number {
  const m = SIGNED_MONEY_TEXT.exec(text);
  if (!m) throw new Error(`${label} must be an amount with two decimals (like 125.50 or -34.00), not "${text}"`);
  const cents = Number(m[2]) * 100 + Number(m[3]);
  return m[1] ? -cents : cents;
}

/**
 * An X12 decimal (R) amount: no trailing zeros after the point and no point for whole dollars
 * ("125.5", "125", "0.05", "-34"), as the standard asks senders to write it.
 */
export function x12Amount(cents: number): string {
  if (cents < 0) return `-${x12Amount(-cents)}`;
  const dollars = Math.trunc(cents / 100);
  const rest = cents % 100;
  if (rest === 0) return String(dollars);
  return `${dollars}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** An amount as ClaimFile writes it: two decimals ("125.50"). */
export function moneyText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Cents of an X12 decimal as another system wrote it ("12.25", "500", "1.5", ".5"); null when
 * the text is not a number or has fractions of a cent.
 */
export function centsOfX12(text: string): number | null {
  const m = X12_DECIMAL.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return null;
  const cents = Number(m[2] || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** YYYY-MM-DD -> CCYYMMDD. */
export function d8(date: string): string {
  return date.replaceAll('-', '');
}

/** CCYYMMDD -> YYYY-MM-DD; the text as it is when it is not eight digits. */
export function wireDate(d8Text: string): string {
  return /^\d{8}$/.test(d8Text) ? `${d8Text.slice(0, 4)}-${d8Text.slice(4, 6)}-${d8Text.slice(6)}` : d8Text;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A moment as the file's CCYYMMDD and HHMM, in the server's local time (the office's clock). */
export function dateAndTime(moment: Date): { date: string; time: string } {
  return {
    date: `${moment.getFullYear()}${two(moment.getMonth() + 1)}${two(moment.getDate())}`,
    time: `${two(moment.getHours())}${two(moment.getMinutes())}`,
  };
}

/** CCYYMMDD and HHMM (or HHMMSS…) back into a local moment; null when they are not a date and time. */
export function momentOf(date: string, time: string): Date | null {
  if (!/^\d{8}$/.test(date) || !/^\d{4,8}$/.test(time)) return null;
  const moment = new Date(
    Number(date.slice(0, 4)),
    Number(date.slice(4, 6)) - 1,
    Number(date.slice(6, 8)),
    Number(time.slice(0, 2)),
    Number(time.slice(2, 4)),
  );
  return Number.isNaN(moment.getTime()) ? null : moment;
}
