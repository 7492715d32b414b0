import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  detectImageType,
  formatMoney,
  formatPrice,
  inventoryUnitCells,
  parsePrice,
  parseQuantity,
  roundDecimalText,
  sortUnitQuantities,
  stripThousandsSeparators,
} from './rules.ts';
import { CHECK_AMOUNT_MAX, PRICE_MAX, QUANTITY_MAX, SERVICE_AMOUNT_MAX } from '../common/money.ts';

/** Exact "int.dd" text of an amount in cents (the reference the parser must reach). */
const centsText = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/** The widest money range: reading large amounts is tested with it. */
const WIDE = SERVICE_AMOUNT_MAX;

/** en-US grouping by threes, written independently of Intl. */
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const cents = fc.bigInt({ min: 0n, max: 999_999_999_999n });

describe('parsePrice', () => {
  it('removes thousands separators and keeps two exact decimals', () => {
    expect(parsePrice('1,234.5')).toEqual({ ok: true, value: '1234.50' });
    expect(parsePrice('123,456.78')).toEqual({ ok: true, value: '123456.78' });
    expect(parsePrice('1,234,567.89', 2, WIDE)).toEqual({ ok: true, value: '1234567.89' });
    expect(parsePrice('$ 2,500')).toEqual({ ok: true, value: '2500.00' });
    expect(parsePrice(' 19.99 ')).toEqual({ ok: true, value: '19.99' });
    expect(parsePrice('.5')).toEqual({ ok: true, value: '0.50' });
    expect(parsePrice('7.')).toEqual({ ok: true, value: '7.00' });
    expect(parsePrice(42)).toEqual({ ok: true, value: '42.00' });
    expect(parsePrice(0)).toEqual({ ok: true, value: '0.00' });
  });

  it('rounds half up to cents without float error', () => {
    expect(parsePrice('1.005')).toEqual({ ok: true, value: '1.01' });
    expect(parsePrice(1.005)).toEqual({ ok: true, value: '1.01' });
    expect(parsePrice('0.125')).toEqual({ ok: true, value: '0.13' });
    expect(parsePrice('0.124999')).toEqual({ ok: true, value: '0.12' });
    expect(parsePrice('9.999')).toEqual({ ok: true, value: '10.00' });
    expect(parsePrice(1e-7)).toEqual({ ok: true, value: '0.00' });
  });

  it('tells empty, invalid, negative and too large apart', () => {
    expect(parsePrice('')).toEqual({ ok: false, reason: 'empty' });
    expect(parsePrice('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(parsePrice(undefined)).toEqual({ ok: false, reason: 'empty' });
    expect(parsePrice(null)).toEqual({ ok: false, reason: 'empty' });
    expect(parsePrice('abc')).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePrice('12,34')).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePrice('1,2345')).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePrice('1.2.3')).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePrice('1e5')).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePrice(Number.NaN)).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePrice(Number.POSITIVE_INFINITY)).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePrice(true)).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePrice({})).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePrice('-5')).toEqual({ ok: false, reason: 'negative' });
    expect(parsePrice(-0.01)).toEqual({ ok: false, reason: 'negative' });
    expect(parsePrice('-0')).toEqual({ ok: true, value: '0.00' });
    expect(parsePrice('-1,000,000')).toEqual({ ok: false, reason: 'negative' });
    expect(parsePrice(-1e21)).toEqual({ ok: false, reason: 'negative' });
    expect(parsePrice(1e21)).toEqual({ ok: false, reason: 'too_large' });
    expect(parsePrice('1'.padEnd(400, '0'))).toEqual({ ok: false, reason: 'too_large' });
    expect(parsePrice('0000000000000000000012.5')).toEqual({ ok: true, value: '12.50' });
  });

  it('holds a unit price to PRICE_MAX unless another range is given', () => {
    expect(parsePrice(PRICE_MAX)).toEqual({ ok: true, value: '999999.99' });
    expect(parsePrice('999,999.99')).toEqual({ ok: true, value: '999999.99' });
    expect(parsePrice(999_999.99)).toEqual({ ok: true, value: '999999.99' });
    expect(parsePrice('1,000,000')).toEqual({ ok: false, reason: 'too_large' });
    // Rounding to cents first: 999,999.995 is a million.
    expect(parsePrice('999999.995')).toEqual({ ok: false, reason: 'too_large' });
    expect(parsePrice(1_000_000)).toEqual({ ok: false, reason: 'too_large' });
    expect(parsePrice('9,999,999,999.99', 2, CHECK_AMOUNT_MAX)).toEqual({ ok: true, value: '9999999999.99' });
    expect(parsePrice('9999999999.995', 2, CHECK_AMOUNT_MAX)).toEqual({ ok: false, reason: 'too_large' });
    expect(parsePrice('10,000,000,000', 2, CHECK_AMOUNT_MAX)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('reads any amount written with en-US separators back to the same cents', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const plain = centsText(c);
        const [int, frac] = plain.split('.');
        expect(parsePrice(`${group(int)}.${frac}`, 2, WIDE)).toEqual({ ok: true, value: plain });
        expect(parsePrice(plain, 2, WIDE)).toEqual({ ok: true, value: plain });
      }),
    );
  });

  it('agrees with Intl en-US formatting', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (c) => {
        const text = (c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        expect(parsePrice(text, 2, WIDE)).toEqual({ ok: true, value: centsText(BigInt(c)) });
      }),
    );
  });

  it('gives the same value with or without separators, and is idempotent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 9_999_999_999n }), fc.stringMatching(/^\d{0,5}$/), (int, frac) => {
        const withFrac = frac ? `.${frac}` : '';
        const a = parsePrice(`${int}${withFrac}`);
        const b = parsePrice(`${group(int.toString())}${withFrac}`);
        expect(b).toEqual(a);
        if (a.ok) expect(parsePrice(a.value)).toEqual(a);
      }),
    );
  });

  it('rounds half up to the nearest cent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999_999n }), (tenThousandths) => {
        const text = `${tenThousandths / 10000n}.${(tenThousandths % 10000n).toString().padStart(4, '0')}`;
        const parsed = parsePrice(text);
        if (!parsed.ok) return;
        const back = BigInt(parsed.value.replace('.', '')) * 100n;
        const diff = back - tenThousandths;
        // Half a cent exactly rounds up.
        expect(diff > -50n && diff <= 50n).toBe(true);
      }),
    );
  });

  it('accepts every finite non-negative number within the range, and none above it', () => {
    for (const [max, limit] of [
      [PRICE_MAX, 999_999.99],
      [WIDE, 9_999_999_999],
    ] as const) {
      fc.assert(
        fc.property(fc.double({ min: 0, max: limit, noNaN: true }), (n) => {
          const parsed = parsePrice(n, 2, max);
          expect(parsed.ok).toBe(true);
          if (parsed.ok) expect(Math.abs(Number(parsed.value) - n)).toBeLessThanOrEqual(0.005 + 1e-6 * Math.max(1, n));
        }),
      );
    }
    fc.assert(
      fc.property(fc.double({ min: 1_000_000, max: 1e300, noNaN: true }), (n) => {
        expect(parsePrice(n)).toEqual({ ok: false, reason: 'too_large' });
      }),
    );
  });
});

