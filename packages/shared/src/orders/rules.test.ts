import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import dayjs from 'dayjs';
import {
  adjustedPrice,
  lineTax,
  lineTotal,
  occurrenceDates,
  occurrenceTotal,
  productLineDateProblem,
} from './rules.ts';
import { microToString, sumDecimals, toMicro } from '../common/decimal.ts';

const date = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => dayjs(d).format('YYYY-MM-DD'));
const cents = fc.integer({ min: 0, max: 10_000_000 });

describe('product line date rules', () => {
  it('refuses equal dates and a service date after the end date', () => {
    expect(productLineDateProblem('2026-01-10', '2026-01-10', 1)).toMatch(/cannot be equal to or after/);
    expect(productLineDateProblem('2026-02-10', '2026-01-10', 1)).toMatch(/cannot be equal to or after/);
  });
  it('needs 30 days, or 15 for recurrence 3 (boundaries exact)', () => {
    expect(productLineDateProblem('2026-01-01', '2026-01-31', 1)).toBeNull();
    expect(productLineDateProblem('2026-01-01', '2026-01-30', 1)).toMatch(/at least 30 days/);
    expect(productLineDateProblem('2026-01-01', '2026-01-16', 3)).toBeNull();
    expect(productLineDateProblem('2026-01-01', '2026-01-15', 3)).toMatch(/at least 15 days/);
    expect(productLineDateProblem('2026-01-01', '2026-01-30', 5)).toMatch(/at least 30 days/);
  });
});

describe('occurrence dates', () => {
  it('monthly, from the start date without month-end drift', () => {
    expect(occurrenceDates('2026-01-31', '2026-04-30', 1)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
  });
  it('every 2 months, quarterly, every 15 days, one time', () => {
    expect(occurrenceDates('2026-01-15', '2026-07-15', 2)).toEqual([
      '2026-01-15',
      '2026-03-15',
      '2026-05-15',
      '2026-07-15',
    ]);
    expect(occurrenceDates('2026-01-15', '2026-12-31', 4)).toEqual([
      '2026-01-15',
      '2026-04-15',
      '2026-07-15',
      '2026-10-15',
    ]);
    expect(occurrenceDates('2026-01-01', '2026-02-01', 3)).toEqual(['2026-01-01', '2026-01-16', '2026-01-31']);
    expect(occurrenceDates('2026-01-01', '2026-12-01', 5)).toEqual(['2026-01-01']);
  });
  it('always starts at S, ascends, and never passes E', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 800 }), fc.integer({ min: 1, max: 5 }), (s, span, rec) => {
        const e = dayjs(s).add(span, 'day').format('YYYY-MM-DD');
        const dates = occurrenceDates(s, e, rec);
        if (dates[0] !== s) return false;
        for (let i = 1; i < dates.length; i++) if (!(dates[i] > dates[i - 1])) return false;
        return dates.every((d) => d <= e) && (rec !== 5 || dates.length === 1);
      }),
    );
  });
});

describe('prices and totals', () => {
  it('adjusted price rounds to 3 decimals', () => {
    expect(adjustedPrice('10.00', '12.5')).toBe('11.250');
    expect(adjustedPrice('19.99', '7')).toBe('21.389');
    expect(adjustedPrice('0.01', '50')).toBe('0.015');
    expect(adjustedPrice('1,234.50', '0')).toBe('1234.500');
  });
  it('adjusted price equals sale x (100 + p) / 100 to the nearest thousandth', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 10_000 }), (c, p100) => {
        // price c cents, percentage p hundredths: value = c x (10000 + p) / 1e6, in thousandths / 1000
        const num = BigInt(c) * BigInt(10_000 + p100);
        const thousandths = (num + 500n) / 1000n;
        return toMicro(adjustedPrice((c / 100).toFixed(2), (p100 / 100).toFixed(2))) === thousandths * 1000n;
      }),
    );
  });
  it('line total uses the adjusted price only when a percentage was added', () => {
    expect(lineTotal({ sale_price: '10.00', adjusted_sale_price: '11.250', added_percentage: true, quantity: 3 })).toBe(
      '33.75',
    );
    expect(
      lineTotal({ sale_price: '10.00', adjusted_sale_price: '11.250', added_percentage: false, quantity: 3 }),
    ).toBe('30.00');
  });
  it('occurrence total is the exact sum of line totals', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ c: cents, q: fc.integer({ min: 1, max: 500 }) }), { maxLength: 20 }), (rows) => {
        const lines = rows.map((r) => ({
          sale_price: (r.c / 100).toFixed(2),
          adjusted_sale_price: null,
          added_percentage: false,
          quantity: r.q,
        }));
        const expected = rows.reduce((acc, r) => acc + BigInt(r.c) * BigInt(r.q), 0n);
        return toMicro(occurrenceTotal(lines)) === expected * 10_000n;
      }),
    );
  });
  it('tax', () => {
    expect(lineTax('100.00', true, '0.07')).toBe('7.00');
    expect(lineTax('100.00', false, '0.07')).toBe('0.00');
  });
  it('decimal helpers', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.30');
    expect(microToString(toMicro('-2.005'), 2)).toBe('-2.01');
    expect(() => toMicro('abc')).toThrow();
  });
});
