import { formatDisplayDate, fullName } from '@dme/shared';

/** A price or total as the order screens show it: the app's one money formatter ("$1,250.75"). */
export { formatMoney as money } from '@dme/shared';

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
