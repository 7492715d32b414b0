import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  faceToFaceOrderDate,
  holdItems,
  holdsOf,
  type HoldDocument,
  type HoldInput,
  type HoldItem,
  type HoldPayer,
} from './rules.ts';
import { DOCUMENT_TYPES } from './schemas.ts';

// Why an occurrence is held: each reason's words, and properties of the rule over any documents.

const addDays = (date: string, days: number): string => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

const wireDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

let lastId = 0;
function doc(fields: Partial<HoldDocument> & Pick<HoldDocument, 'type'>): HoldDocument {
  lastId += 1;
  return {
    id: lastId,
    date: '2026-01-01',
    hcpcs: [],
    length_of_need_months: null,
    vendor_id: null,
    vendor_name: '',
    number: '',
    units: null,
    start_date: null,
    end_date: null,
    units_used: 0,
    ...fields,
  };
}
const order = (date: string, hcpcs: string[], months = 99) =>
  doc({ type: 'standard_written_order', date, hcpcs, length_of_need_months: months });
const faceToFace = (date: string) => doc({ type: 'face_to_face', date });
function authorization(fields: {
  number?: string;
  hcpcs: string[];
  vendor_id: number;
  vendor_name?: string;
  start: string;
  end: string;
  units: number;
  used?: number;
}): HoldDocument {
  return doc({
    type: 'prior_authorization',
    date: fields.start,
    number: fields.number ?? '88123',
    hcpcs: fields.hcpcs,
    vendor_id: fields.vendor_id,
    vendor_name: fields.vendor_name ?? 'Aetna',
    start_date: fields.start,
    end_date: fields.end,
    units: fields.units,
    units_used: fields.used ?? 0,
  });
}
const item = (hcpcs: string, quantity = 1, face_to_face = false): HoldItem => ({ hcpcs, quantity, face_to_face });

const MEDICARE: HoldPayer = { id: 1, name: 'Medicare', medicare: true, prior_auth_hcpcs: [] };
const AETNA: HoldPayer = { id: 2, name: 'Aetna', medicare: false, prior_auth_hcpcs: ['E0193', 'E0277'] };

describe('holdsOf: standard written orders (Medicare)', () => {
  const hold = (date: string, documents: HoldDocument[], items = [item('E0601')]) =>
    holdsOf({ date, items, payer: MEDICARE, documents });

  it('holds an item without an order for its code', () => {
    expect(hold('2026-05-01', [])).toEqual(['No standard written order for E0601']);
    expect(hold('2026-05-01', [order('2026-01-01', ['E0277'])])).toEqual(['No standard written order for E0601']);
    expect(hold('2026-05-01', [order('2026-01-01', ['E0277', 'E0601'])])).toEqual([]);
  });

  it('holds an item whose order ended, and releases it through the last day', () => {
    const swo = order('2026-01-15', ['E0601'], 3);
    expect(hold('2026-04-14', [swo])).toEqual([]);
    expect(hold('2026-04-15', [swo])).toEqual(['Standard written order of 01/15/2026 for E0601 ended 04/14/2026']);
    // The latest order begun before the date of service is the one named.
    const older = order('2025-06-01', ['E0601'], 6);
    expect(hold('2026-05-01', [swo, older])).toEqual([
      'Standard written order of 01/15/2026 for E0601 ended 04/14/2026',
    ]);
  });

  it('holds an item whose order is dated after the date of service', () => {
    expect(hold('2026-05-01', [order('2026-06-01', ['E0601'])])).toEqual([
      'Standard written order for E0601 is dated 06/01/2026, after the date of service 05/01/2026',
    ]);
    expect(hold('2026-06-01', [order('2026-06-01', ['E0601'])])).toEqual([]);
  });

  it('asks nothing of other payers, and nothing but face-to-face without a payer', () => {
    const cash: HoldPayer = { id: 3, name: 'Cash', medicare: false, prior_auth_hcpcs: [] };
    expect(holdsOf({ date: '2026-05-01', items: [item('E0601', 2)], payer: cash, documents: [] })).toEqual([]);
    expect(holdsOf({ date: '2026-05-01', items: [item('E0601'), item('E0193')], payer: null, documents: [] })).toEqual(
      [],
    );
    expect(holdsOf({ date: '2026-05-01', items: [item('E0601', 1, true)], payer: null, documents: [] })).toEqual([
      'No face-to-face encounter for E0601 within the 6 months before the order of 05/01/2026',
    ]);
  });
});

