import dayjs from 'dayjs';
import { detailOf, isApiError, isNetworkError, NETWORK_ERROR_MESSAGE } from './api-client.ts';
import { isFieldErrorMap } from './form-errors.ts';

/** A moment on the wire (ISO timestamp) in the browser's time zone. */
export function formatTimestamp(at: string): string {
  const d = dayjs(at);
  return d.isValid() ? d.format('MM/DD/YYYY h:mm A') : at;
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
