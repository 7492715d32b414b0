import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOfOrder, setupTestApp, type TestContext } from '../test/helper.ts';
import { invoicedOccurrence, invoicesOffTheirServices } from '../test/remittance.ts';
import { occurrence } from '../test/shipping.ts';
import {
  compactKeptTotals,
  keptInvoiceCount,
  keptOccurrenceCountsByState,
  keptOrderOccurrenceCount,
  keptPieceHolders,
  keptPatientOccurrenceCounts,
  keptPatientCounts,
} from './kept-totals.ts';
import type { OccurrenceCountFilters } from './kept-rows.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const deltasOf = (orderId: number) => rowsOfOrder(t, 'invoice_count_deltas', orderId);

it('counts all invoices and a search’s, exactly, before and after a compaction', async () => {
  const a = await invoicedOccurrence(t, { prices: ['10.00'] });
  await invoicedOccurrence(t, { prices: ['5.00'], lastName: a.lastName });
  await invoicedOccurrence(t, { prices: ['7.00'], ship: false, lastName: a.lastName });
  const term = a.lastName.toLowerCase();
  const before = {
    all: await keptInvoiceCount(t.db, 'invoices', null),
    open: await keptInvoiceCount(t.db, 'open_invoices', null),
    mine: await keptInvoiceCount(t.db, 'invoices', term),
  };
  expect(before.mine).toBe(2);
  expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
  expect({
    all: await keptInvoiceCount(t.db, 'invoices', null),
    open: await keptInvoiceCount(t.db, 'open_invoices', null),
    mine: await keptInvoiceCount(t.db, 'invoices', term),
  }).toEqual(before);
  expect(await invoicesOffTheirServices(t)).toEqual([]);
  // Terms of one to three characters: the invoice counts summed per piece of the orders' text (0023).
  for (const short of ['a', 'ke', 'zq', 'son']) {
    const { rows } = await sql<{ all: number; open: number }>`
      SELECT count(*)::int AS all, (count(*) FILTER (WHERE i.balance > 0))::int AS open
        FROM invoices i JOIN orders o ON o.id = i.order_id WHERE o.search_text LIKE ${`%${short}%`}`.execute(t.db);
    expect(await keptInvoiceCount(t.db, 'invoices', short), short).toBe(rows[0].all);
    expect(await keptInvoiceCount(t.db, 'open_invoices', short), short).toBe(rows[0].open);
  }
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
      // Saving an order's PO number rewrites its order_search row (migration 0022), where the
      // compaction folds the order's counts: the row stays locked until the save commits.
      await trx.updateTable('orders').set({ po_number: 'PO-HELD-1' }).where('id', '=', orderId).execute();
      locked();
      await released;
    });
    try {
      await isLocked;
      await compactKeptTotals(t.db);
      expect(await deltasOf(orderId)).toBeGreaterThan(0);
      expect(await keptInvoiceCount(t.db, 'invoices', occ.lastName.toLowerCase())).toBe(1);
    } finally {
      release();
      await holder;
    }
    await compactKeptTotals(t.db);
    expect(await deltasOf(orderId)).toBe(0);
    expect(await keptInvoiceCount(t.db, 'invoices', 'po-held-1')).toBe(1);
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

/**
 * Every searchable piece of one to three characters (a term never starts or ends with a space nor
 * holds the field separator) of the search texts that `texts` selects, as `piece`.
 */
const piecesOf = (texts: RawBuilder<unknown>) => sql`
  SELECT piece FROM (
    SELECT substr(search_text, i, w) AS piece
      FROM (${texts}) x, generate_series(1, 3) w, generate_series(1, length(search_text)) i
     WHERE i + w - 1 <= length(search_text)) p
   WHERE piece !~ '^ | $|\x1f'`;

/**
 * Every kept piece count and sum (migration 0023) against the patients whose search copy holds the
 * piece, for every piece kept and every one- to three-character piece of the patients named `name`.
 */
