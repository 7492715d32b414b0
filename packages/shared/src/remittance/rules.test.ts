import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { microToString, toMicro } from '../common/decimal.ts';
import {
  applyEntry,
  checkRemaining,
  clampPercentage,
  creditCap,
  creditProblem,
  POSTING_INCONSISTENT,
  POSTING_ONE_MODE,
  readPostedLine,
  remittanceBalance,
  settledAmount,
  type RemitEntry,
  type RemitServiceMoney,
} from './rules.ts';

const fresh: RemitServiceMoney = {
  invoice_amount: '100.00',
  outstanding: '100.00',
  amount_ajusted: '0',
  write_off: '0',
};

describe('remittance rules', () => {
  it('clamps a percentage to 0..100, anything else to 0', () => {
    expect(clampPercentage(80)).toBe(80);
    expect(clampPercentage('12.5')).toBe(12.5);
    expect(clampPercentage(101)).toBe(0);
    expect(clampPercentage(-1)).toBe(0);
    expect(clampPercentage('abc')).toBe(0);
    expect(clampPercentage(null)).toBe(0);
  });

  it('saved outstanding is what is settled; the credit cap is invoice amount minus it', () => {
    expect(settledAmount(fresh)).toBe('0.00');
    expect(creditCap(fresh)).toBe('100.00');
    const partly = { ...fresh, outstanding: '40.00' };
    expect(settledAmount(partly)).toBe('60.00');
    expect(creditCap(partly)).toBe('40.00');
    expect(creditProblem('40.01', { ...partly })).toBe('Only $40.00 is still due.');
    expect(creditProblem('40', { ...partly })).toBeNull();
  });

  it('applies each mode', () => {
    expect(applyEntry(fresh, { mode: 'entire' })).toEqual({
      outstanding: '0.00',
      amount_ajusted: '0.00',
      write_off: '0.00',
      applied: '100.00',
    });
    expect(applyEntry({ ...fresh, outstanding: '33.33' }, { mode: 'percentage', percentage: 50 }).applied).toBe(
      '16.67',
    );
    expect(applyEntry(fresh, { mode: 'percentage', percentage: 150 }).applied).toBe('0.00');
    expect(applyEntry(fresh, { mode: 'credit', credit: '37.20' })).toMatchObject({
      applied: '37.20',
      outstanding: '62.80',
    });
    expect(applyEntry(fresh, { mode: 'credit', credit: '1000' }).applied).toBe('100.00');
    expect(applyEntry(fresh, { mode: 'adjustment' })).toMatchObject({
      applied: '0.00',
      amount_ajusted: '100.00',
      outstanding: '0.00',
    });
    expect(applyEntry(fresh, { mode: 'writeOff' })).toMatchObject({
      applied: '0.00',
      write_off: '100.00',
      outstanding: '0.00',
    });
    expect(applyEntry(fresh, { mode: 'none' })).toMatchObject({ applied: '0.00', outstanding: '100.00' });
  });

  it('reads a posted line back from the stored and sent values', () => {
    expect(readPostedLine(fresh, { outstanding: '62.80', amount_ajusted: '0', write_off: '0' })).toEqual({
      applied: '37.20',
      adjusted: '0.00',
      writtenOff: '0.00',
    });
    expect(readPostedLine(fresh, { outstanding: '0', amount_ajusted: '100', write_off: '0' })).toEqual({
      applied: '0.00',
      adjusted: '100.00',
      writtenOff: '0.00',
    });
    expect(readPostedLine(fresh, { outstanding: '101', amount_ajusted: '0', write_off: '0' })).toBe(
      POSTING_INCONSISTENT,
    );
    expect(readPostedLine(fresh, { outstanding: '-1', amount_ajusted: '0', write_off: '0' })).toBe(
      POSTING_INCONSISTENT,
    );
    expect(readPostedLine(fresh, { outstanding: '0', amount_ajusted: '50', write_off: '0' })).toBe(POSTING_ONE_MODE);
    expect(readPostedLine(fresh, { outstanding: '50', amount_ajusted: '50', write_off: '0' })).toBe(
      POSTING_INCONSISTENT,
    );
    expect(
      readPostedLine({ ...fresh, amount_ajusted: '5' }, { outstanding: '100', amount_ajusted: '0', write_off: '0' }),
    ).toBe(POSTING_INCONSISTENT);
  });

  it('balance never goes negative; check remaining never negative', () => {
    expect(remittanceBalance({ invoice_amount: 100, remitted: 60, amount_ajusted: 10, write_off: 5 })).toBe('25.00');
    expect(remittanceBalance({ invoice_amount: 100, remitted: 160, amount_ajusted: 0, write_off: 0 })).toBe('0.00');
    expect(checkRemaining('50', '20.5')).toBe('29.50');
    expect(checkRemaining('50', '70')).toBe('0.00');
  });
});

