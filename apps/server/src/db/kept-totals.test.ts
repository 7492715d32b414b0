import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { invoicedOccurrence, invoicesOffTheirServices } from '../remittance/test-fixtures.ts';
import { occurrence } from '../shipping/test-fixtures.ts';
import {
  compactKeptTotals,
  keptInvoiceCount,
  keptOccurrenceCountsByState,
  keptPatientCounts,
  type OccurrenceCountFilters,
} from './kept-totals.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const deltasOf = async (orderId: number) =>
  (
    await t.db
      .selectFrom('invoice_count_deltas')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).n;

it('counts all invoices and a search’s, exactly, before and after a compaction', async () => {
  const a = await invoicedOccurrence(t, { prices: ['10.00'] });
  await invoicedOccurrence(t, { prices: ['5.00'], lastName: a.lastName });
  await invoicedOccurrence(t, { prices: ['7.00'], ship: false, lastName: a.lastName });
  const pattern = `%${a.lastName.toLowerCase()}%`;
  const before = {
    all: await keptInvoiceCount(t.db, 'invoices', null),
    open: await keptInvoiceCount(t.db, 'open_invoices', null),
    mine: await keptInvoiceCount(t.db, 'invoices', pattern),
  };
  expect(before.mine).toBe(2);
  expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
  expect({
    all: await keptInvoiceCount(t.db, 'invoices', null),
    open: await keptInvoiceCount(t.db, 'open_invoices', null),
    mine: await keptInvoiceCount(t.db, 'invoices', pattern),
  }).toEqual(before);
  expect(await invoicesOffTheirServices(t)).toEqual([]);
});

// PGlite has a single connection: a second transaction cannot hold a lock beside the compaction.
it.skipIf(!process.env.TEST_DATABASE_URL)(
  'skips an order a transaction holds (no wait, no deadlock) and folds it on the next run',
  async () => {
    const occ = await invoicedOccurrence(t, { prices: ['12.00'] });
    const { order_id: orderId } = await t.db
      .selectFrom('invoices')
      .select('order_id')
      .where('id', '=', occ.invoiceId)
      .executeTakeFirstOrThrow();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().execute();
      locked();
      await released;
    });
    await isLocked;
    await compactKeptTotals(t.db);
    expect(await deltasOf(orderId)).toBeGreaterThan(0);
    expect(await keptInvoiceCount(t.db, 'invoices', `%${occ.lastName.toLowerCase()}%`)).toBe(1);
    release();
    await holder;
    await compactKeptTotals(t.db);
    expect(await deltasOf(orderId)).toBe(0);
    expect(await invoicesOffTheirServices(t)).toEqual([]);
  },
);

/** Every kept patient count, per status, state and flag, against a count of the patients. */
const patientCountsOff = async () =>
  (
    await sql<{ key: string }>`
      WITH k AS (
        SELECT status, state_id, rentals, sum(patients)::int AS n FROM (
          SELECT status, state_id, rentals, patients FROM patient_counts
          UNION ALL SELECT status, state_id, rentals, patients FROM patient_count_deltas) d
        GROUP BY 1, 2, 3),
      a AS (SELECT status, coalesce(state_id, 0) AS state_id, rentals, count(*)::int AS n FROM patients GROUP BY 1, 2, 3)
      SELECT concat_ws(' ', coalesce(k.status, a.status), coalesce(k.state_id, a.state_id), k.n, a.n) AS key
        FROM k FULL JOIN a USING (status, state_id, rentals)
       WHERE coalesce(k.n, 0) <> coalesce(a.n, 0)`.execute(t.db)
  ).rows.map((r) => r.key);

