import dayjs from 'dayjs';
import { formatDisplayDate, PRIORITY_WORDS, type ClaimDetail } from '@dme/shared';
import { detailOf, isApiError, isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import { isFieldErrorMap } from '@/lib/form-errors.ts';

export { formatMoney as money } from '@dme/shared';

export const patientName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

/** 1 -> "Primary"; no coverage -> "-". */
export function priorityLabel(priority: number | null): string {
  const word = PRIORITY_WORDS[priority as keyof typeof PRIORITY_WORDS] as string | undefined;
  return word ? `${word[0].toUpperCase()}${word.slice(1)}` : '-';
}

/** A moment on the wire (ISO timestamp) in the browser's time zone. */
export function formatTimestamp(at: string): string {
  const d = dayjs(at);
  return d.isValid() ? d.format('MM/DD/YYYY h:mm A') : at;
}

/** One date, or "from – to" when a line spans several days (a rental month). */
export function datesOfService(from: string, to: string): string {
  return !to || to === from ? formatDisplayDate(from) : `${formatDisplayDate(from)} – ${formatDisplayDate(to)}`;
}

/** CLM05-3: 1 an original claim, 7 the replacement of an earlier one, 8 its void. */
export function frequencyText(claim: Pick<ClaimDetail, 'frequency' | 'original_claim_number'>): string {
  const original = claim.original_claim_number ?? 'an earlier claim';
  switch (claim.frequency) {
    case 1:
      return 'Original';
    case 7:
      return `Replacement of ${original}`;
    case 8:
      return `Void of ${original}`;
    default:
      return `Frequency ${claim.frequency}`;
  }
}

/** The server's words in an error body: the first message of a 422's fields, or its {detail}/{error}. */
export function messageOf(body: unknown): string | undefined {
  if (isFieldErrorMap(body)) return Object.values(body)[0]?.[0];
  return detailOf(body);
}

/** Why a request failed: the server's words for a refusal (4xx), the network sentence, else `fallback`. */
export function refusalText(error: unknown, fallback: string): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (!isApiError(error) || error.status >= 500) return fallback;
  return messageOf(error.body) ?? fallback;
}
