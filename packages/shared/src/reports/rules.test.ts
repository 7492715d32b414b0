import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { endYearReportQuerySchema } from './schemas.ts';
import { resolveDateRange, todayIn } from './rules.ts';

describe('report date ranges', () => {
  it('resolves each preset around today', () => {
    expect(resolveDateRange('CY', '2026-11-22')).toEqual({ start_date: '2026-01-01', end_date: '2026-12-31' });
    expect(resolveDateRange('LY', '2026-11-22')).toEqual({ start_date: '2025-01-01', end_date: '2025-12-31' });
    expect(resolveDateRange('CQ', '2026-11-22')).toEqual({ start_date: '2026-10-01', end_date: '2026-12-31' });
    expect(resolveDateRange('LQ', '2026-11-22')).toEqual({ start_date: '2026-07-01', end_date: '2026-09-30' });
    expect(resolveDateRange('LQ', '2026-02-10')).toEqual({ start_date: '2025-10-01', end_date: '2025-12-31' });
    expect(resolveDateRange('CQ', '2024-02-29')).toEqual({ start_date: '2024-01-01', end_date: '2024-03-31' });
  });

  it('every preset contains today (CY, CQ) or ends before it (LY, LQ)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }), (d) => {
        const today = d.toISOString().slice(0, 10);
        for (const code of ['CY', 'CQ'] as const) {
          const r = resolveDateRange(code, today);
          expect(r.start_date <= today && today <= r.end_date).toBe(true);
        }
        for (const code of ['LY', 'LQ'] as const) {
          expect(resolveDateRange(code, today).end_date < today).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reads today in the office's time zone", () => {
    const now = new Date('2026-01-01T03:00:00Z');
    expect(todayIn('America/Chicago', now)).toBe('2025-12-31');
    expect(todayIn('UTC', now)).toBe('2026-01-01');
  });

  it('needs both dates in order, or a preset', () => {
    expect(endYearReportQuerySchema.safeParse({ date_range: 'CY' }).success).toBe(true);
    expect(endYearReportQuerySchema.safeParse({ start_date: '2026-01-01', end_date: '2026-03-31' }).success).toBe(true);
    expect(endYearReportQuerySchema.safeParse({ start_date: '2026-04-01', end_date: '2026-03-31' }).success).toBe(
      false,
    );
    expect(endYearReportQuerySchema.safeParse({ start_date: '2026-01-01' }).success).toBe(false);
    expect(endYearReportQuerySchema.safeParse({ date_range: 'XX' }).success).toBe(false);
  });
});
