import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';

let t: TestContext;
let h: { authorization: string };

const FIRST = [
  'Alice',
  'Bruno',
  'Carmen',
  'Dale',
  'Edna',
  'Floyd',
  'Gloria',
  'Harold',
  'Irene',
  'Jerome',
  'Kathy',
  'Lloyd',
  'Marlene',
  'Norman',
];
const LAST = [
  'Anderson',
  'Baker',
  'Carter',
  'Dawson',
  'Ellis',
  'Fisher',
  'Garrison',
  'Holt',
  'Ingram',
  'Jensen',
  'Keller',
];
const CITIES = ['Ames', 'Conway', 'Joplin', 'Lawrence', 'Kearney', 'Peoria', 'Ankeny', 'Salina'];
// State ids of migration 0001 (no spaces in the names, so every collation sorts them alike).
const STATES: (number | null)[] = [16, 4, 26, 17, 28, 14, null]; // Iowa, Arkansas, Missouri, Kansas, Nebraska, Illinois
const STATUSES = [
  'Active',
  'Active',
  'Active',
  'Active',
  'Active',
  'Active',
  'Active',
  'Inactive',
  'Inactive',
  'Deceased',
];
const N = 300;

interface Fixture {
  id: number;
  first_name: string;
  last_name: string;
  city: string;
  state_id: number | null;
  status: string;
  rentals: boolean;
  birthdate: string | null;
  phone: string;
  middle_name: string;
}
let all: Fixture[] = [];