describe('stripThousandsSeparators and roundDecimalText', () => {
  it('only strips well-formed groups', () => {
    expect(stripThousandsSeparators('1,000')).toBe('1000');
    expect(stripThousandsSeparators('1000')).toBe('1000');
    expect(stripThousandsSeparators('1,00')).toBeNull();
    expect(stripThousandsSeparators(',100')).toBeNull();
  });

  it('rounds decimal text exactly', () => {
    expect(roundDecimalText('0.995', 2)).toBe('1.00');
    expect(roundDecimalText('00012.3', 2)).toBe('12.30');
    expect(roundDecimalText('.004', 2)).toBe('0.00');
    expect(roundDecimalText('2.5', 0)).toBe('3');
  });
});

describe('formatPrice', () => {
  it('shows en-US grouping with two decimals', () => {
    expect(formatPrice(1234.5)).toBe('1,234.50');
    expect(formatPrice('1234567.891')).toBe('1,234,567.89');
    expect(formatPrice('x')).toBe('');
  });

  it('formats money with a dollar sign, and nothing for what is not a number', () => {
    expect(formatMoney('1250.75')).toBe('$1,250.75');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney('x')).toBe('');
  });

  it('round-trips through parsePrice', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const plain = centsText(c);
        if (Number(plain) > 9e12) return;
        expect(parsePrice(formatPrice(plain), 2, WIDE)).toEqual({ ok: true, value: plain });
      }),
    );
  });
});

