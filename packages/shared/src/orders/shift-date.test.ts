import { describe, expect, it } from 'vitest';
import { occurrenceDates, shiftDate } from './rules.ts';

describe('shiftDate', () => {
  it('moves by days and months, clamping month ends like the occurrence dates', () => {
    expect(shiftDate('2026-01-31', 1, 'month')).toBe('2026-02-28');
    expect(shiftDate('2026-03-01', -1, 'day')).toBe('2026-02-28');
    expect(shiftDate('2024-02-28', 1, 'day')).toBe('2024-02-29');
    expect(shiftDate('2026-01-10', -3, 'month')).toBe('2025-10-10');
    expect(occurrenceDates('2026-01-31', '2026-03-31', 1)).toEqual([
      '2026-01-31',
      shiftDate('2026-01-31', 1, 'month'),
      '2026-03-31',
    ]);
  });
});