beforeAll(async () => {
  t = await setupTestApp();
  h = auth(t.adminToken);
  const rows = Array.from({ length: N }, (_, i) => ({
    first_name: FIRST[i % FIRST.length],
    middle_name: i % 3 === 0 ? 'Lee' : '',
    last_name: LAST[(i * 7) % LAST.length],
    city: CITIES[(i * 3) % CITIES.length],
    state_id: STATES[i % STATES.length],
    status: STATUSES[(i * 13) % STATUSES.length],
    rentals: i % 4 === 0,
    birthdate:
      i % 11 === 0
        ? null
        : `19${30 + (i % 60)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    phone: `515-555-${String(1000 + i).padStart(4, '0')}`,
    email: `${FIRST[i % FIRST.length].toLowerCase()}.${i}@example.org`,
  }));
  rows.push({
    first_name: 'Zelda',
    middle_name: 'Mae',
    last_name: 'Quixote',
    city: 'Ottumwa',
    state_id: 16,
    status: 'Active',
    rentals: true,
    birthdate: '1944-07-04',
    phone: '319-555-7788',
    email: 'zq_100%@example.org',
  });
  all = await t.db
    .insertInto('patients')
    .values(rows)
    .returning([
      'id',
      'first_name',
      'middle_name',
      'last_name',
      'city',
      'state_id',
      'status',
      'rentals',
      'birthdate',
      'phone',
    ])
    .execute();
});
afterAll(async () => {
  await t.close();
});

async function list(query: string, url = '/api/patients/') {
  const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    results: { id: number; [k: string]: unknown }[];
    count: number;
    page_size: number;
    current: number;
  };
}

/** Every row of a filtered list, page by page. */
async function everything(query: string, url?: string) {
  const out: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const res = await list(`${query}&page=${page}&page_size=100`, url);
    out.push(...res.results);
    if (out.length >= res.count || res.results.length === 0) return out;
  }
}

const STATE_NAMES: Record<number, string> = {
  16: 'Iowa',
  4: 'Arkansas',
  26: 'Missouri',
  17: 'Kansas',
  28: 'Nebraska',
  14: 'Illinois',
};

function key(f: Fixture, field: string): string | null {
  switch (field) {
    case 'state':
      return f.state_id === null ? null : STATE_NAMES[f.state_id];
    case 'birthdate':
      return f.birthdate;
    default:
      return String(f[field as keyof Fixture]);
  }
}

/** PostgreSQL's order: ascending puts nulls last, descending first; ties by id in the same direction. */
function expectedOrder(rows: Fixture[], field: string, desc: boolean): number[] {
  const cmp = (a: Fixture, b: Fixture) => {
    const ka = key(a, field);
    const kb = key(b, field);
    if (ka !== kb) {
      if (ka === null) return 1;
      if (kb === null) return -1;
      return ka < kb ? -1 : 1;
    }
    return a.id - b.id;
  };
  const sorted = [...rows].sort(cmp);
  return (desc ? sorted.reverse() : sorted).map((r) => r.id);
}

describe('GET /api/patients/', () => {
  it('answers Active patients by default, 25 a page, 1-based', async () => {
    const res = await list('');
    const active = all.filter((p) => p.status === 'Active');
    expect(res.count).toBe(active.length);
    expect(res.page_size).toBe(25);
    expect(res.current).toBe(1);
    expect(res.results).toHaveLength(25);
    expect(Object.keys(res.results[0]).sort()).toEqual([
      'birthdate',
      'city',
      'first_name',
      'id',
      'last_name',
      'phone',
      'rentals',
      'state',
      'status',
    ]);
    expect(res.results.every((r) => r.status === 'Active')).toBe(true);
  });

  it('pages: page 3 of 10, and past the end an empty page with the count', async () => {
    const first = await everything('ordering=last_name');
    const page3 = await list('ordering=last_name&page=3&page_size=10');
    expect(page3.current).toBe(3);
    expect(page3.page_size).toBe(10);
    expect(page3.results.map((r) => r.id)).toEqual(first.slice(20, 30).map((r) => r.id));
    const past = await list('page=999&page_size=10');
    expect(past.results).toEqual([]);
    expect(past.count).toBe(first.length);
  });

  it('sorts by every sortable column, both directions, and falls back to first_name', async () => {
    const active = all.filter((p) => p.status === 'Active');
    for (const field of ['first_name', 'last_name', 'birthdate', 'city', 'state', 'phone']) {
      for (const desc of [false, true]) {
        const rows = await everything(`ordering=${desc ? '-' : ''}${field}`);
        expect(
          rows.map((r) => r.id),
          `${desc ? '-' : ''}${field}`,
        ).toEqual(expectedOrder(active, field, desc));
      }
    }
    // Small pages cross from one state to the next (and into the patients without a state).
    for (const ordering of ['state', '-state']) {
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 7); page++) {
        const res = await list(`ordering=${ordering}&status=&page=${page}&page_size=7`);
        expect(res.count).toBe(all.length);
        paged.push(...res.results.map((r) => r.id));
      }
      expect(paged, ordering).toEqual(expectedOrder(all, 'state', ordering.startsWith('-')));
    }
    const searched = await everything('ordering=-state&search=lee&status=Active');
    expect(searched.map((r) => r.id)).toEqual(
      expectedOrder(
        all.filter((p) => p.status === 'Active' && p.middle_name === 'Lee'),
        'state',
        true,
      ),
    );
    const byStatus = await everything('ordering=-status&status=');
    expect(byStatus.map((r) => r.id)).toEqual(expectedOrder(all, 'status', true));
    const unknown = await everything('ordering=password_hash');
    expect(unknown.map((r) => r.id)).toEqual(expectedOrder(active, 'first_name', false));
  });

  it('filters by status (empty or "all" means any) and state', async () => {
    expect((await list('status=Inactive')).count).toBe(all.filter((p) => p.status === 'Inactive').length);
    expect((await list('status=Deceased')).count).toBe(all.filter((p) => p.status === 'Deceased').length);
    expect((await list('status=')).count).toBe(all.length);
    expect((await list('status=all')).count).toBe(all.length);
    const kansas = await everything('state=17&status=');
    expect(kansas.length).toBe(all.filter((p) => p.state_id === 17).length);
    expect(kansas.every((r) => (r.state as { name: string }).name === 'Kansas')).toBe(true);
    expect((await list('state=&status=all')).count).toBe(all.length);
  });

  it('answers 422 for bad filters and paging', async () => {
    for (const query of ['status=Gone', 'state=abc', 'page=0', 'page_size=101', 'page=x']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/patients/?${query}`, headers: h });
      expect(res.statusCode, query).toBe(422);
    }
  });

  it('searches names, full name, phone, email and city, case-insensitively and partially', async () => {
    const zelda = all.find((p) => p.first_name === 'Zelda')!;
    for (const term of [
      'zel',
      'QUIX',
      'mae',
      'zelda quixote',
      'Zelda  Mae Quixote',
      '319-555-77',
      '3195557788',
      'zq_100%@',
      'ottum',
    ]) {
      const res = await list(`search=${encodeURIComponent(term)}&status=`);
      expect(
        res.results.map((r) => r.id),
        term,
      ).toEqual([zelda.id]);
    }
    expect((await list(`search=${encodeURIComponent('quixote zelda')}`)).count).toBe(0);
    expect((await list(`search=${encodeURIComponent('%')}`)).count).toBe(1);
    expect((await list(`search=${encodeURIComponent('_')}`)).count).toBe(1);

    const carmen = await everything('search=carm&status=');
    expect(carmen.length).toBe(all.filter((p) => p.first_name === 'Carmen').length);
    const inPeoria = await everything('search=PEORIA&status=Active&ordering=-birthdate');
    expect(inPeoria.map((r) => r.id)).toEqual(
      expectedOrder(
        all.filter((p) => p.city === 'Peoria' && p.status === 'Active'),
        'birthdate',
        true,
      ),
    );
  });
  it('counts and pages searches of one to three characters exactly (kept piece counts), with every filter', async () => {
    /** The ids the database finds with the same filters, by a plain substring test. */
    const matching = async (term: string, f: { status?: string; stateId?: number; rentalsOnly?: boolean }) =>
      (
        await sql<{ id: number }>`
          SELECT id FROM patients
           WHERE strpos(search_text, ${term.toLowerCase()}) > 0
             AND (${f.status ?? null}::text IS NULL OR status = ${f.status ?? null})
             AND (${f.stateId ?? null}::int IS NULL OR state_id = ${f.stateId ?? null})
             AND (rentals OR NOT ${f.rentalsOnly ?? false})`.execute(t.db)
      ).rows.map((r) => r.id);
    const cases: [string, string, Parameters<typeof matching>[1], string?][] = [
      ['ar', 'status=', {}],
      ['Ar', 'status=Active', { status: 'Active' }],
      ['e', 'status=&state=16', { stateId: 16 }],
      ['ol', 'status=Inactive', { status: 'Inactive' }],
      ['55', 'status=&ordering=state', {}],
      ['zq', 'status=', {}],
      ['qq', 'status=', {}],
      ['son', 'status=&ordering=-city', {}],
      ['e l', 'status=', {}],
      ['ank', 'status=Active&state=16', { status: 'Active', stateId: 16 }],
      ['on', 'status=Active', { status: 'Active', rentalsOnly: true }, '/api/patients_rentals/'],
    ];
    for (const [term, filters, f, url] of cases) {
      const expected = await matching(term, f);
      const got = await everything(`search=${encodeURIComponent(term)}&${filters}`, url);
      expect(
        got.map((r) => r.id).sort((a, b) => Number(a) - Number(b)),
        `${term} ${filters}`,
      ).toEqual(expected.sort((a, b) => a - b));
      const first = await list(`search=${encodeURIComponent(term)}&${filters}`, url);
      expect(first.count, `${term} ${filters}`).toBe(expected.length);
    }
    expect((await list('search=qq&page=2')).results).toEqual([]);
    // An edit moves the patient between the pieces' counts at once, before any compaction.
    const zelda = all.find((p) => p.first_name === 'Zelda')!;
    await t.db.updateTable('patients').set({ last_name: 'Qvist' }).where('id', '=', zelda.id).execute();
    expect((await list('search=qv&status=')).count).toBe(1);
    expect((await list('search=ix&status=')).count).toBe((await matching('ix', {})).length);
    await t.db.updateTable('patients').set({ last_name: 'Quixote' }).where('id', '=', zelda.id).execute();
    expect((await list('search=qv&status=')).count).toBe(0);
  });
});