describe('holdsOf: prior authorizations', () => {
  const hold = (documents: HoldDocument[], items = [item('E0193')], date = '2026-04-15') =>
    holdsOf({ date, items, payer: AETNA, documents });
  const current = { hcpcs: ['E0193'], vendor_id: AETNA.id, start: '2026-01-01', end: '2026-06-30', units: 10 };

  it('holds a listed code without an authorization from the payer, and not an unlisted one', () => {
    expect(hold([])).toEqual(['No prior authorization for E0193 from Aetna']);
    expect(hold([], [item('E0601')])).toEqual([]);
    expect(hold([authorization(current)])).toEqual([]);
  });

  it('names an authorization that ended (the issue example)', () => {
    const ended = authorization({ ...current, start: '2025-10-01', end: '2026-03-31' });
    expect(hold([ended])).toEqual(['Prior authorization 88123 for E0193 ended 03/31/2026']);
    expect(hold([ended], [item('E0193')], '2026-03-31')).toEqual([]);
  });

  it('names an authorization that starts later', () => {
    const later = authorization({ ...current, number: '99001', start: '2026-05-01', end: '2026-10-31' });
    expect(hold([later])).toEqual(['Prior authorization 99001 for E0193 starts 05/01/2026']);
    const after = authorization({ ...current, number: '99002', start: '2026-11-01', end: '2027-04-30' });
    expect(hold([after, later])).toEqual(['Prior authorization 99001 for E0193 starts 05/01/2026']);
  });

  it('names an authorization whose units are used up', () => {
    expect(hold([authorization({ ...current, used: 10 })])).toEqual([
      'Prior authorization 88123 for E0193 is used up: 10 of 10 units billed',
    ]);
    expect(hold([authorization({ ...current, used: 9 })])).toEqual([]);
    expect(hold([authorization({ ...current, used: 9 })], [item('E0193', 2)])).toEqual([
      'Prior authorization 88123 for E0193 has 1 of 10 units left; this delivery needs 2',
    ]);
  });

  it("names an authorization from another payer, by the payer's name when known", () => {
    const other = { ...current, number: '77001', vendor_id: 9 };
    expect(hold([authorization({ ...other, vendor_name: 'Cigna' })])).toEqual([
      'Prior authorization 77001 for E0193 is from Cigna, not Aetna',
    ]);
    expect(hold([authorization({ ...other, vendor_name: '' })])).toEqual([
      'Prior authorization 77001 for E0193 is from another payer, not Aetna',
    ]);
  });

  it('asks a Medicare payer for both its order and its authorization', () => {
    const payer = { ...MEDICARE, prior_auth_hcpcs: ['E0193'] };
    expect(holdsOf({ date: '2026-04-15', items: [item('E0193')], payer, documents: [] })).toEqual([
      'No standard written order for E0193',
      'No prior authorization for E0193 from Medicare',
    ]);
  });
});

describe('holdsOf: face-to-face encounters', () => {
  const hold = (documents: HoldDocument[], date = '2026-05-01') =>
    holdsOf({ date, items: [item('E0601', 1, true)], payer: MEDICARE, documents });
  const reason = (orderDate: string) =>
    `No face-to-face encounter for E0601 within the 6 months before the order of ${orderDate}`;

  it('needs an encounter within the 6 months before the latest good order', () => {
    const swo = order('2026-03-01', ['E0601']);
    expect(hold([swo])).toEqual([reason('03/01/2026')]);
    expect(hold([swo, faceToFace('2025-09-01')])).toEqual([]);
    expect(hold([swo, faceToFace('2026-03-01')])).toEqual([]);
    expect(hold([swo, faceToFace('2025-08-31')])).toEqual([reason('03/01/2026')]);
    // After the order (though before the date of service) does not count.
    expect(hold([swo, faceToFace('2026-03-02')])).toEqual([reason('03/01/2026')]);
    // Six months before August 31 is February 28.
    expect(hold([order('2026-08-31', ['E0601']), faceToFace('2026-02-28')], '2026-09-15')).toEqual([]);
  });

  it('reads the latest good order for the code, else the date of service', () => {
    const documents = [order('2026-01-01', ['E0601']), order('2026-03-01', ['E0601']), order('2026-04-01', ['E0277'])];
    expect(faceToFaceOrderDate('E0601', { date: '2026-05-01', documents })).toBe('2026-03-01');
    expect(hold([...documents, faceToFace('2025-08-15')])).toEqual([reason('03/01/2026')]);
    // An ended order, or one dated after the date of service, is no order: the date of service is.
    const ended = order('2025-01-01', ['E0601'], 6);
    const later = order('2026-06-01', ['E0601']);
    expect(faceToFaceOrderDate('E0601', { date: '2026-05-01', documents: [ended, later] })).toBe('2026-05-01');
    expect(hold([ended, later, faceToFace('2026-04-30')])).toEqual([
      'Standard written order of 01/01/2025 for E0601 ended 06/30/2025',
    ]);
  });
});

describe('holdsOf: the list of reasons', () => {
  it('gives each reason once, item by item', () => {
    const items = [item('E0601', 1, true), item('E0193'), item('E0601', 1, true), item('K0001', 1, true)];
    const payer = { ...MEDICARE, prior_auth_hcpcs: ['E0193'] };
    expect(holdsOf({ date: '2026-05-01', items, payer, documents: [] })).toEqual([
      'No standard written order for E0601',
      'No face-to-face encounter for E0601 within the 6 months before the order of 05/01/2026',
      'No standard written order for E0193',
      'No prior authorization for E0193 from Medicare',
      'No standard written order for K0001',
      'No face-to-face encounter for K0001 within the 6 months before the order of 05/01/2026',
    ]);
  });
});

