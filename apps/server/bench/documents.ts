import { sql } from 'kysely';
import { shiftDate, todayWire } from '@dme/shared';
import { openDatabase } from '../src/db/database.ts';
import { weekOf } from '../src/operations/expirations.ts';
import { get, measure, nth, type BenchContext, type BenchRow } from './harness.ts';

const TERMS = ['mar', 'son', 'lee', 'ann', 'ros'];

/**
 * The bulk patients carry no documents: give most Medicare patients a standard written order for
 * every code they are billed (once), a few of them one that runs out this month, and an
 * authorization to every tenth patient, so holds are the exception they are in an office.
 */
async function ensureDocuments(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dme_bench';
  const handle = await openDatabase({ url });
  try {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM documents`.execute(handle.db);
    if ((rows[0]?.n ?? 0) > 0) return;
    const started = Date.now();
    const added = await sql`
      INSERT INTO documents (patient_id, type, date, practitioner_name, practitioner_npi, items, hcpcs, length_of_need_months)
      SELECT o.patient_id, 'standard_written_order', min(oc.date) - 3, 'Dr. Alan Brooks', '1234567893',
        jsonb_agg(DISTINCT jsonb_build_object('hcpcs', pr.hcpcs_code, 'quantity', 1)),
        array_agg(DISTINCT pr.hcpcs_code),
        CASE WHEN o.patient_id % 50 = 0 THEN 12 ELSE 99 END
      FROM orders o
      JOIN ocurrences oc ON oc.order_id = o.id
      JOIN services s ON s.ocurrence_id = oc.id
      JOIN products pr ON pr.id = s.product_id AND pr.hcpcs_code <> ''
      WHERE o.patient_id % 20 <> 7
      GROUP BY o.patient_id
    `.execute(handle.db);
    await sql`
      INSERT INTO documents (patient_id, type, date, vendor_id, number, hcpcs, units, start_date, end_date)
      SELECT pi.patient_id, 'prior_authorization', current_date - 200, pi.vendor_id, 'PA' || pi.patient_id,
        ARRAY['E0277'], 13, current_date - 200, current_date + (pi.patient_id % 60)
      FROM patient_insurances pi WHERE pi.priority = 1 AND pi.vendor_id IS NOT NULL AND pi.patient_id % 10 = 3
    `.execute(handle.db);
    await sql`ANALYZE documents`.execute(handle.db);
    console.log(`seeded ${added.numAffectedRows ?? 0} written orders in ${(Date.now() - started) / 1000} s`);
  } finally {
    await handle.close();
  }
}

/**
 * The lists that show holds (issue 34): the Documents queue on its first view (today and the next
 * 30 days) with and without a search and by date, and a week of Call Patient w Eligibility and
 * Shipping Status, whose rows now carry their holds.
 */
export async function benchDocuments(ctx: BenchContext): Promise<BenchRow[]> {
  await ensureDocuments();
  const today = todayWire();
  const month = `start_date=${today}&end_date=${shiftDate(today, 30, 'day')}`;
  const week = weekOf(today);
  const range = `start_date=${week.start}&end_date=${week.end}`;
  return [
    await measure('GET /api/documents_queue/ (today and 30 days)', 40, () =>
      get(ctx, `/api/documents_queue/?${month}`),
    ),
    await measure('GET /api/documents_queue/?ordering=-date (today and 30 days)', 40, () =>
      get(ctx, `/api/documents_queue/?${month}&ordering=-date`),
    ),
    await measure('GET /api/documents_queue/?search=<3 letters> (today and 30 days)', 40, (i) =>
      get(ctx, `/api/documents_queue/?${month}&search=${nth(TERMS, i)}`),
    ),
    await measure('GET /api/documents_queue/?page=5 (today and 30 days)', 40, () =>
      get(ctx, `/api/documents_queue/?${month}&page=5`),
    ),
    await measure('GET /api/call-patient-eligibility/?<week>&hidden_completed=false (with holds)', 40, () =>
      get(ctx, `/api/call-patient-eligibility/?${range}&hidden_completed=false`),
    ),
    await measure('GET /api/shipping-status/?<week> (with holds)', 40, () =>
      get(ctx, `/api/shipping-status/?${range}`),
    ),
    await measure('GET /api/getCountOcurrencesAvailablesForPrint/?<week> (held left out)', 40, () =>
      get(ctx, `/api/getCountOcurrencesAvailablesForPrint/?${range}`),
    ),
  ];
}
