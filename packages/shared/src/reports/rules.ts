import dayjs from 'dayjs';
import { WIRE_DATE } from '../common/dates.ts';

/** The "or Date Range" presets of the End of Year Report (spec part 3 sections 2.12 and 9). */
export const DATE_RANGES = ['CY', 'LY', 'CQ', 'LQ'] as const;
export type DateRangeCode = (typeof DATE_RANGES)[number];
export const DATE_RANGE_LABELS: Record<DateRangeCode, string> = {
  CY: 'Current Year',
  LY: 'Last Year',
  CQ: 'Current Quarter',
  LQ: 'Last Quarter',
};

/**
 * The first and last day of a preset, for `today` (YYYY-MM-DD in the office's time zone):
 * the calendar year or quarter containing today, or the one before it.
 */
export function resolveDateRange(code: DateRangeCode, today: string): { start_date: string; end_date: string } {
  const d = dayjs(today, WIRE_DATE);
  const quarterStart = (x: dayjs.Dayjs) => x.month(Math.floor(x.month() / 3) * 3).startOf('month');
  let start: dayjs.Dayjs;
  let end: dayjs.Dayjs;
  switch (code) {
    case 'CY':
      start = d.startOf('year');
      end = d.endOf('year');
      break;
    case 'LY':
      start = d.subtract(1, 'year').startOf('year');
      end = d.subtract(1, 'year').endOf('year');
      break;
    case 'CQ':
      start = quarterStart(d);
      end = start.add(2, 'month').endOf('month');
      break;
    case 'LQ':
      start = quarterStart(d).subtract(3, 'month');
      end = start.add(2, 'month').endOf('month');
      break;
  }
  return { start_date: start.format(WIRE_DATE), end_date: end.format(WIRE_DATE) };
}

/** Today's date (YYYY-MM-DD) in a time zone, e.g. the office's "America/Chicago". */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}
