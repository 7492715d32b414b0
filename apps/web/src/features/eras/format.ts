import dayjs from 'dayjs';
import { formatDisplayDate, type EraClaim, type EraLine } from '@dme/shared';

export { formatMoney as money, formatDisplayDate as displayDate } from '@dme/shared';
export { formatTimestamp, refusalText } from '@/lib/format.ts';

export const patientName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

/** A line's code with its modifiers: "E0601-RR-KH". */
export const hcpcsText = (line: Pick<EraLine, 'hcpcs' | 'modifiers'>) => [line.hcpcs, ...line.modifiers].join('-');

/** CLP02 as a person reads it: "Processed as primary (1)". */
export const claimStatusText = (claim: Pick<EraClaim, 'status' | 'status_code'>) =>
  claim.status ? `${claim.status} (${claim.status_code})` : claim.status_code;

/** A matched claim needs nothing more; an unmatched one waits for a person to name its invoice. */
export const needsClaimMatch = (claim: EraClaim) => claim.matched_invoice_id === null;

/** A line of a matched claim whose service was not found waits for a person to name the service. */
export const needsLineMatch = (claim: EraClaim, line: EraLine) =>
  claim.matched_invoice_id !== null && line.matched_service_id === null && line.state === 'unmatched';

/** When a remittance was posted, as a date: a timestamp in the browser's day, a plain date as it is. */
export function postedDate(posted: string): string {
  if (posted.length <= 10) return formatDisplayDate(posted);
  const at = dayjs(posted);
  return at.isValid() ? at.format('MM/DD/YYYY') : posted;
}
