import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentState, holdItems, validFrom, validThrough, type HoldItem, type RuleDocument } from './rules.ts';

const addDays = (date: string, days: number): string => dayjs(date).add(days, 'day').format('YYYY-MM-DD');
const addMonths = (date: string, months: number): string => dayjs(date).add(months, 'month').format('YYYY-MM-DD');

const wireDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function doc(fields: Partial<RuleDocument> & Pick<RuleDocument, 'type'>): RuleDocument {
  return {
    id: 1,
    date: '2026-01-01',
    hcpcs: [],
    length_of_need_months: null,
    vendor_id: null,
    vendor_name: '',
    number: '',
    units: null,
    start_date: null,
    end_date: null,
    ...fields,
  };
}
const order = (date: string, hcpcs: string[], months = 99) =>
  doc({ type: 'standard_written_order', date, hcpcs, length_of_need_months: months });
const faceToFace = (date: string) => doc({ type: 'face_to_face', date });
const item = (hcpcs: string, quantity = 1, face_to_face = false): HoldItem => ({ hcpcs, quantity, face_to_face });
const CODES = ['E0601', 'E0193', 'E0277', 'K0001', 'A7030'];

describe('validThrough', () => {
  const swo = (date: string, months: number | null) =>
    ({ type: 'standard_written_order', date, length_of_need_months: months, end_date: null }) as const;

  it('ends an order the day before its length of need runs out, as PostgreSQL does', () => {
    expect(validThrough(swo('2026-01-15', 3))).toBe('2026-04-14');
    expect(validThrough(swo('2026-01-01', 12))).toBe('2026-12-31');
    // (date + make_interval(months => n))::date - 1 clamps to the month's last day first.
    expect(validThrough(swo('2026-01-31', 1))).toBe('2026-02-27');
    expect(validThrough(swo('2024-01-31', 1))).toBe('2024-02-28');
    expect(validThrough(swo('2024-02-29', 12))).toBe('2025-02-27');
    expect(validThrough(swo('2026-03-31', 98))).toBe('2034-05-30');
  });

  it('is null for a lifetime order (99 months) and an order without a length of need', () => {
    expect(validThrough(swo('2026-01-15', 99))).toBeNull();
    expect(validThrough(swo('2026-01-15', null))).toBeNull();
  });

  it("is an authorization's end date, and null for face-to-face encounters and proofs of delivery", () => {
    const pa = { type: 'prior_authorization', date: '2026-01-01', length_of_need_months: null } as const;
    expect(validThrough({ ...pa, end_date: '2026-03-31' })).toBe('2026-03-31');
    for (const type of ['face_to_face', 'proof_of_delivery'] as const) {
      expect(validThrough({ type, date: '2026-01-01', length_of_need_months: 12, end_date: '2026-03-31' })).toBeNull();
    }
  });

  it('lies within the length of need for any date and 1 to 98 months', () => {
    fc.assert(
      fc.property(wireDate, fc.integer({ min: 1, max: 98 }), (date, months) => {
        const through = validThrough(swo(date, months))!;
        expect(through >= date).toBe(true);
        expect(through < addDays(addMonths(date, months), 1)).toBe(true);
        // The same day N months on (the month's last day when it has no such day), less one day.
        const [y, m, d] = date.split('-').map(Number) as [number, number, number];
        const monthIndex = m - 1 + months;
        const lastDay = new Date(Date.UTC(y, monthIndex + 1, 0)).getUTCDate();
        const expected = new Date(Date.UTC(y, monthIndex, Math.min(d, lastDay) - 1)).toISOString().slice(0, 10);
        expect(through).toBe(expected);
      }),
    );
  });
});