const cents = fc.integer({ min: 0, max: 5_000_000 }).map((c) => (c / 100).toFixed(2));
const entry: fc.Arbitrary<RemitEntry> = fc.oneof(
  fc.constant<RemitEntry>({ mode: 'none' }),
  fc.constant<RemitEntry>({ mode: 'entire' }),
  fc.constant<RemitEntry>({ mode: 'adjustment' }),
  fc.constant<RemitEntry>({ mode: 'writeOff' }),
  fc.integer({ min: -50, max: 150 }).map<RemitEntry>((p) => ({ mode: 'percentage', percentage: p })),
  cents.map<RemitEntry>((c) => ({ mode: 'credit', credit: c })),
);

describe('remittance rules (properties)', () => {
  it('a posting computed by the dialog is read back exactly by the server, and conserves money', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 100 }), entry, (invoice, paidPct, e) => {
        const outstanding = ((Number(invoice) * (100 - paidPct)) / 100).toFixed(2);
        const money: RemitServiceMoney = { invoice_amount: invoice, outstanding, amount_ajusted: '0', write_off: '0' };
        const result = applyEntry(money, e);
        expect(toMicro(result.outstanding)).toBeGreaterThanOrEqual(0n);
        const line = readPostedLine(money, result);
        expect(typeof line).toBe('object');
        if (typeof line === 'string') return;
        expect(line.applied).toBe(result.applied);
        const taken = toMicro(line.applied) + toMicro(line.adjusted) + toMicro(line.writtenOff);
        expect(taken + toMicro(result.outstanding)).toBe(toMicro(outstanding));
      }),
      { numRuns: 500 },
    );
  });

  it('1,000 random posting/revert sequences: balances never negative, a revert restores exactly', () => {
    const text = (m: bigint) => microToString(m, 2);
    interface Took {
      applied: bigint;
      adjusted: bigint;
      written: bigint;
    }
    const revert = (money: RemitServiceMoney, p: Took): RemitServiceMoney => ({
      ...money,
      outstanding: text(toMicro(money.outstanding) + p.applied + p.adjusted + p.written),
      amount_ajusted: text(toMicro(money.amount_ajusted) - p.adjusted),
      write_off: text(toMicro(money.write_off) - p.written),
    });
    fc.assert(
      fc.property(cents, fc.array(fc.tuple(entry, fc.boolean()), { minLength: 1, maxLength: 8 }), (invoice, steps) => {
        let money: RemitServiceMoney = {
          invoice_amount: invoice,
          outstanding: invoice,
          amount_ajusted: '0',
          write_off: '0',
        };
        let remitted = 0n;
        const posted: Took[] = [];
        for (const [e, undo] of steps) {
          const last = posted.at(-1);
          if (undo && last) {
            posted.pop();
            money = revert(money, last);
            remitted -= last.applied;
          } else {
            const result = applyEntry(money, e);
            const line = readPostedLine(money, result);
            if (typeof line === 'string') throw new Error(line);
            posted.push({
              applied: toMicro(line.applied),
              adjusted: toMicro(line.adjusted),
              written: toMicro(line.writtenOff),
            });
            remitted += toMicro(line.applied);
            money = { ...money, ...result };
          }
          const balance = remittanceBalance({
            invoice_amount: invoice,
            remitted: text(remitted),
            amount_ajusted: money.amount_ajusted,
            write_off: money.write_off,
          });
          expect(toMicro(balance)).toBeGreaterThanOrEqual(0n);
          expect(toMicro(balance)).toBe(toMicro(money.outstanding));
        }
        for (const p of [...posted].reverse()) money = revert(money, p);
        expect(money.outstanding).toBe(invoice);
        expect(toMicro(money.amount_ajusted)).toBe(0n);
        expect(toMicro(money.write_off)).toBe(0n);
      }),
      { numRuns: 1000 },
    );
  });
});
