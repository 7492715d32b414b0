import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { createOrder, createPatient } from '../test/factories.ts';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

async function searchIds(term: string): Promise<number[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/orders/?search=${encodeURIComponent(term)}&page_size=100`,
    headers: auth(t.adminToken),
  });
  expect(res.statusCode).toBe(200);
  const page = res.json() as { results: { id: number }[]; count: number };
  expect(page.count).toBe(page.results.length);
  return page.results.map((r) => r.id).sort((a, b) => a - b);
}

async function searchText(orderId: number): Promise<string> {
  const { rows } = await sql<{ search_text: string }>`SELECT search_text FROM orders WHERE id = ${orderId}`.execute(
    t.db,
  );
  return rows[0].search_text;
}

async function patch(url: string, payload: Record<string, unknown>): Promise<void> {
  const res = await t.app.inject({ method: 'PATCH', url, headers: auth(t.adminToken), payload });
  expect(res.statusCode, res.body).toBe(200);
}

describe('order search column', () => {
  it('holds the order name, PO number and patient name, lower-cased', async () => {
    const last = unique('Quill');
    const patient = await createPatient(t, { first_name: 'Maren', middle_name: 'Jo', last_name: last });
    const order = await createOrder(t, patient.id, { name: 'CPAP Resupply', po_number: 'PO-77X' });
    expect((await searchText(order.id)).split('\x1f')).toEqual([
      'cpap resupply',
      'po-77x',
      `maren ${last.toLowerCase()}`,
      `maren jo ${last.toLowerCase()}`,
    ]);
    expect(await searchIds(last)).toEqual([order.id]);
    expect(await searchIds(`maren jo ${last}`)).toEqual([order.id]);
    // A term never matches across two fields.
    expect(await searchIds(`po-77x\x1fmaren`)).toEqual([]);
    expect(await searchIds(`77x maren`)).toEqual([]);
  });

  it('follows a change of the order name, PO number and patient', async () => {
    const first = await createPatient(t, { first_name: 'Ida' });
    const second = await createPatient(t, { first_name: 'Otto' });
    const name = unique('Walker');
    const po = unique('PO');
    const order = await createOrder(t, first.id, { name: 'Briefs', po_number: '' });
    expect(await searchIds(name)).toEqual([]);

    await patch(`/api/orders/${order.id}/`, { name });
    expect(await searchIds(name)).toEqual([order.id]);
    await patch(`/api/orders/${order.id}/`, { po_number: po });
    expect(await searchIds(po)).toEqual([order.id]);
    expect(await searchIds('briefs')).not.toContain(order.id);

    await patch(`/api/orders/${order.id}/`, { patient_id: second.id });
    expect(await searchIds(first.last_name)).toEqual([]);
    expect(await searchIds(second.last_name)).toEqual([order.id]);
  });

  it("follows a change of the patient's name on every order of that patient", async () => {
    const patient = await createPatient(t, { first_name: 'Hazel' });
    const other = await createPatient(t, { first_name: 'Hazel' });
    const a = await createOrder(t, patient.id);
    const b = await createOrder(t, patient.id);
    const c = await createOrder(t, other.id);
    expect(await searchIds(patient.last_name)).toEqual([a.id, b.id].sort((x, y) => x - y));

    const renamed = unique('Renamed');
    await patch(`/api/patients/${patient.id}/`, { last_name: renamed });
    expect(await searchIds(patient.last_name)).toEqual([]);
    expect(await searchIds(renamed)).toEqual([a.id, b.id].sort((x, y) => x - y));
    await patch(`/api/patients/${patient.id}/`, { middle_name: 'Blue' });
    expect(await searchIds(`hazel blue ${renamed}`)).toEqual([a.id, b.id].sort((x, y) => x - y));
    // Other fields of the patient leave the orders alone; the other patient's order is untouched.
    await patch(`/api/patients/${patient.id}/`, { city: 'Ames' });
    expect(await searchIds(renamed)).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(await searchIds(other.last_name)).toEqual([c.id]);
  });

  it('is filled for orders written outside the routes (bulk inserts, direct updates)', async () => {
    const patient = await createPatient(t, { first_name: 'Bulk' });
    const name = unique('Seeded');
    const { rows } = await sql<{ id: number }>`
      INSERT INTO orders (name, patient_id, delivery_id, po_number)
      SELECT ${name} || '-' || g, ${patient.id}, 1, 'PO' || g FROM generate_series(1, 3) AS g
      RETURNING id
    `.execute(t.db);
    expect(await searchIds(name)).toEqual(rows.map((r) => r.id).sort((x, y) => x - y));
    await sql`UPDATE orders SET search_text = 'stale' WHERE id = ${rows[0].id}`.execute(t.db);
    await sql`UPDATE orders SET name = ${`${name}-renamed`} WHERE id = ${rows[0].id}`.execute(t.db);
    expect(await searchIds(`${name}-renamed`)).toEqual([rows[0].id]);
  });

  it('counts and pages searches of one to three characters exactly (orders kept per piece)', async () => {
    const patient = await createPatient(t, { first_name: 'Yolanda', last_name: unique('Qzx') });
    const order = await createOrder(t, patient.id, { name: 'Walker Qj', po_number: 'PO-ÅB' });
    const matching = async (term: string) =>
      (
        await sql<{ id: number }>`SELECT id FROM orders WHERE strpos(search_text, ${term}) > 0 ORDER BY id`.execute(
          t.db,
        )
      ).rows.map((r) => r.id);
    for (const term of ['qj', 'Å', 'åb', 'yo', 'a', 'zz', '-', 'alk', 'r q', 'o-å']) {
      const expected = await matching(term.toLowerCase());
      expect(await searchIds(term), term).toEqual(expected);
    }
    // Other tests' unique names are random and may hold "qj" too: this order is what is watched.
    expect(await searchIds('qj')).toContain(order.id);
    await patch(`/api/orders/${order.id}/`, { name: 'Walker' });
    expect(await searchIds('qj')).not.toContain(order.id);
    expect(await searchIds('qj')).toEqual(await matching('qj'));
    await patch(`/api/patients/${patient.id}/`, { first_name: 'Qjell' });
    expect(await searchIds('qj')).toContain(order.id);
    expect(await searchIds('qj')).toEqual(await matching('qj'));
  });

  it('is served by the trigram index where pg_trgm is enabled', async () => {
    const { rows: trgm } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'
    `.execute(t.db);
    const plan = await t.db.transaction().execute(async (trx) => {
      // A test table is small enough for a sequential scan: take that choice away to see the index serve.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await sql<Record<string, string>>`
        EXPLAIN SELECT count(*) FROM orders o WHERE o.search_text LIKE '%mar%'
      `.execute(trx);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    if (trgm[0].n === 1) expect(plan).toContain('orders_search_trgm_idx');
    else expect(plan).not.toContain('orders_search_trgm_idx');
  });
});