describe('parseQuantity', () => {
  it('accepts whole numbers only', () => {
    expect(parseQuantity(12)).toEqual({ ok: true, value: 12 });
    expect(parseQuantity('12')).toEqual({ ok: true, value: 12 });
    expect(parseQuantity('1,200')).toEqual({ ok: true, value: 1200 });
    expect(parseQuantity('7.00')).toEqual({ ok: true, value: 7 });
    expect(parseQuantity('-0')).toEqual({ ok: true, value: 0 });
    expect(parseQuantity(12.5)).toEqual({ ok: false, reason: 'not_integer' });
    expect(parseQuantity('12.5')).toEqual({ ok: false, reason: 'not_integer' });
    expect(parseQuantity('twelve')).toEqual({ ok: false, reason: 'not_integer' });
    expect(parseQuantity(true)).toEqual({ ok: false, reason: 'not_integer' });
    expect(parseQuantity('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseQuantity(-1)).toEqual({ ok: false, reason: 'negative' });
    expect(parseQuantity('-3')).toEqual({ ok: false, reason: 'negative' });
    expect(parseQuantity(QUANTITY_MAX)).toEqual({ ok: true, value: 99_999 });
    expect(parseQuantity('99,999')).toEqual({ ok: true, value: 99_999 });
    expect(parseQuantity(100_000)).toEqual({ ok: false, reason: 'too_large' });
    expect(parseQuantity('100,000')).toEqual({ ok: false, reason: 'too_large' });
    expect(parseQuantity(2_147_483_648)).toEqual({ ok: false, reason: 'too_large' });
    expect(parseQuantity('9'.repeat(400))).toEqual({ ok: false, reason: 'too_large' });
    expect(parseQuantity(2_147_483_647, 2_147_483_647)).toEqual({ ok: true, value: 2_147_483_647 });
  });

  it('reads back any non-negative integer within the range, and none above it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: QUANTITY_MAX }), (n) => {
        expect(parseQuantity(n)).toEqual({ ok: true, value: n });
        expect(parseQuantity(String(n))).toEqual({ ok: true, value: n });
        expect(parseQuantity(n.toLocaleString('en-US'))).toEqual({ ok: true, value: n });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: QUANTITY_MAX + 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(parseQuantity(n)).toEqual({ ok: false, reason: 'too_large' });
        expect(parseQuantity(String(n))).toEqual({ ok: false, reason: 'too_large' });
      }),
    );
  });
});

describe('detectImageType', () => {
  const bytes = (...parts: (number[] | string)[]) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

  it('recognises PNG, JPEG, GIF and WebP by their signatures', () => {
    expect(detectImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectImageType(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(detectImageType(bytes('GIF87a'))).toBe('image/gif');
    expect(detectImageType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, whatever its name', () => {
    expect(detectImageType(bytes('%PDF-1.7'))).toBeNull();
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(detectImageType(bytes([0x89], 'PN'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe('inventory cells', () => {
  it('shows a cell only for active units, in column order', () => {
    const units = [
      { unit_measure: 'Box' as const, quantity: 3, active: true },
      { unit_measure: 'Each' as const, quantity: 40, active: true },
      { unit_measure: 'Case' as const, quantity: 1, active: false },
    ];
    expect(inventoryUnitCells(units)).toEqual({ Bag: null, Box: 3, Case: null, Each: 40, Hours: null, Pack: null });
    expect(sortUnitQuantities(units).map((u) => u.unit_measure)).toEqual(['Each', 'Case', 'Box']);
  });
});
