import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

export const WIRE_DATE = 'YYYY-MM-DD';
export const DISPLAY_DATE = 'MM/DD/YYYY';

/** True when `value` is a real calendar date written YYYY-MM-DD. */
export function isWireDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, WIRE_DATE, true).isValid();
}

/** YYYY-MM-DD -> MM/DD/YYYY; empty for a missing or invalid value. */
export function formatDisplayDate(value: string | null | undefined, format = DISPLAY_DATE): string {
  if (!value) return '';
  const d = dayjs(value.slice(0, 10), WIRE_DATE, true);
  return d.isValid() ? d.format(format) : '';
}

/** Whole years between a birthdate and `today` (both YYYY-MM-DD); null when unknown. */
export function ageInYears(birthdate: string | null | undefined, today: string): number | null {
  if (!birthdate || !isWireDate(birthdate)) return null;
  const age = dayjs(today).diff(dayjs(birthdate), 'year');
  return age >= 0 ? age : null;
}

export function todayWire(now: Date = new Date()): string {
  return dayjs(now).format(WIRE_DATE);
}
