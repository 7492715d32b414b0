import { formatDisplayDate, PRIORITY_WORDS, type ClaimDetail } from '@dme/shared';

export { formatMoney as money } from '@dme/shared';
// Lifted to lib/ for the remittance (835) screens; the claims screens keep reading them here.
export { formatTimestamp, messageOf, refusalText } from '@/lib/format.ts';

export const patientName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

/** 1 -> "Primary"; no coverage -> "-". */
export function priorityLabel(priority: number | null): string {
  const word = PRIORITY_WORDS[priority as keyof typeof PRIORITY_WORDS] as string | undefined;
  return word ? `${word[0].toUpperCase()}${word.slice(1)}` : '-';
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