describe('documentState', () => {
  const today = '2026-06-01';
  const pa = (start: string, end: string, units: number | null = 10) =>
    doc({ type: 'prior_authorization', date: start, start_date: start, end_date: end, units });

  it('starts an authorization on its start date and any other document on its date', () => {
    expect(validFrom(pa('2026-07-01', '2026-12-31'))).toBe('2026-07-01');
    expect(validFrom({ type: 'prior_authorization', date: '2026-05-01', start_date: null })).toBe('2026-05-01');
    expect(validFrom(order('2026-05-01', ['E0601']))).toBe('2026-05-01');
  });

  it('is valid, expiring within 30 days (inclusive), or expired after the last day', () => {
    expect(documentState(order('2026-01-01', ['E0601']), today, 0)).toBe('valid');
    expect(documentState(pa('2026-01-01', '2026-07-02'), today, 0)).toBe('valid');
    expect(documentState(pa('2026-01-01', '2026-07-01'), today, 0)).toBe('expiring');
    expect(documentState(pa('2026-01-01', today), today, 0)).toBe('expiring');
    expect(documentState(pa('2026-01-01', '2026-05-31'), today, 0)).toBe('expired');
    // An order of 12 months dated 2025-07-02 is good through 2026-07-01, 30 days on.
    expect(documentState(order('2025-07-02', ['E0601'], 12), today, 0)).toBe('expiring');
    expect(documentState(order('2025-07-03', ['E0601'], 12), today, 0)).toBe('valid');
    expect(documentState(order('2025-06-01', ['E0601'], 12), today, 0)).toBe('expired');
  });

  it('is not yet valid before its first day', () => {
    expect(documentState(pa('2026-06-02', '2026-12-31'), today, 0)).toBe('not_yet_valid');
    expect(documentState(order('2026-06-02', ['E0601']), today, 0)).toBe('not_yet_valid');
    expect(documentState(faceToFace('2026-06-02'), today, 0)).toBe('not_yet_valid');
    expect(documentState(faceToFace(today), today, 0)).toBe('valid');
  });

  it('is used up once the units are billed, before being expired or not yet valid', () => {
    expect(documentState(pa('2026-01-01', '2026-12-31'), today, 9)).toBe('valid');
    expect(documentState(pa('2026-01-01', '2026-12-31'), today, 10)).toBe('used_up');
    expect(documentState(pa('2026-01-01', '2026-12-31'), today, 12)).toBe('used_up');
    expect(documentState(pa('2026-01-01', '2026-03-31'), today, 10)).toBe('used_up');
    expect(documentState(pa('2026-01-01', '2026-03-31'), today, 9)).toBe('expired');
    expect(documentState(pa('2026-07-01', '2026-12-31'), today, 10)).toBe('used_up');
    // Units only count for authorizations, and an authorization without units is never used up.
    expect(documentState(pa('2026-01-01', '2026-12-31', null), today, 50)).toBe('valid');
    expect(documentState(doc({ type: 'proof_of_delivery', date: '2026-01-01', units: 1 }), today, 5)).toBe('valid');
  });
});

describe('holdItems', () => {
  it('merges services by code and leaves out services without one', () => {
    expect(
      holdItems([
        { hcpcs: 'E0601', quantity: 1, face_to_face: false },
        { hcpcs: '', quantity: 4, face_to_face: true },
        { hcpcs: 'A7030', quantity: 2, face_to_face: false },
        { hcpcs: 'E0601', quantity: 3, face_to_face: true },
      ]),
    ).toEqual([item('E0601', 4, true), item('A7030', 2, false)]);
    expect(holdItems([])).toEqual([]);
  });

  it('sums quantities per code, in first-seen order, and needs a face-to-face when any service does', () => {
    const service = fc.record({
      hcpcs: fc.constantFrom('', ...CODES),
      quantity: fc.integer({ min: 1, max: 10 }),
      face_to_face: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(service, { maxLength: 12 }), (services) => {
        const coded = services.filter((s) => s.hcpcs !== '');
        const expected = [...new Set(coded.map((s) => s.hcpcs))].map((hcpcs) => {
          const same = coded.filter((s) => s.hcpcs === hcpcs);
          return item(
            hcpcs,
            same.reduce((n, s) => n + s.quantity, 0),
            same.some((s) => s.face_to_face),
          );
        });
        expect(holdItems(services)).toEqual(expected);
      }),
    );
  });
});
