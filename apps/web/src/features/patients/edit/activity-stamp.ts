import dayjs from 'dayjs';

/** How the Activity tab stamps an entry: the browser's local date and time. */
export const ACTIVITY_STAMP = 'MM/DD/YYYY h:mm A';

/** The entry's date and time in the browser's time zone. */
export function activityStamp(at: string): string {
  const d = dayjs(at);
  return d.isValid() ? d.format(ACTIVITY_STAMP) : at;
}
