import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { microToString, toMicro } from '../common/decimal.ts';
import { lineTotal } from '../orders/rules.ts';
import {
  canWriteOff,
  effectiveOutstanding,
  entryChanges,
  invoiceAmount,
  invoiceBalance,
  invoiceTotals,
  serviceBalance,
  settledOnService,
  WRITE_OFF_PROBLEMS,
  writtenOffOutstanding,
  writeOffEntry,
  writeOffProblems,
  writeOffTotals,
  type InvoicedService,
} from './rules.ts';

type Service = InvoicedService & { id: number };

function service(overrides: Partial<Service> = {}): Service {
  return {
    id: 1,
    sale_price: '10.00',
    adjusted_sale_price: '11.000',
    added_percentage: false,
    amount_remmited: 2,
    tax_amount: '0.00',
    outstanding: '20.00',
    remitted: '0.00',
    amount_ajusted: '0.00',
    write_off: '0.00',
    ...overrides,
  };
}

/** A service whose payer paid `paid` of its invoice amount (the stored values a posting leaves). */
function paid(amount: string, overrides: Partial<Service> = {}): Service {
  const s = service(overrides);
  const owed = toMicro(invoiceAmount(s)) - toMicro(amount);
  return { ...s, remitted: amount, outstanding: microToString(owed) };
}

describe('invoice amount', () => {
  it('is sale price x quantity plus tax', () => {
    expect(invoiceAmount(service({ tax_amount: '1.40' }))).toBe('21.40');
  });
  it('uses the adjusted price when a percentage was added', () => {
    expect(invoiceAmount(service({ added_percentage: true, adjusted_sale_price: '10.125', amount_remmited: 3 }))).toBe(
      '30.38',
    );
  });
  it('takes numbers and text alike', () => {
    expect(invoiceAmount(service({ sale_price: 0.1, amount_remmited: '3', tax_amount: 0.2 }))).toBe('0.50');
  });
});

describe('effective outstanding (4.7)', () => {
  it('is the saved outstanding while nothing is adjusted or written off', () => {
    expect(effectiveOutstanding(service({ outstanding: '7.50' }))).toBe('7.50');
  });
  it('counts as 0 once an adjusted amount or a write-off is greater than 0', () => {
    expect(effectiveOutstanding(service({ outstanding: '7.50', amount_ajusted: '0.01' }))).toBe('0.00');
    expect(effectiveOutstanding(service({ outstanding: '7.50', write_off: '2.00' }))).toBe('0.00');
  });
  it('is the invoice amount before the service is invoiced', () => {
    expect(effectiveOutstanding(service({ outstanding: null }))).toBe('20.00');
  });
});

describe('write-off checkbox (4.7)', () => {
  it('is enabled while something is owed and nothing is written off or adjusted', () => {
    expect(canWriteOff(service())).toBe(true);
    expect(canWriteOff(service({ outstanding: null }))).toBe(true);
    expect(canWriteOff(paid('12.00'))).toBe(true);
  });
  it('is disabled when the invoice amount equals the saved outstanding (all of it settled)', () => {
    expect(settledOnService(paid('12.00'))).toBe('12.00');
    expect(canWriteOff({ ...service(), outstanding: '0.00', amount_ajusted: '20.00' })).toBe(false);
  });
  it('is disabled when the entire amount is remitted', () => {
    expect(canWriteOff(paid('20.00'))).toBe(false);
    // Even if a stale outstanding says otherwise.
    expect(canWriteOff({ ...service(), remitted: '20.00' })).toBe(false);
  });
  it('is disabled once written off or adjusted (the outstanding counts as 0)', () => {
    expect(canWriteOff({ ...paid('12.00'), outstanding: '0.00', write_off: '8.00' })).toBe(false);
    expect(canWriteOff({ ...paid('12.00'), outstanding: '0.00', amount_ajusted: '8.00' })).toBe(false);
    expect(canWriteOff({ ...paid('12.00'), amount_ajusted: '0.01' })).toBe(false);
  });
});