const CODES = ['E0601', 'E0193', 'E0277', 'K0001', 'A7030'];
const PAYERS: HoldPayer[] = [
  { id: 1, name: 'Medicare', medicare: true, prior_auth_hcpcs: [] },
  { id: 2, name: 'Aetna', medicare: false, prior_auth_hcpcs: [] },
  { id: 3, name: 'Cigna', medicare: false, prior_auth_hcpcs: [] },
];
const codes = fc.subarray(CODES);
const anyDocument = fc
  .record({
    type: fc.constantFrom(...DOCUMENT_TYPES),
    date: wireDate,
    hcpcs: codes,
    length_of_need_months: fc.integer({ min: 1, max: 99 }),
    vendor_id: fc.integer({ min: 1, max: 4 }),
    vendor_name: fc.constantFrom('', 'Aetna', 'Cigna'),
    number: fc.stringMatching(/^[0-9A-Z]{1,8}$/),
    units: fc.integer({ min: 1, max: 20 }),
    days: fc.integer({ min: 0, max: 400 }),
    units_used: fc.integer({ min: 0, max: 25 }),
  })
  .map(({ days, ...d }) => ({ ...d, start_date: d.date, end_date: addDays(d.date, days) }));
const holdInput = fc
  .record({
    date: wireDate,
    items: fc.array(
      fc.record({
        hcpcs: fc.constantFrom(...CODES),
        quantity: fc.integer({ min: 1, max: 5 }),
        face_to_face: fc.boolean(),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    payer: fc.option(
      fc.record({ payer: fc.constantFrom(...PAYERS), medicare: fc.boolean(), prior_auth_hcpcs: codes }),
      { nil: null },
    ),
    documents: fc.array(anyDocument, { maxLength: 8 }),
  })
  .map((r): HoldInput => ({
    date: r.date,
    items: r.items,
    payer: r.payer && { ...r.payer.payer, medicare: r.payer.medicare, prior_auth_hcpcs: r.payer.prior_auth_hcpcs },
    documents: r.documents.map((d, i) => ({ ...d, id: i + 1 })),
  }));

describe('holdsOf: properties', () => {
  it('holds nothing once documents cover every requirement', () => {
    fc.assert(
      fc.property(
        holdInput,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (input, orderDays, daysBefore, daysAfter) => {
          const all = [...new Set(input.items.map((i) => i.hcpcs))];
          const next = input.documents.length + 1;
          const covering: HoldDocument[] = [
            {
              ...order(addDays(input.date, -orderDays), all, 99),
              id: next,
            },
            {
              ...authorization({
                hcpcs: all,
                vendor_id: input.payer?.id ?? 1,
                start: addDays(input.date, -daysBefore),
                end: addDays(input.date, daysAfter),
                units: input.items.reduce((n, i) => n + i.quantity, 0),
              }),
              id: next + 1,
            },
          ];
          const documents = [...input.documents, ...covering];
          const encounters = all.map((code, i) => ({
            ...faceToFace(faceToFaceOrderDate(code, { date: input.date, documents })),
            id: next + 2 + i,
          }));
          expect(holdsOf({ ...input, documents: [...documents, ...encounters] })).toEqual([]);
        },
      ),
    );
  });

  it("holds an occurrence for an authorization exactly when its units would exceed the authorization's", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 50 }),
        fc.nat(),
        (units, used, wanted, cut) => {
          const split = cut % wanted;
          const services = [
            { hcpcs: 'E0193', quantity: wanted - split, face_to_face: false },
            { hcpcs: 'K0001', quantity: 7, face_to_face: false },
            ...(split > 0 ? [{ hcpcs: 'E0193', quantity: split, face_to_face: false }] : []),
          ];
          const pa = authorization({
            hcpcs: ['E0193'],
            vendor_id: AETNA.id,
            start: '2026-01-01',
            end: '2026-12-31',
            units,
            used,
          });
          const holds = holdsOf({ date: '2026-04-15', items: holdItems(services), payer: AETNA, documents: [pa] });
          expect(holds).toEqual(
            used >= units
              ? [`Prior authorization 88123 for E0193 is used up: ${used} of ${units} units billed`]
              : used + wanted > units
                ? [
                    `Prior authorization 88123 for E0193 has ${units - used} of ${units} units left; this delivery needs ${wanted}`,
                  ]
                : [],
          );
        },
      ),
    );
  });

  it('never gives an empty or a repeated reason', () => {
    fc.assert(
      fc.property(holdInput, (input) => {
        const holds = holdsOf(input);
        expect(new Set(holds).size).toBe(holds.length);
        for (const reason of holds) {
          expect(reason.trim()).not.toBe('');
          expect(input.items.some((i) => reason.includes(i.hcpcs))).toBe(true);
        }
      }),
    );
  });
});
