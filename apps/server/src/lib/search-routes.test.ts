import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { todayWire } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { hashPassword } from './passwords.ts';
import { seedDemoOffice } from '../db/seed/demo.ts';
import { rareTerm, setRareRows } from '../db/kept-totals.ts';
import { weekOf } from '../operations/expirations.ts';

/**
 * A search that few patients or orders have is read through an index of the search text first
 * (one to three characters: the pieces index, migration 0024; longer: the trigram index); any
 * other, by walking the list's order. Both ways must give every list the same rows in the same
 * order, on every page, with the same count.
 */

let t: TestContext;
const week = weekOf(todayWire());
const range = `start_date=${week.start}&end_date=${week.end}`;

beforeAll(async () => {
  t = await setupTestApp();
  await seedDemoOffice(t.db, { passwordHash: await hashPassword('Demo-Pass-2026'), log: t.app.log });
});
afterAll(async () => {
  await t.close();
});

const LISTS = [
  '/api/patients/?status=',
  '/api/patients/?status=Active&ordering=-last_name',
  '/api/patients/?status=&ordering=state',
  '/api/patients_rentals/?status=',
  '/api/orders/?',
  '/api/orders/?ordering=patient_name',
  '/api/call-customers/?',
  `/api/call-customers/?${range}`,
  '/api/check-eligibility/?ordering=-patient_name',
  '/api/call-patient-eligibility/?hidden_completed=false',
  '/api/call-patient-eligibility/?ordering=state',
  `/api/expirations_ocurrences/?${range}`,
  '/api/shipping-status/?',
  `/api/shipping-status/?${range}`,
  '/api/shipping-status/?ordering=-patient_name',
  '/api/invoices/?',
  '/api/invoices/?ordering=patient',
  '/api/invoices/?ordering=-date',
  '/api/remmitance/?',
  '/api/remmitance/?ordering=-patient_name',
  '/api/remmitance/?ordering=-date',
  '/api/remmitance/?ordering=invoice',
];

interface Listed {
  count: number;
  ids: unknown[];
}

/** The patient picker's answer (at most 100 patients, best first), as ids. */
async function picker(term: string): Promise<unknown[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/patients_list/?search=${encodeURIComponent(term)}`,
    headers: auth(t.adminToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: unknown }[]).map((p) => p.id);
}

/** Every page of a list (10 rows each, at most 6 pages), as the ids in order, and its count. */
async function everything(url: string): Promise<Listed> {
  const ids: unknown[] = [];
  let count = 0;
  for (let page = 1; page <= 6; page += 1) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}&page_size=10&page=${page}`,
      headers: auth(t.adminToken),
    });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    const body = res.json() as { count: number; results: { id: unknown }[] };
    count = body.count;
    ids.push(...body.results.map((r) => r.id));
    if (page * 10 >= count) break;
  }
  return { count, ids };
}

/** The demo office's most common last name of five letters or more, lower-cased. */
async function commonSurname(): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    SELECT lower(last_name) AS name FROM patients WHERE length(last_name) >= 5
     GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`.execute(t.db);
  return rows[0]!.name;
}

/**
 * Pieces of the demo office's search texts (the most common, some in between, the rarest), its
 * most common last name and the start of it, and terms no one has.
 */
async function terms(): Promise<string[]> {
  const { rows } = await sql<{ piece: string }>`
    SELECT piece FROM (
      SELECT piece, row_number() OVER (PARTITION BY length(piece) ORDER BY sum(patients) DESC, piece) AS rank
        FROM patient_piece_counts GROUP BY piece) ranked
     WHERE rank IN (1, 5, 40, 200)`.execute(t.db);
  const surname = await commonSurname();
  return [...rows.map((r) => r.piece), surname, surname.slice(0, 4), 'qz', 'qzqzq', '1', '12', '1234'];
}

describe('a search read through its index or in the list order', () => {
  it('gives every list the same pages and count both ways', async () => {
    const searched = await terms();
    expect(searched.length).toBeGreaterThan(8);
    let found = 0;
    for (const term of searched) {
      // Every term is rare in the demo office (it has 200 patients): an index serves it.
      expect(await rareTerm(t.db, 'patient', term)).toBe(term);
      const byIndex = new Map<string, Listed>();
      for (const list of LISTS) byIndex.set(list, await everything(`${list}&search=${encodeURIComponent(term)}`));
      const picked = await picker(term);
      const restore = setRareRows(-1);
      try {
        expect(await rareTerm(t.db, 'order', term)).toBeNull();
        for (const list of LISTS) {
          const walked = await everything(`${list}&search=${encodeURIComponent(term)}`);
          expect(byIndex.get(list), `${list} "${term}"`).toEqual(walked);
          found += walked.ids.length;
        }
        expect(picked, `picker "${term}"`).toEqual(await picker(term));
      } finally {
        restore();
      }
    }
    // Not a comparison of empty lists.
    expect(found).toBeGreaterThan(500);
  });

  it('finds a rare piece through the index, never by computing each row’s pieces', async () => {
    const { rows: kind } = await sql<{ v: string }>`SELECT version() AS v`.execute(t.db);
    for (const table of ['patients', 'orders']) {
      const { rows } = await sql<Record<string, string>>`
        EXPLAIN SELECT x.id FROM ${sql.table(table)} x WHERE search_pieces(x.search_text) @> ARRAY['nu']::text[]`.execute(
        t.db,
      );
      const plan = rows.map((r) => Object.values(r)[0]).join('\n');
      expect(plan, `${table} on ${kind[0].v}`).toContain(`${table}_pieces_idx`);
    }
  });

  it('keeps every column the patients list filters on in its name indexes', async () => {
    // What lets a walk in name order skip patients without reading them (patients/list.ts rowsOfPage).
    for (const column of ['first_name', 'last_name']) {
      const { rows } = await sql<{ def: string }>`
        SELECT indexdef AS def FROM pg_indexes WHERE indexname = ${`patients_${column}_walk_idx`}`.execute(t.db);
      expect(rows[0]?.def, column).toContain(`(${column}, id) INCLUDE (status, state_id, rentals, search_text)`);
    }
  });

  it('remembers per database whether a term is rare, until the threshold changes', async () => {
    const common = setRareRows(0);
    try {
      // "a" is held by many demo patients; "qz" by none, so it is rare under any threshold.
      expect(await rareTerm(t.db, 'patient', 'a')).toBeNull();
      expect(await rareTerm(t.db, 'patient', 'qz')).toBe('qz');
      // Longer terms are judged by the trigram index: "qzqzq" no one has.
      expect(await rareTerm(t.db, 'patient', await commonSurname())).toBeNull();
      expect(await rareTerm(t.db, 'patient', 'qzqzq')).toBe('qzqzq');
    } finally {
      common();
    }
    expect(await rareTerm(t.db, 'patient', 'a')).toBe('a');
  });
});