describe('write-off entries and totals', () => {
  const a = paid('12.00', { id: 1 });
  const b = paid('5.00', { id: 2, sale_price: '7.25', amount_remmited: 1 });
  it('checking moves the whole outstanding to the write-off; unchecking keeps the stored values', () => {
    expect(writeOffEntry(a, true)).toEqual({ id: 1, outstanding: '0.00', amount_ajusted: '0.00', write_off: '8.00' });
    expect(writeOffEntry(a, false)).toEqual({ id: 1, outstanding: '8.00', amount_ajusted: '0.00', write_off: '0.00' });
    expect(entryChanges(a, writeOffEntry(a, true))).toBe(true);
    expect(entryChanges(a, writeOffEntry(a, false))).toBe(false);
  });
  it('a saved write-off stays as it is', () => {
    const done = { ...a, outstanding: '0.00', write_off: '8.00' };
    expect(writeOffEntry(done, false)).toEqual({
      id: 1,
      outstanding: '0.00',
      amount_ajusted: '0.00',
      write_off: '8.00',
    });
  });
  it('totals follow the boxes', () => {
    expect(writeOffTotals([a, b], () => false)).toEqual({
      original: '27.25',
      outstanding: '10.25',
      writeOff: '0.00',
      balance: '10.25',
    });
    expect(writeOffTotals([a, b], (id) => id === 1)).toEqual({
      original: '27.25',
      outstanding: '2.25',
      writeOff: '8.00',
      balance: '2.25',
    });
  });
});

describe('balance', () => {
  it('is invoice amount - remitted - adjusted - written off, per service, never negative', () => {
    expect(serviceBalance(paid('12.00'))).toBe('8.00');
    expect(serviceBalance({ ...paid('12.00'), write_off: '8.00', outstanding: '0.00' })).toBe('0.00');
    expect(serviceBalance(service({ remitted: '25.00' }))).toBe('0.00');
    expect(invoiceBalance([service({ remitted: '25.00' }), service()])).toBe('20.00');
  });
  it('totals of the invoice', () => {
    const t = invoiceTotals([service({ tax_amount: '1.40', remitted: '5.00' }), service({ write_off: '3.00' })]);
    expect(t).toEqual({
      subtotal: '40.00',
      tax: '1.40',
      total: '41.40',
      remitted: '5.00',
      adjusted: '0.00',
      writtenOff: '3.00',
      balance: '33.40',
    });
  });
});

describe('server check of a write-off', () => {
  const s = paid('12.00');
  it('accepts the whole outstanding, and the stored values again (a repeat)', () => {
    expect(writeOffProblems(s, { outstanding: '0.00', amount_ajusted: '0.00', write_off: '8.00' })).toEqual({});
    const done = { ...s, outstanding: '0.00', write_off: '8.00' };
    expect(writeOffProblems(done, { outstanding: '0.00', amount_ajusted: '0.00', write_off: '8.00' })).toEqual({});
  });
  it('accepts part of the outstanding, and the outstanding sent unchanged (it counts as 0)', () => {
    expect(writeOffProblems(s, { outstanding: '1.00', amount_ajusted: '0.00', write_off: '7.00' })).toEqual({});
    expect(writeOffProblems(s, { outstanding: '8.00', amount_ajusted: '0.00', write_off: '8.00' })).toEqual({});
    expect(writtenOffOutstanding(s, { outstanding: '8.00', amount_ajusted: '0.00', write_off: '8.00' })).toBe('0.00');
    expect(writtenOffOutstanding(s, { outstanding: '1.00', amount_ajusted: '0.00', write_off: '7.00' })).toBe('1.00');
  });
  it('refuses more than the outstanding, a take-back and a stale outstanding', () => {
    expect(writeOffProblems(s, { outstanding: '0.00', amount_ajusted: '0.00', write_off: '8.01' })).toEqual({
      write_off: WRITE_OFF_PROBLEMS.exceeds,
    });
    const done = { ...s, outstanding: '0.00', write_off: '8.00' };
    expect(writeOffProblems(done, { outstanding: '8.00', amount_ajusted: '0.00', write_off: '0.00' })).toEqual({
      write_off: WRITE_OFF_PROBLEMS.final,
    });
    expect(writeOffProblems(s, { outstanding: '3.00', amount_ajusted: '0.00', write_off: '0.00' })).toEqual({
      outstanding: WRITE_OFF_PROBLEMS.stale,
    });
    expect(writeOffProblems(s, { outstanding: '8.00', amount_ajusted: '1.00', write_off: '0.00' })).toEqual({
      amount_ajusted: WRITE_OFF_PROBLEMS.adjusted,
    });
  });
  it('refuses a fully remitted service', () => {
    expect(writeOffProblems(paid('20.00'), { outstanding: '0.00', amount_ajusted: '0.00', write_off: '1.00' })).toEqual(
      {
        write_off: WRITE_OFF_PROBLEMS.fullyRemitted,
      },
    );
  });
});

// ---- properties -------------------------------------------------------------------------------