const pieceCountsOff = async (name: string) =>
  (
    await sql<{ key: string }>`
      WITH k AS (
        SELECT piece, status, state_id, rentals, facility,
               concat_ws('/', sum(patients), sum(occurrences), sum(open_occurrences)) AS n FROM (
          SELECT piece, status, state_id, rentals, facility, patients, occurrences, open_occurrences
            FROM patient_piece_counts
          UNION ALL
          SELECT piece, status, state_id, rentals, facility, patients, occurrences, open_occurrences
            FROM patient_piece_count_deltas) d
        GROUP BY 1, 2, 3, 4, 5
        HAVING sum(patients) <> 0 OR sum(occurrences) <> 0 OR sum(open_occurrences) <> 0),
      pieces AS (
        SELECT piece FROM k UNION ${piecesOf(sql`SELECT search_text FROM patients WHERE last_name = ${name}`)}),
      a AS (
        SELECT s.piece, p.status, coalesce(p.state_id, 0) AS state_id, p.rentals, p.facility,
               concat_ws('/', count(*), sum(p.occurrence_count), sum(p.open_occurrence_count)) AS n
          FROM pieces s JOIN patient_search p ON strpos(p.search_text, s.piece) > 0
         GROUP BY 1, 2, 3, 4, 5)
      SELECT concat_ws(' ', coalesce(k.piece, a.piece), coalesce(k.status, a.status), k.n, a.n) AS key
        FROM k FULL JOIN a USING (piece, status, state_id, rentals, facility)
       WHERE k.n IS DISTINCT FROM a.n`.execute(t.db)
  ).rows.map((r) => r.key);

/** Every kept order piece count and sum (migration 0023) against the orders whose search copy holds the piece. */
const orderPieceCountsOff = async () =>
  (
    await sql<{ key: string }>`
      WITH k AS (
        SELECT piece, concat_ws('/', sum(orders), sum(occurrences), sum(unshipped_occurrences), sum(invoices),
                                sum(open_invoices)) AS n FROM (
          SELECT piece, orders, occurrences, unshipped_occurrences, invoices, open_invoices FROM order_piece_counts
          UNION ALL
          SELECT piece, orders, occurrences, unshipped_occurrences, invoices, open_invoices FROM order_piece_count_deltas) d
        GROUP BY 1
        HAVING sum(orders) <> 0 OR sum(occurrences) <> 0 OR sum(invoices) <> 0),
      pieces AS (SELECT piece FROM k UNION ${piecesOf(sql`SELECT search_text FROM orders`)}),
      a AS (
        SELECT s.piece, concat_ws('/', count(*), sum(o.occurrence_count), sum(o.unshipped_occurrence_count),
                                  sum(o.invoice_count), sum(o.open_invoice_count)) AS n
          FROM pieces s JOIN order_search o ON strpos(o.search_text, s.piece) > 0
         GROUP BY 1)
      SELECT concat_ws(' ', coalesce(k.piece, a.piece), k.n, a.n) AS key
        FROM k FULL JOIN a USING (piece)
       WHERE k.n IS DISTINCT FROM a.n`.execute(t.db)
  ).rows.map((r) => r.key);

it('keeps patient counts per piece of one to three characters exactly through inserts, edits and deletes', async () => {
  const name = 'Piecewise';
  const inserted = await t.db
    .insertInto('patients')
    .values([
      { first_name: 'Zoë', last_name: name, state_id: 16, phone: '515-555-0199', email: 'x_y%z@example.com' },
      { first_name: 'Quinn', last_name: name, state_id: null, rentals: true, city: 'Ames' },
      { first_name: 'Xavier', last_name: name, state_id: 5, status: 'Inactive' },
    ])
    .returning('id')
    .execute();
  const ids = inserted.map((r) => r.id);
  expect(await pieceCountsOff(name)).toEqual([]);
  await t.db.updateTable('patients').set({ first_name: 'Yvette', city: 'Keokuk' }).where('id', '=', ids[0]).execute();
  await t.db
    .updateTable('patients')
    .set({ state_id: 9, rentals: false, status: 'Deceased' })
    .where('id', '=', ids[1])
    .execute();
  await t.db.updateTable('patients').set({ notes: 'no piece changes' }).where('id', 'in', ids).execute();
  await t.db.deleteFrom('patients').where('id', '=', ids[2]).execute();
  expect(await pieceCountsOff(name)).toEqual([]);
  expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
  expect(await pieceCountsOff(name)).toEqual([]);
  expect(await keptPatientCounts(t.db, { status: null, stateId: 16, rentalsOnly: false, piece: 'yv' })).toEqual([
    { state_id: 16, n: 1 },
  ]);
  expect(await keptPatientCounts(t.db, { status: null, rentalsOnly: false, piece: 'ë' })).toEqual([]);
});

it('keeps order counts per piece of one to three characters exactly through inserts, edits and deletes', async () => {
  const a = await occurrence(t, { date: '2033-04-02', lastName: 'Piecemeal' });
  const b = await occurrence(t, { date: '2033-04-03', lastName: 'Piecemeal' });
  expect(await orderPieceCountsOff()).toEqual([]);
  await t.db.updateTable('orders').set({ po_number: 'PO-ÆQ-1' }).where('id', '=', a.orderId).execute();
  await t.db.updateTable('patients').set({ first_name: 'Wynona' }).where('id', '=', b.patientId).execute();
  await t.db.updateTable('orders').set({ office_notes: 'no piece changes' }).where('id', '=', a.orderId).execute();
  expect(await orderPieceCountsOff()).toEqual([]);
  expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
  expect(await orderPieceCountsOff()).toEqual([]);
  expect(await keptPieceHolders(t.db, 'order', 'æq')).toBe(1);
});

