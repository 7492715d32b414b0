import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { compactKeptTotals } from '../db/kept-totals.ts';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { createProduct } from '../test/factories.ts';
import { makeOrder, makePatient } from './test-data.ts';

/**
 * The work queues and Shipping Status ordered by state name, patient name and date read their
 * pages in pieces (per state, or the occurrences before their order and patient). Every page of
 * every filter, both ways, must be what one plain ORDER BY over the joined rows gives.
 */

let t: TestContext;
let tag: string;

beforeAll(async () => {
  t = await setupTestApp();
  tag = unique('Ord');
  const product = await createProduct(t, '12.50');
  // Puerto Rico (52) sorts before Texas (44) by name, not after it by id; some patients have no
  // state; two patients share a name but for its case.
  const patients: { state_id: number | null; last: string; first: string }[] = [
    { state_id: 52, last: 'Young', first: 'Ada' },
    { state_id: 5, last: 'Avery', first: 'Bo' },
    { state_id: 16, last: 'avery', first: 'bo' },
    { state_id: null, last: 'Moss', first: 'Cy' },
    { state_id: 44, last: 'Zane', first: 'Di' },
    { state_id: 1, last: 'Cole', first: 'Flo' },
    { state_id: 5, last: 'Moss', first: 'Al' },
    { state_id: null, last: 'Bell', first: 'Ed' },
  ];
  for (const [i, p] of patients.entries()) {
    const patient = await makePatient(t, {
      last_name: `${tag}${p.last}`,
      first_name: p.first,
      state_id: p.state_id,
      facility: i % 3 === 0,
      call_before_delivery: i % 2 === 0,
    });
    await makeOrder(t, patient.id, product, { start: `2026-03-0${1 + (i % 5)}`, end: '2026-06-10' });
  }
  // Some occurrences eligible, approved or shipped, so Hide Completed and Hide Shipped leave some out.
  await sql`UPDATE ocurrences SET eligibility_toggle = true WHERE id % 2 = 0`.execute(t.db);
  await sql`UPDATE ocurrences SET customer_approved = true WHERE id % 3 = 0`.execute(t.db);
  await sql`UPDATE ocurrences SET shipped = true, shipped_date = date WHERE id % 5 = 0`.execute(t.db);
});
afterAll(async () => {
  await t.close();
});

const COMPLETED = sql`(oc.eligibility_toggle AND (oc.customer_approved OR NOT oc.patient_call_before_delivery))`;

interface Case {
  name: string;
  url: string;
  where: RawBuilder<unknown>;
}

/** Each list, with the SQL condition its filter stands for. */
function cases(): Case[] {
  const range = {
    q: 'start_date=2026-03-15&end_date=2026-05-20',
    sql: sql`oc.date BETWEEN '2026-03-15' AND '2026-05-20'`,
  };
  const search = { q: `search=${tag.toLowerCase()}`, sql: sql`p.last_name LIKE ${`${tag}%`}` };
  const filters: { q: string; sql: RawBuilder<unknown> }[] = [
    { q: '', sql: sql`true` },
    search,
    range,
    { q: `${range.q}&${search.q}`, sql: sql`${range.sql} AND ${search.sql}` },
    { q: 'state=5', sql: sql`p.state_id = 5` },
    { q: `${search.q}&state=5`, sql: sql`${search.sql} AND p.state_id = 5` },
  ];
  const out: Case[] = [];
  for (const f of filters) {
    out.push({ name: 'call-customers', url: `/api/call-customers/?${f.q}`, where: f.sql });
    out.push({ name: 'check-eligibility', url: `/api/check-eligibility/?${f.q}`, where: f.sql });
    out.push({
      name: 'call-patient-eligibility',
      url: `/api/call-patient-eligibility/?${f.q}`,
      where: sql`${f.sql} AND NOT ${COMPLETED}`,
    });
    out.push({
      name: 'call-patient-eligibility',
      url: `/api/call-patient-eligibility/?${f.q}&hidden_completed=false&facility=Yes`,
      where: sql`${f.sql} AND p.facility`,
    });
    out.push({ name: 'shipping-status', url: `/api/shipping-status/?${f.q}`, where: f.sql });
    out.push({
      name: 'shipping-status',
      url: `/api/shipping-status/?${f.q}&hidden_shipped=true`,
      where: sql`${f.sql} AND NOT oc.shipped`,
    });
  }
  return out;
}

const ORDER_BY: Record<string, (dir: RawBuilder<unknown>) => RawBuilder<unknown>> = {
  state: (dir) => sql`st.name ${dir}, oc.date ${dir}, oc.id ${dir}`,
  date: (dir) => sql`oc.date ${dir}, oc.id ${dir}`,
};

async function expected(where: RawBuilder<unknown>, field: string, desc: boolean): Promise<number[]> {
  const dir = desc ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<{ id: number }>`
    SELECT oc.id FROM ocurrences oc
      JOIN orders o ON o.id = oc.order_id
      JOIN patients p ON p.id = o.patient_id
      LEFT JOIN usa_states st ON st.id = p.state_id
     WHERE ${where}
     ORDER BY ${ORDER_BY[field](dir)}`.execute(t.db);
  return rows.map((r) => r.id);
}

/** Every page of the list, read 4 rows at a time, and the count each page gave. */
async function everyPage(url: string): Promise<{ ids: number[]; counts: Set<number> }> {
  const ids: number[] = [];
  const counts = new Set<number>();
  for (let page = 1; page < 100; page++) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}&page_size=4&page=${page}`,
      headers: auth(t.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { results: { id: number }[]; count: number };
    counts.add(body.count);
    ids.push(...body.results.map((r) => r.id));
    if (body.results.length < 4) break;
  }
  return { ids, counts };
}

describe.each([
  ['state', false],
  ['state', true],
  ['date', false],
  ['date', true],
] as const)('ordering by %s (descending: %s)', (field, desc) => {
  it('gives every page of every list and filter in the order of one ORDER BY', async () => {
    for (const withCompaction of [false, true]) {
      // Counts kept in deltas first, then folded into the totals: both read the same.
      if (withCompaction) await compactKeptTotals(t.db);
      for (const c of cases()) {
        const want = await expected(c.where, field, desc);
        const { ids, counts } = await everyPage(`${c.url}&ordering=${desc ? '-' : ''}${field}`);
        expect(ids, `${c.url} ordering ${field}`).toEqual(want);
        expect([...counts], c.url).toEqual([want.length]);
      }
    }
  });
});

it('orders by patient name (lower-cased last, then first name, then date) both ways', async () => {
  for (const desc of [false, true]) {
    const dir = desc ? sql`DESC` : sql`ASC`;
    const { rows } = await sql<{ id: number }>`
      SELECT oc.id FROM ocurrences oc JOIN orders o ON o.id = oc.order_id JOIN patients p ON p.id = o.patient_id
       WHERE p.last_name LIKE ${`${tag}%`}
       ORDER BY lower(p.last_name) ${dir}, lower(p.first_name) ${dir}, oc.date ${dir}, oc.id ${dir}`.execute(t.db);
    const { ids } = await everyPage(`/api/call-customers/?search=${tag}&ordering=${desc ? '-' : ''}patient_name`);
    expect(ids).toEqual(rows.map((r) => r.id));
  }
});