const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => microToString(BigInt(c) * 10_000n));
const priced = fc.record({
  sale_price: cents(500_000),
  adjusted_sale_price: fc.integer({ min: 0, max: 5_000_000 }).map((m) => microToString(BigInt(m) * 1000n, 3)),
  added_percentage: fc.boolean(),
  amount_remmited: fc.integer({ min: 1, max: 50 }),
  tax_amount: cents(5_000),
});
/** A stored service that obeys the posting invariant, with a random split of its amount. */
const stored = fc
  .tuple(priced, fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 2 }))
  .map(([p, remitShare, closing]): Service => {
    const total = toMicro(invoiceAmount(p));
    const remitted = ((total * BigInt(remitShare)) / 1000n / 10_000n) * 10_000n;
    const rest = total - remitted;
    // closing: 0 leaves the rest outstanding, 1 adjusts it away (insurance adjustment), 2 writes it off.
    const adjusted = closing === 1 ? rest : 0n;
    const written = closing === 2 ? rest : 0n;
    return {
      id: 1,
      ...p,
      remitted: microToString(remitted),
      amount_ajusted: microToString(adjusted),
      write_off: microToString(written),
      outstanding: microToString(rest - adjusted - written),
    };
  });

describe('properties', () => {
  it('invoice amount = line total + tax, exactly', () => {
    fc.assert(
      fc.property(priced, (p) => {
        const line = lineTotal({ ...p, quantity: p.amount_remmited });
        expect(toMicro(invoiceAmount(p))).toBe(toMicro(line) + toMicro(p.tax_amount));
      }),
    );
  });
  it('balance is never negative and, under the posting invariant, equals the outstanding', () => {
    fc.assert(
      fc.property(stored, (s) => {
        expect(toMicro(serviceBalance(s)) >= 0n).toBe(true);
        expect(serviceBalance(s)).toBe(microToString(toMicro(s.outstanding ?? '0')));
      }),
    );
  });
  it('a checked write-off the server accepts leaves nothing owed and keeps the invariant', () => {
    fc.assert(
      fc.property(stored, (s) => {
        const entry = writeOffEntry(s, true);
        if (!canWriteOff(s)) return;
        expect(writeOffProblems(s, entry)).toEqual({});
        const after = { ...s, outstanding: entry.outstanding, write_off: entry.write_off };
        expect(serviceBalance(after)).toBe('0.00');
        expect(effectiveOutstanding(after)).toBe('0.00');
        const sum =
          toMicro(after.outstanding) +
          toMicro(after.remitted) +
          toMicro(after.amount_ajusted) +
          toMicro(after.write_off);
        expect(sum).toBe(toMicro(invoiceAmount(s)));
        // Repeating it is a no-op the server accepts.
        expect(writeOffProblems(after, entry)).toEqual({});
        expect(entryChanges(after, entry)).toBe(false);
      }),
    );
  });
  it('no accepted request ever leaves a negative outstanding or exceeds what was owed', () => {
    fc.assert(
      fc.property(stored, cents(1_000_000), cents(1_000_000), (s, outstanding, writeOff) => {
        const problems = writeOffProblems(s, {
          outstanding,
          amount_ajusted: String(s.amount_ajusted),
          write_off: writeOff,
        });
        if (Object.keys(problems).length > 0) return;
        expect(toMicro(outstanding) >= 0n).toBe(true);
        expect(toMicro(writeOff) - toMicro(s.write_off) <= toMicro(s.outstanding ?? '0')).toBe(true);
        expect(toMicro(outstanding) + toMicro(writeOff)).toBe(toMicro(s.outstanding ?? '0') + toMicro(s.write_off));
      }),
    );
  });
  it('dialog totals: outstanding + write-off only moves between the two columns', () => {
    fc.assert(
      fc.property(
        fc.array(stored, { minLength: 1, maxLength: 8 }),
        fc.array(fc.boolean(), { maxLength: 8 }),
        (list, boxes) => {
          const services = list.map((s, i) => ({ ...s, id: i + 1 }));
          const none = writeOffTotals(services, () => false);
          const some = writeOffTotals(services, (id) => (boxes[id - 1] ?? false) && canWriteOff(services[id - 1]));
          expect(some.original).toBe(none.original);
          expect(toMicro(some.outstanding) + toMicro(some.writeOff)).toBe(
            toMicro(none.outstanding) + toMicro(none.writeOff),
          );
          expect(toMicro(some.balance) <= toMicro(none.balance)).toBe(true);
          expect(some.balance).toBe(some.outstanding);
        },
      ),
    );
  });
});
