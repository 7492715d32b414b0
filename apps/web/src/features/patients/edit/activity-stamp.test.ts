import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { activityStamp } from './activity-stamp.ts';

describe('activityStamp', () => {
  it('stamps the entry with the local date and time', () => {
    const at = '2026-03-04T15:07:00Z';
    expect(activityStamp(at)).toBe(dayjs(at).format('MM/DD/YYYY h:mm A'));
    expect(activityStamp(at)).toMatch(/^03\/0[45]\/2026 \d{1,2}:07 (AM|PM)$/);
  });

  it('shows a stamp it cannot read as it came', () => {
    expect(activityStamp('not a date')).toBe('not a date');
  });
});
