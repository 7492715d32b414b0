import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toMicro } from '../common/decimal.ts';
import { adjustedPrice, parsePercentage, PERCENTAGE_DECIMALS } from './rules.ts';
import { productLineSchema, serviceCloneSchema } from './schemas.ts';

const line = {
  product_id: 3,
  variant: 7,
  recurrence_id: 1,
  quantity: 2,
  sale_price: '1,250.75',
  added_percentage: true,
  service_date: '2026-01-01',
  end_date: '2026-06-01',
};

describe('percentage precision (3 decimals end to end)', () => {
  it('reads a percentage exactly to 3 decimals', () => {
    expect(PERCENTAGE_DECIMALS).toBe(3);
    expect(parsePercentage('12.345')).toEqual({ ok: true, value: '12.345' });
    expect(parsePercentage(12.345)).toEqual({ ok: true, value: '12.345' });
    expect(parsePercentage('7.5')).toEqual({ ok: true, value: '7.500' });
    expect(parsePercentage('0.0005')).toEqual({ ok: true, value: '0.001' });
    expect(parsePercentage('12.3454')).toEqual({ ok: true, value: '12.345' });
    expect(parsePercentage('-0.000')).toEqual({ ok: true, value: '0.000' });
    expect(parsePercentage('-0.001')).toEqual({ ok: false, reason: 'negative' });
    expect(parsePercentage('abc')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('the adjusted price of 1,250.75 at 12.345 % is 1405.155 (not 1405.218 from 12.35)', () => {
    expect(adjustedPrice('1,250.75', '12.345')).toBe('1405.155');
    expect(adjustedPrice('1250.75', '12.35')).toBe('1405.218');
  });

  it('the product-line and clone schemas keep the 3 decimals', () => {
    const parsed = productLineSchema.parse({ ...line, percentage: '12.345' });
    expect(parsed.percentage).toBe('12.345');
    expect(adjustedPrice(parsed.sale_price, parsed.percentage!)).toBe('1405.155');
    const clone = serviceCloneSchema.parse({
      product_id: 1,
      order_product_id: 2,
      date: '2026-03-01',
      amount_remmited: 1,
      sale_price: 10,
      added_percentage: true,
      percentage: 12.345,
    });
    expect(clone.percentage).toBe('12.345');
    expect(productLineSchema.safeParse({ ...line, percentage: '1000.001' }).success).toBe(false);
    expect(productLineSchema.parse({ ...line, percentage: '1000' }).percentage).toBe('1000.000');
  });

  it('any percentage with up to 3 decimals reads back as itself, and prices from it exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (p, cents) => {
        const text = (p / 1000).toFixed(3);
        const parsed = parsePercentage(text);
        if (!parsed.ok || parsed.value !== text) return false;
        // sale x (100000 + p) / 100000, in thousandths, rounded half up.
        const num = BigInt(cents) * BigInt(100_000 + p);
        const thousandths = (num + 5_000n) / 10_000n;
        return toMicro(adjustedPrice((cents / 100).toFixed(2), parsed.value)) === thousandths * 1000n;
      }),
    );
  });
});