/** Patients and orders whose patient_search or order_search row (migration 0022) is missing, extra or stale. */
const searchTablesOff = async () =>
  (
    await sql<{ key: string }>`
      WITH a AS (SELECT id, state_id, rentals, facility, status, search_text FROM patients),
      k AS (SELECT id, state_id, rentals, facility, status, search_text FROM patient_search),
      oa AS (SELECT id, search_text FROM orders),
      ok AS (SELECT id, search_text FROM order_search)
      SELECT concat_ws(' ', 'patient missing', id) AS key FROM (SELECT * FROM a EXCEPT SELECT * FROM k) m
      UNION ALL
      SELECT concat_ws(' ', 'patient extra', id) FROM (SELECT * FROM k EXCEPT SELECT * FROM a) x
      UNION ALL
      SELECT concat_ws(' ', 'order missing', id) FROM (SELECT * FROM oa EXCEPT SELECT * FROM ok) m
      UNION ALL
      SELECT concat_ws(' ', 'order extra', id) FROM (SELECT * FROM ok EXCEPT SELECT * FROM oa) x`.execute(t.db)
  ).rows.map((r) => r.key);

it('keeps patient_search and order_search copies of each patient and order through inserts, edits and deletes', async () => {
  const inserted = await t.db
    .insertInto('patients')
    .values([
      { first_name: 'Mirror', last_name: 'One', state_id: 16, phone: '515-555-0100' },
      { first_name: 'Mirror', last_name: 'Two', state_id: null, rentals: true, facility: true },
      { first_name: 'Mirror', last_name: 'Three', state_id: 5, status: 'Inactive', email: 'three@example.com' },
    ])
    .returning('id')
    .execute();
  const ids = inserted.map((r) => r.id);
  const a = await occurrence(t, { date: '2033-03-07', stateId: 5, callBeforeDelivery: false, lastName: 'Mirrored' });
  expect(await searchTablesOff()).toEqual([]);
  await t.db.updateTable('patients').set({ last_name: 'Renamed', city: 'Ames' }).where('id', '=', ids[0]).execute();
  await t.db
    .updateTable('patients')
    .set({ state_id: 9, rentals: false, facility: false, status: 'Deceased' })
    .where('id', '=', ids[1])
    .execute();
  await t.db.updateTable('patients').set({ notes: 'nothing searched' }).where('id', 'in', ids).execute();
  await t.db.updateTable('patients').set({ status: 'Active' }).where('id', 'in', ids).execute();
  // The order's search text follows its patient's name (0010), and its own name and PO number.
  await t.db.updateTable('patients').set({ first_name: 'Newfirst' }).where('id', '=', a.patientId).execute();
  await t.db.updateTable('orders').set({ po_number: 'PO-MIRROR-7' }).where('id', '=', a.orderId).execute();
  expect(await searchTablesOff()).toEqual([]);
  const searchTextOf = async (table: 'patient_search' | 'order_search', id: number) =>
    (await t.db.selectFrom(table).select('search_text').where('id', '=', id).executeTakeFirstOrThrow()).search_text;
  const patientText = await searchTextOf('patient_search', ids[0]);
  expect(patientText).toContain('mirror renamed');
  expect(patientText).toContain('ames');
  const orderText = await searchTextOf('order_search', a.orderId);
  expect(orderText).toContain('newfirst mirrored');
  expect(orderText).toContain('po-mirror-7');
  await t.db.deleteFrom('patients').where('id', '=', ids[2]).execute();
  expect(await searchTablesOff()).toEqual([]);
  expect(
    await t.db.selectFrom('patient_search').select('id').where('id', '=', ids[2]).executeTakeFirst(),
  ).toBeUndefined();
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

/** Patients and orders whose kept occurrence counts (row plus deltas) differ from their occurrences. */
const searchCountsOff = async () =>
  (
    await sql<{ key: string }>`
      WITH pk AS (
        SELECT p.id, p.occurrence_count + coalesce(sum(d.occurrences), 0) AS n,
               p.open_occurrence_count + coalesce(sum(d.open_occurrences), 0) AS open
          FROM patient_search p LEFT JOIN patient_occurrence_deltas d ON d.patient_id = p.id GROUP BY p.id),
      pa AS (
        SELECT patient_id AS id, count(*) AS n,
               count(*) FILTER (WHERE NOT (eligibility_toggle AND (customer_approved OR NOT patient_call_before_delivery))) AS open
          FROM ocurrences GROUP BY 1),
      ok AS (
        SELECT o.id, o.occurrence_count + coalesce(sum(d.occurrences), 0) AS n,
               o.unshipped_occurrence_count + coalesce(sum(d.unshipped_occurrences), 0) AS unshipped
          FROM order_search o LEFT JOIN order_occurrence_deltas d ON d.order_id = o.id GROUP BY o.id),
      oa AS (SELECT order_id AS id, count(*) AS n, count(*) FILTER (WHERE NOT shipped) AS unshipped FROM ocurrences GROUP BY 1)
      SELECT concat_ws(' ', 'patient', pk.id, pk.n, pa.n, pk.open, pa.open) AS key FROM pk LEFT JOIN pa USING (id)
       WHERE pk.n <> coalesce(pa.n, 0) OR pk.open <> coalesce(pa.open, 0)
      UNION ALL
      SELECT concat_ws(' ', 'order', ok.id, ok.n, oa.n, ok.unshipped, oa.unshipped) FROM ok LEFT JOIN oa USING (id)
       WHERE ok.n <> coalesce(oa.n, 0) OR ok.unshipped <> coalesce(oa.unshipped, 0)`.execute(t.db)
  ).rows.map((r) => r.key);

it('keeps each patient and order its occurrence counts exactly, and sums them for a search', async () => {
  const a = await occurrence(t, { date: '2033-02-07', stateId: 5, callBeforeDelivery: true, lastName: 'Keptsearch' });
  const b = await occurrence(t, { date: '2033-02-14', eligible: true, lastName: 'Keptsearch' });
  expect(await searchCountsOff()).toEqual([]);
  await t.db.updateTable('ocurrences').set({ eligibility_toggle: true }).where('id', '=', a.id).execute();
  // The patient no longer needs a call: the eligible occurrence is completed, through its copy.
  await t.db.updateTable('patients').set({ call_before_delivery: false }).where('id', '=', a.patientId).execute();
  await t.db.updateTable('ocurrences').set({ shipped: true }).where('id', '=', b.id).execute();
  await t.db.updateTable('ocurrences').set({ po_number: 'no count changes' }).where('id', 'in', [a.id, b.id]).execute();
  // An order given to another patient takes its occurrences' counts along.
  await t.db.updateTable('orders').set({ patient_id: b.patientId }).where('id', '=', a.orderId).execute();
  expect(await searchCountsOff()).toEqual([]);

  const count = async (where: ReturnType<typeof sql<boolean>>) =>
    (
      await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ocurrences oc JOIN orders o ON o.id = oc.order_id
          JOIN patients p ON p.id = o.patient_id WHERE ${where}`.execute(t.db)
    ).rows[0].n;
  const OPEN = sql<boolean>`NOT (oc.eligibility_toggle AND (oc.customer_approved OR NOT oc.patient_call_before_delivery))`;
  const sum = (groups: { n: number }[]) => groups.reduce((s, g) => s + g.n, 0);
  for (const compacted of [false, true]) {
    if (compacted) expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
    expect(await searchCountsOff()).toEqual([]);
    expect(await pieceCountsOff('')).toEqual([]);
    expect(await orderPieceCountsOff()).toEqual([]);
    const mine = sql<boolean>`p.search_text LIKE '%keptsearch%'`;
    expect(sum(await keptPatientOccurrenceCounts(t.db, { term: 'keptsearch', openOnly: false }))).toBe(
      await count(mine),
    );
    expect(sum(await keptPatientOccurrenceCounts(t.db, { term: 'keptsearch', openOnly: true }))).toBe(
      await count(sql`${mine} AND ${OPEN}`),
    );
    expect(await keptPatientOccurrenceCounts(t.db, { term: 'keptsearch', stateId: 5, openOnly: false })).toEqual([]);
    expect(await keptOrderOccurrenceCount(t.db, { term: 'keptsearch', orderId: null, unshippedOnly: false })).toBe(
      await count(sql`o.search_text LIKE '%keptsearch%'`),
    );
    expect(await keptOrderOccurrenceCount(t.db, { term: 'zzzz', orderId: b.orderId, unshippedOnly: true })).toBe(
      await count(sql`o.id = ${b.orderId} AND NOT oc.shipped`),
    );
    // Terms of one to three characters: the sums kept per piece (migration 0023).
    for (const term of ['ke', 'p', 'zq', '1', 'kep', 'ept']) {
      const byPatient = sql<boolean>`p.search_text LIKE ${`%${term}%`}`;
      const byOrder = sql<boolean>`o.search_text LIKE ${`%${term}%`}`;
      expect(sum(await keptPatientOccurrenceCounts(t.db, { term, openOnly: false })), term).toBe(
        await count(byPatient),
      );
      expect(sum(await keptPatientOccurrenceCounts(t.db, { term, openOnly: true })), term).toBe(
        await count(sql`${byPatient} AND ${OPEN}`),
      );
      expect(sum(await keptPatientOccurrenceCounts(t.db, { term, stateId: 5, facility: false, openOnly: false }))).toBe(
        await count(sql`${byPatient} AND p.state_id = 5 AND NOT p.facility`),
      );
      expect(await keptOrderOccurrenceCount(t.db, { term, orderId: null, unshippedOnly: false }), term).toBe(
        await count(byOrder),
      );
      expect(await keptOrderOccurrenceCount(t.db, { term, orderId: b.orderId, unshippedOnly: true }), term).toBe(
        await count(sql`(${byOrder} OR o.id = ${b.orderId}) AND NOT oc.shipped`),
      );
    }
  }
  await t.db.deleteFrom('services').where('ocurrence_id', '=', b.id).execute();
  await t.db.deleteFrom('ocurrences').where('id', '=', b.id).execute();
  expect(await searchCountsOff()).toEqual([]);
});

/** Days whose kept occurrence counts (totals plus deltas) differ from the occurrences of that day. */
const dayCountsOff = async () =>
  (
    await sql<{ key: string }>`
      WITH k AS (
        SELECT date, state_id, facility, completed, shipped, sum(occurrences)::int AS n FROM (
          SELECT date, state_id, facility, completed, shipped, occurrences FROM occurrence_day_counts
          UNION ALL SELECT date, state_id, facility, completed, shipped, occurrences FROM occurrence_day_count_deltas) d
        GROUP BY 1, 2, 3, 4, 5),
      a AS (
        SELECT date, coalesce(patient_state_id, 0) AS state_id, patient_facility AS facility,
               eligibility_toggle AND (customer_approved OR NOT patient_call_before_delivery) AS completed,
               shipped, count(*)::int AS n
          FROM ocurrences GROUP BY 1, 2, 3, 4, 5)
      SELECT concat_ws(' ', coalesce(k.date, a.date), coalesce(k.state_id, a.state_id), k.n, a.n) AS key
        FROM k FULL JOIN a USING (date, state_id, facility, completed, shipped)
       WHERE coalesce(k.n, 0) <> coalesce(a.n, 0)`.execute(t.db)
  ).rows.map((r) => r.key);

it('keeps occurrence counts per day exactly, and sums a range of days', async () => {
  const a = await occurrence(t, { date: '2034-03-06', stateId: 5, facility: true });
  const b = await occurrence(t, { date: '2034-03-13', eligible: true });
  expect(await dayCountsOff()).toEqual([]);
  await t.db.updateTable('ocurrences').set({ date: '2034-03-20', shipped: true }).where('id', '=', a.id).execute();
  await t.db.updateTable('patients').set({ state_id: 9 }).where('id', '=', b.patientId).execute();
  expect(await dayCountsOff()).toEqual([]);
  const inRange = async (start: string | undefined, end: string | undefined, where = sql<boolean>`true`) =>
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM ocurrences
        WHERE (${start ?? null}::date IS NULL OR date >= ${start ?? null}::date)
          AND (${end ?? null}::date IS NULL OR date <= ${end ?? null}::date) AND ${where}`.execute(t.db)
    ).rows[0].n;
  const kept = async (f: Parameters<typeof keptOccurrenceCountsByState>[1]) =>
    (await keptOccurrenceCountsByState(t.db, f)).reduce((sum, g) => sum + g.n, 0);
  for (const compacted of [false, true]) {
    if (compacted) expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
    expect(await dayCountsOff()).toEqual([]);
    expect(await kept({ start: '2034-03-01', end: '2034-03-31' })).toBe(await inRange('2034-03-01', '2034-03-31'));
    expect(await kept({ start: '2034-03-13' })).toBe(await inRange('2034-03-13', undefined));
    expect(await kept({ end: '2034-03-13', stateId: 9 })).toBe(
      await inRange(undefined, '2034-03-13', sql<boolean>`patient_state_id = 9`),
    );
    expect(await kept({ start: '2034-03-01', end: '2034-03-31', shipped: false })).toBe(
      await inRange('2034-03-01', '2034-03-31', sql<boolean>`NOT shipped`),
    );
  }
});