it('keeps patient counts per status, state and Rentals exactly through inserts, updates and deletes', async () => {
  const inserted = await t.db
    .insertInto('patients')
    .values([
      { first_name: 'Kept', last_name: 'One', state_id: 16 },
      { first_name: 'Kept', last_name: 'Two', state_id: 16, rentals: true },
      { first_name: 'Kept', last_name: 'Three', state_id: null, status: 'Inactive' },
      { first_name: 'Kept', last_name: 'Four', state_id: 5, status: 'Deceased', rentals: true },
      { first_name: 'Kept', last_name: 'Five', state_id: null },
    ])
    .returning('id')
    .execute();
  const ids = inserted.map((r) => r.id);
  expect(await patientCountsOff()).toEqual([]);
  await t.db.updateTable('patients').set({ state_id: 9, rentals: true }).where('id', '=', ids[0]).execute();
  await t.db.updateTable('patients').set({ notes: 'no count changes' }).where('id', 'in', ids).execute();
  await t.db.deleteFrom('patients').where('id', '=', ids[2]).execute();
  expect(await patientCountsOff()).toEqual([]);
  const rentalsIn9 = await keptPatientCounts(t.db, { status: 'Active', stateId: 9, rentalsOnly: true });
  const actual = await t.db
    .selectFrom('patients')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('status', '=', 'Active')
    .where('state_id', '=', 9)
    .where('rentals', '=', true)
    .executeTakeFirstOrThrow();
  expect(rentalsIn9).toEqual([{ state_id: 9, n: actual.n }]);
  expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
  expect(await patientCountsOff()).toEqual([]);
  const any = await keptPatientCounts(t.db, { status: null, rentalsOnly: false });
  expect(any.find((g) => g.state_id === null)?.n ?? 0).toBe(
    (
      await t.db
        .selectFrom('patients')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('state_id', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
});

const keptOccurrenceCount = async (filters: OccurrenceCountFilters) =>
  (await keptOccurrenceCountsByState(t.db, filters)).reduce((sum, g) => sum + g.n, 0);

const occurrenceCountsOff = async () =>
  (
    await sql<{ key: string }>`
      WITH k AS (
        SELECT state_id, facility, completed, shipped, sum(occurrences)::int AS n FROM (
          SELECT state_id, facility, completed, shipped, occurrences FROM occurrence_counts
          UNION ALL SELECT state_id, facility, completed, shipped, occurrences FROM occurrence_count_deltas) d
        GROUP BY 1, 2, 3, 4),
      a AS (
        SELECT coalesce(patient_state_id, 0) AS state_id, patient_facility AS facility,
               eligibility_toggle AND (customer_approved OR NOT patient_call_before_delivery) AS completed,
               shipped, count(*)::int AS n
          FROM ocurrences GROUP BY 1, 2, 3, 4)
      SELECT concat_ws(' ', coalesce(k.state_id, a.state_id), coalesce(k.facility, a.facility),
                       coalesce(k.completed, a.completed), coalesce(k.shipped, a.shipped), k.n, a.n) AS key
        FROM k FULL JOIN a USING (state_id, facility, completed, shipped)
       WHERE coalesce(k.n, 0) <> coalesce(a.n, 0)`.execute(t.db)
  ).rows.map((r) => r.key);

it('keeps occurrence counts per state, facility, completed and shipped exactly, through the patient copies too', async () => {
  const a = await occurrence(t, { date: '2032-01-05', stateId: 5, facility: true, callBeforeDelivery: true });
  const b = await occurrence(t, { date: '2032-01-12', eligible: true });
  expect(await occurrenceCountsOff()).toEqual([]);
  // The occurrence's own flags, and the patient's copies (a patient trigger rewrites them).
  await t.db
    .updateTable('ocurrences')
    .set({ eligibility_toggle: true, customer_approved: true })
    .where('id', '=', a.id)
    .execute();
  await t.db.updateTable('patients').set({ state_id: 9, facility: false }).where('id', '=', a.patientId).execute();
  await t.db.updateTable('ocurrences').set({ shipped: true }).where('id', '=', b.id).execute();
  await t.db.updateTable('ocurrences').set({ po_number: 'no count changes' }).where('id', 'in', [a.id, b.id]).execute();
  expect(await occurrenceCountsOff()).toEqual([]);
  const countWhere = async (where: ReturnType<typeof sql<boolean>>) =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ocurrences WHERE ${where}`.execute(t.db)).rows[0].n;
  expect(await keptOccurrenceCount({ stateId: 9 })).toBe(await countWhere(sql`patient_state_id = 9`));
  expect(await keptOccurrenceCount({ shipped: false, facility: false })).toBe(
    await countWhere(sql`NOT shipped AND NOT patient_facility`),
  );
  expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
  expect(await occurrenceCountsOff()).toEqual([]);
  expect(await keptOccurrenceCount({ completed: false })).toBe(
    await countWhere(sql`NOT (eligibility_toggle AND (customer_approved OR NOT patient_call_before_delivery))`),
  );
  expect(await keptOccurrenceCount({})).toBe(await countWhere(sql`true`));
});
