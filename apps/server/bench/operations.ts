import { sql } from 'kysely';
import { shiftDate, todayWire } from '@dme/shared';
import { openDatabase } from '../src/db/database.ts';
import { seedManyExpirations } from '../src/db/seed/operations.ts';
import { weekOf } from '../src/operations/expirations.ts';
import { get, measure, SHORT_TERMS, SURNAMES, nth, type BenchContext, type BenchRow } from './harness.ts';

const TERMS = ['mar', 'son', 'lee', 'ann', 'ros'];

/**
 * The bulk orders carry no expirations: give every fourth order one (once), so the Expirations
 * list and the alerts have realistic rows to read.
 */
async function ensureExpirations(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dme_bench';
  const handle = await openDatabase({ url });
  try {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM expirations`.execute(handle.db);
    if ((rows[0]?.n ?? 0) === 0) {
      const added = await seedManyExpirations(handle.db);
      await sql`ANALYZE expirations`.execute(handle.db);
      console.log(`seeded ${added} expirations`);
    }
  } finally {
    await handle.close();
  }
}

/**
 * The work queues at one week's range (the current week, Sunday to Saturday), with and without a
 * 3-letter patient search; without a range (every date); the second week's page, and one call
 * detail.
 */
export async function benchOperations(ctx: BenchContext): Promise<BenchRow[]> {
  await ensureExpirations();
  const week = weekOf(todayWire());
  const range = `start_date=${week.start}&end_date=${week.end}`;
  const nextRange = `start_date=${shiftDate(week.start, 7, 'day')}&end_date=${shiftDate(week.end, 7, 'day')}`;
  const first = (await (await get(ctx, `/api/call-customers/?${range}`)).json()) as { results: { id: number }[] };
  const sample = first.results.slice(0, 25);
  const rows: BenchRow[] = [];
  for (const [path, extra] of [
    ['/api/call-customers/', ''],
    ['/api/check-eligibility/', ''],
    ['/api/call-patient-eligibility/', ''],
    ['/api/call-patient-eligibility/', '&hidden_completed=false&facility=No'],
    ['/api/expirations/', '&waiver=false'],
  ] as const) {
    const label = `GET ${path}?<week>${extra}`;
    rows.push(await measure(label, 40, () => get(ctx, `${path}?${range}${extra}`)));
    rows.push(
      await measure(`${label}&search=<3 letters>`, 40, (i) =>
        get(ctx, `${path}?${range}${extra}&search=${nth(TERMS, i)}`),
      ),
    );
  }
  // No dates chosen: every date's occurrences (600,000), counted from the occurrences themselves.
  for (const path of [
    '/api/call-customers/',
    '/api/check-eligibility/',
    '/api/call-patient-eligibility/',
    '/api/call-patient-eligibility/?hidden_completed=false&state=16',
    // Sorted by a column of the patient: walked in name order, or read per state.
    '/api/call-customers/?ordering=patient_name',
    '/api/check-eligibility/?ordering=-state&page=3',
    '/api/call-patient-eligibility/?ordering=state',
  ]) {
    rows.push(await measure(`GET ${path} (every date)`, 40, () => get(ctx, path)));
  }
  rows.push(
    await measure('GET /api/call-customers/?search=<3 letters> (every date)', 40, (i) =>
      get(ctx, `/api/call-customers/?search=${nth(TERMS, i)}`),
    ),
  );
  rows.push(
    await measure('GET /api/call-customers/?search=<2 letters> (every date)', 25, (i) =>
      get(ctx, `/api/call-customers/?search=${nth(SHORT_TERMS, i)}`),
    ),
  );
  rows.push(
    await measure('GET /api/call-customers/?<week>&search=<surname>', 25, (i) =>
      get(ctx, `/api/call-customers/?${range}&search=${nth(SURNAMES, i)}`),
    ),
    await measure('GET /api/call-customers/?search=<surname> (every date)', 25, (i) =>
      get(ctx, `/api/call-customers/?search=${nth(SURNAMES, i)}`),
    ),
  );
  rows.push(
    await measure('GET /api/call-customers/?<next week>&page=3', 30, () =>
      get(ctx, `/api/call-customers/?${nextRange}&page=3`),
    ),
  );
  rows.push(
    await measure('GET /api/expirations_ocurrences/?<week>', 30, () =>
      get(ctx, `/api/expirations_ocurrences/?${range}`),
    ),
  );
  if (sample.length) {
    rows.push(
      await measure('GET /api/call-patient-eligibility/{id}/ (call detail)', 40, (i) =>
        get(ctx, `/api/call-patient-eligibility/${sample[i % sample.length].id}/`),
      ),
    );
  }
  return rows;
}
