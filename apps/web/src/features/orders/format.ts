import { formatDisplayDate, formatPrice, fullName } from '@dme/shared';

/** A price or total as the order screens show it: en-US, two decimals. */
export function money(value: number | string): string {
  return `$${formatPrice(value)}`;
}

/** YYYY-MM-DD as MM/DD/YYYY. */
export function displayDate(value: string | null | undefined): string {
  return formatDisplayDate(value);
}

export function patientLabel(patient: { first_name: string; last_name: string }): string {
  return fullName(patient);
}

/** The server's `{error}` text of a refused call, when it sent one. */
export function refusalText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as Record<string, unknown>).error;
  return typeof error === 'string' && error ? error : undefined;
}
