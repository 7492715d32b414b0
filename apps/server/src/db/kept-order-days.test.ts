import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shiftDate } from '@dme/shared';
import { rowsOfOrder, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { get, occurrence, patchShipping, ticket } from '../test/shipping.ts';
import { createOrder, createPatient } from '../test/factories.ts';
import { compactKeptTotals } from './kept-totals.ts';
import { keptOrderDaysCount, setComplement, type OrderDaysCountFilters } from './kept-order-days.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Orders whose kept days (not marked for rebuilding) differ from what their occurrences make. */
const daysOff = async () =>
  (
    await sql<{ id: number }>`
      SELECT o.id FROM order_search o
        LEFT JOIN order_occurrence_days(ARRAY(SELECT id FROM order_search)) b ON b.id = o.id
       WHERE o.id NOT IN (SELECT order_id FROM order_days_stale)
         AND (o.days_from, o.days, o.unshipped_days, o.patient_state_id, o.patient_facility)
             IS DISTINCT FROM (b.days_from, b.days, b.unshipped_days, b.patient_state_id, b.patient_facility)`.execute(
      t.db,
    )
  ).rows.map((r) => r.id);

const marked = (orderId: number) => rowsOfOrder(t, 'order_days_stale', orderId);

/** The occurrences `f` counts, counted one by one (the state and facility of the patients themselves). */
async function counted(f: OrderDaysCountFilters): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ocurrences oc JOIN orders o ON o.id = oc.order_id JOIN patients p ON p.id = o.patient_id
     WHERE (o.search_text LIKE ${`%${f.term}%`} OR o.id = ${f.orderId ?? 0})
       AND (${f.stateId ?? null}::int IS NULL OR p.state_id = ${f.stateId ?? null}::int)
       AND (${f.facility ?? null}::boolean IS NULL OR p.facility = ${f.facility ?? null}::boolean)
       AND (${f.start ?? null}::date IS NULL OR oc.date >= ${f.start ?? null}::date)
       AND (${f.end ?? null}::date IS NULL OR oc.date <= ${f.end ?? null}::date)
       AND (${!f.unshippedOnly} OR NOT oc.shipped)`.execute(t.db);
  return rows[0].n;
}

/**
 * keptOrderDaysCount counts `f` as the occurrences themselves do, each way it can: as it chooses,
 * by the complement of the orders without the term, and by the orders with it.
 */
async function expectCountedEveryWay(f: OrderDaysCountFilters): Promise<void> {
  const expected = await counted(f);
  for (const way of ['auto', 'always', 'never'] as const) {
    const restore = setComplement(way);
    try {
      expect(await keptOrderDaysCount(t.db, f), `${way} ${JSON.stringify(f)}`).toBe(expected);
    } finally {
      restore();
    }
  }
}

/** Adds an occurrence (no services) to an order; answers its id. */
const addOccurrence = async (orderId: number, date: string) =>
  (await t.db.insertInto('ocurrences').values({ order_id: orderId, date }).returning('id').executeTakeFirstOrThrow())
    .id;

it('keeps each order its occurrence days exactly through inserts, shipping, moves and deletes', async () => {
  const name = unique('Keptdays').toLowerCase();
  const a = await occurrence(t, { date: '2031-02-10', lastName: name });
  const b = await occurrence(t, { date: '2031-02-20', lastName: name });
  const extra = [];
  for (const date of ['2030-12-31', '2031-01-05', '2031-03-01', '2031-06-30'])
    extra.push(await addOccurrence(a.orderId, date));
  await t.db.updateTable('ocurrences').set({ shipped: true }).where('id', 'in', [extra[0], extra[2]]).execute();
  await t.db.updateTable('ocurrences').set({ date: '2031-04-15' }).where('id', '=', extra[3]).execute();
  await t.db.updateTable('ocurrences').set({ order_id: b.orderId }).where('id', '=', extra[1]).execute();
  await t.db.deleteFrom('ocurrences').where('id', '=', extra[2]).execute();
  // A change of none of the days' columns marks nothing.
  expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
  await t.db.updateTable('ocurrences').set({ po_number: 'no day changes' }).where('id', 'in', extra).execute();
  expect(await marked(a.orderId)).toBe(0);

  const ranges: [string | undefined, string | undefined][] = [
    [undefined, undefined],
    ['2031-01-01', '2031-02-28'],
    ['2030-12-31', '2030-12-31'],
    [undefined, '2031-02-10'],
    ['2031-02-11', undefined],
    ['2029-01-01', '2029-12-31'],
    ['2032-01-01', undefined],
    ['2031-04-15', '2031-04-14'],
  ];
  const check = async () => {
    for (const [start, end] of ranges) {
      for (const unshippedOnly of [false, true]) {
        for (const f of [
          { term: name, rare: null, orderId: null, start, end, unshippedOnly },
          { term: name, rare: null, orderId: null, start, end, unshippedOnly, stateId: 16 },
          { term: name, rare: null, orderId: null, start, end, unshippedOnly, stateId: 5, facility: false },
          { term: name, rare: null, orderId: null, start, end, unshippedOnly, facility: true },
          { term: 'no such order anywhere', rare: null, orderId: a.orderId, start, end, unshippedOnly },
          // Pieces most orders hold: counted as the range's whole count less the other orders'.
          { term: 'e', rare: null, orderId: null, start, end, unshippedOnly },
          { term: name.slice(0, 2), rare: null, orderId: a.orderId, start, end, unshippedOnly, stateId: 16 },
        ]) {
          await expectCountedEveryWay(f);
        }
      }
    }
  };
  await check();
  expect(await daysOff()).toEqual([]);

  // Shipping through the route marks the order; until a compaction its occurrences are counted.
  await ticket(t, a.id);
  const shipped = await patchShipping(t, a.id, { shipped: true });
  expect(shipped.statusCode, shipped.body).toBe(200);
  expect(await marked(a.orderId)).toBe(1);
  await check();
  expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
  expect(await marked(a.orderId)).toBe(0);
  expect(await daysOff()).toEqual([]);
  await check();

  // A patient who moves to another state, or to a facility, takes the order's days along.
  await t.db.updateTable('patients').set({ state_id: 5, facility: true }).where('id', '=', a.patientId).execute();
  expect(await marked(a.orderId)).toBe(1);
  await check();
  expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
  expect(await daysOff()).toEqual([]);
  await check();
});

it('drops the marks of a deleted order and clears the days of an order left without occurrences', async () => {
  const patient = await createPatient(t, { last_name: unique('Gone') });
  const order = await createOrder(t, patient.id);
  const kept = await createOrder(t, patient.id);
  const one = await addOccurrence(order.id, '2032-05-01');
  const two = await addOccurrence(kept.id, '2032-05-02');
  expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
  const days = () =>
    t.db.selectFrom('order_search').select(['days_from', 'days']).where('id', '=', kept.id).executeTakeFirstOrThrow();
  expect(await days()).toEqual({ days_from: '2032-05-02', days: '1' });

  await t.db.deleteFrom('ocurrences').where('id', 'in', [one, two]).execute();
  await t.db.deleteFrom('orders').where('id', '=', order.id).execute();
  expect(await marked(order.id)).toBe(1);
  expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
  expect(await marked(order.id)).toBe(0);
  expect(await days()).toEqual({ days_from: null, days: null });
  expect(await daysOff()).toEqual([]);
});

it('counts the days set within a range as the days themselves would', async () => {
  // Bits from a start day, and a range of days relative to it (either end open), against the rule.
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.boolean(), { minLength: 1, maxLength: 80 }),
      fc.option(fc.integer({ min: -20, max: 100 }), { nil: undefined }),
      fc.option(fc.integer({ min: -20, max: 100 }), { nil: undefined }),
      async (bits, from, to) => {
        const daysFrom = '2031-01-01';
        const start = from === undefined ? null : shiftDate(daysFrom, from, 'day');
        const end = to === undefined ? null : shiftDate(daysFrom, to, 'day');
        const expected = bits.filter(
          (set, i) => set && (from === undefined || i >= from) && (to === undefined || i <= to),
        ).length;
        const { rows } = await sql<{ n: number }>`
          SELECT occurrence_days_within(${daysFrom}::date, ${bits.map((b) => (b ? '1' : '0')).join('')}::varbit,
                                        ${start}::date, ${end}::date) AS n`.execute(t.db);
        expect(rows[0].n).toBe(expected);
      },
    ),
    { numRuns: 150 },
  );
});

it('counts Shipping Status within dates and a search as the records it lists, compacted or not', async () => {
  const name = unique('Shipdays').toLowerCase();
  const first = await occurrence(t, { date: '2033-03-03', lastName: name });
  const second = await occurrence(t, { date: '2033-03-20', lastName: name });
  await addOccurrence(first.orderId, '2033-04-03');
  await ticket(t, second.id);
  expect((await patchShipping(t, second.id, { shipped: true })).statusCode).toBe(200);
  for (const compacted of [false, true]) {
    if (compacted) await compactKeptTotals(t.db);
    for (const query of [
      `start_date=2033-03-01&end_date=2033-03-31&search=${name}`,
      `start_date=2033-03-01&end_date=2033-03-31&search=${name}&hidden_shipped=true`,
      `start_date=2033-03-01&end_date=2033-03-31&search=${name}&state=16&facility=No`,
      `start_date=2033-03-01&end_date=2033-03-31&search=${name}&state=5`,
      `start_date=2033-03-10&search=${name}`,
      `start_date=2033-03-01&end_date=2033-03-31&search=${first.orderId}`,
    ]) {
      const res = await get(t, `/api/shipping-status/?${query}&page_size=100`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { count: number; results: unknown[] };
      expect(page.count, query).toBe(page.results.length);
    }
    const inState = async (state: number) => {
      const res = await get(
        t,
        `/api/shipping-status/?start_date=2033-03-01&end_date=2033-03-31&search=${name}&state=${state}`,
      );
      return (res.json() as { results: { id: number }[] }).results.map((r) => r.id);
    };
    expect(await inState(16)).toEqual([first.id, second.id]);
    expect(await inState(5)).toEqual([]);
  }
  const month = await get(t, `/api/shipping-status/?start_date=2033-03-01&end_date=2033-03-31&search=${name}`);
  expect((month.json() as { count: number }).count).toBe(2);
});

it('stays exact when occurrences change while compactions run', async () => {
  const name = unique('Busydays').toLowerCase();
  const base = await occurrence(t, { date: '2034-01-10', lastName: name });
  const dates = Array.from({ length: 12 }, (_, i) => shiftDate('2034-01-11', i * 3, 'day'));
  const ids = await Promise.all(dates.map((date) => addOccurrence(base.orderId, date)));
  await Promise.all([
    ...ids.map((id, i) =>
      i % 3 === 0
        ? t.db.deleteFrom('ocurrences').where('id', '=', id).execute()
        : t.db
            .updateTable('ocurrences')
            .set({ shipped: i % 3 === 1 })
            .where('id', '=', id)
            .execute(),
    ),
    compactKeptTotals(t.db),
    compactKeptTotals(t.db),
    compactKeptTotals(t.db),
  ]);
  const f = { term: name, rare: null, orderId: null, start: '2034-01-01', end: '2034-02-28', unshippedOnly: true };
  await expectCountedEveryWay(f);
  await compactKeptTotals(t.db);
  expect(await daysOff()).toEqual([]);
  expect(await keptOrderDaysCount(t.db, f)).toBe(await counted(f));
  expect(await keptOrderDaysCount(t.db, { ...f, unshippedOnly: false })).toBe(9);
});