describe('GET /api/patients_rentals/', () => {
  it('lists only rentals, with the same filters', async () => {
    const rentals = all.filter((p) => p.rentals);
    const res = await list('status=', '/api/patients_rentals/');
    expect(res.count).toBe(rentals.length);
    expect(res.results.every((r) => r.rentals === true)).toBe(true);
    const iowa = await everything('state=16&status=Active&ordering=city', '/api/patients_rentals/');
    expect(iowa.map((r) => r.id)).toEqual(
      expectedOrder(
        rentals.filter((p) => p.state_id === 16 && p.status === 'Active'),
        'city',
        false,
      ),
    );
  });
});

describe('GET /api/patients_list/', () => {
  it('answers at most 100, Active first then by name, with the picker fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/patients_list/', headers: h });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: number; first_name: string; last_name: string; birthdate: string | null }[];
    expect(rows).toHaveLength(100);
    expect(Object.keys(rows[0]).sort()).toEqual(['birthdate', 'first_name', 'id', 'last_name']);
    const byName = (a: Fixture, b: Fixture) =>
      a.first_name !== b.first_name
        ? a.first_name < b.first_name
          ? -1
          : 1
        : a.last_name !== b.last_name
          ? a.last_name < b.last_name
            ? -1
            : 1
          : a.id - b.id;
    const expected = all
      .filter((p) => p.status === 'Active')
      .sort(byName)
      .slice(0, 100);
    expect(rows.map((r) => r.id)).toEqual(expected.map((p) => p.id));
  });

  it('narrows by search, inactive patients after active ones', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/patients_list/?search=edna', headers: h });
    const rows = res.json() as { id: number }[];
    const ednas = all.filter((p) => p.first_name === 'Edna');
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(ednas.map((p) => p.id).sort((a, b) => a - b));
    const statuses = rows.map((r) => ednas.find((p) => p.id === r.id)!.status === 'Active');
    expect(statuses).toEqual([...statuses].sort((a, b) => Number(b) - Number(a)));
  });
});

describe('GET /api/usa_states_patients/', () => {
  it('lists only the states patients live in, by name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/usa_states_patients/', headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 4, name: 'Arkansas', abbreviation: 'AR' },
      { id: 14, name: 'Illinois', abbreviation: 'IL' },
      { id: 16, name: 'Iowa', abbreviation: 'IA' },
      { id: 17, name: 'Kansas', abbreviation: 'KS' },
      { id: 26, name: 'Missouri', abbreviation: 'MO' },
      { id: 28, name: 'Nebraska', abbreviation: 'NE' },
    ]);
  });
});
