import { performance } from 'node:perf_hooks';
import {
  get,
  measure,
  nth,
  peakRss,
  resetPeakRss,
  round,
  SURNAMES,
  type BenchContext,
  type BenchRow,
} from './harness.ts';

/** Claims one batch holds in the budget's figure. */
const BATCH = 1000;

/**
 * Electronic claims (issue 31): the Ready to Bill list (page 1, a surname, an invoice number),
 * the claims list, and the budget's 1,000-claim batch. The seeded office has no claim data, so
 * the scenario first makes 1,000 invoices ready the way a clerk would (settings, payer, primary
 * coverage, a coded diagnosis, HCPCS codes, a valid physician NPI, a written order for the
 * code), straight in the database; then it creates their claims and one batch of them through the
 * API, timing each.
 */
export async function benchClaims(ctx: BenchContext): Promise<BenchRow[]> {
  const query = ctx.query;
  if (!query) return [];
  const invoices = await prepare(query);
  const send = (path: string, body: unknown) =>
    fetch(`${ctx.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `JWT ${ctx.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const first = (await (await get(ctx, '/api/claims/ready/')).json()) as { count: number };
  const note = `${first.count.toLocaleString('en-US')} invoices waiting`;
  const rows: BenchRow[] = [
    { ...(await measure('GET /api/claims/ready/ (page 1)', 30, () => get(ctx, '/api/claims/ready/'))), note },
    await measure('GET /api/claims/ready/?search=<surname>', 25, (i) =>
      get(ctx, `/api/claims/ready/?search=${nth(SURNAMES, i)}`),
    ),
    await measure('GET /api/claims/ready/?search=<invoice number>', 25, (i) =>
      get(ctx, `/api/claims/ready/?search=${invoices[i % invoices.length]}`),
    ),
  ];

  const created = await timed(`POST /api/claims/ (${BATCH.toLocaleString('en-US')} invoices)`, ctx, () =>
    send('/api/claims/', { invoice_ids: invoices }),
  );
  rows.push(created.row);
  const claimIds = ((created.body as { created?: { id: number }[] }).created ?? []).map((c) => c.id);
  if (claimIds.length < BATCH) created.row.note = `only ${claimIds.length} claims made`;
  const batch = await timed(`POST /api/claim_batches/ (${claimIds.length.toLocaleString('en-US')} claims)`, ctx, () =>
    send('/api/claim_batches/', { claim_ids: claimIds }),
  );
  rows.push(batch.row);
  rows.push(
    await measure('GET /api/claims/ (page 1)', 30, () => get(ctx, '/api/claims/')),
    await measure('GET /api/claims/?search=<surname>', 25, (i) => get(ctx, `/api/claims/?search=${nth(SURNAMES, i)}`)),
  );
  return rows;
}

/** One request, timed once, with the server's peak memory while it ran. */
export async function timed(
  name: string,
  ctx: BenchContext,
  send: () => Promise<Response>,
): Promise<{ row: BenchRow; body: unknown }> {
  if (ctx.serverPid) resetPeakRss(ctx.serverPid);
  const started = performance.now();
  const res = await send();
  const body: unknown = await res.json();
  const ms = round(performance.now() - started);
  const peak = ctx.serverPid ? peakRss(ctx.serverPid) : null;
  const row: BenchRow = { name, median_ms: ms, p95_ms: ms };
  if (peak) row.peak_rss_mb = round(peak / (1024 * 1024));
  if (!res.ok) row.note = `HTTP ${res.status}`;
  return { row, body };
}

/** Makes the newest `count` unbilled invoices ready to bill; answers their ids. */
export async function prepare(query: NonNullable<BenchContext['query']>, count = BATCH): Promise<number[]> {
  await query(`UPDATE billing_settings SET organization_name = 'Bench Medical Supply', npi = '1234567893',
    tax_id = '421234567', taxonomy_code = '332B00000X', address_1 = '100 Main St', city = 'Des Moines',
    state = 'IA', zip = '503091234', phone = '5155550100', submitter_name = 'Bench Medical Supply',
    submitter_id = 'BENCH01', submitter_contact_name = 'Bench', submitter_contact_phone = '5155550101',
    receiver_name = 'Bench Clearinghouse', receiver_id = 'CLEARING' WHERE id = 1`);
  await query(`INSERT INTO vendors (name, phone, payer_id, claim_filing_indicator)
    SELECT 'Bench Medicare DME', '555-555-0100', 'BENCH', 'MB' WHERE NOT EXISTS (SELECT 1 FROM vendors)`);
  await query(`UPDATE vendors SET payer_id = 'P' || id, claim_filing_indicator = 'MB' WHERE payer_id = ''`);
  await query(`UPDATE products SET hcpcs_code = 'E0601', modifiers = '{NU}' WHERE hcpcs_code = ''`);
  const rows = await query<{ id: number; patient_id: number }>(
    `SELECT i.id, o.patient_id FROM invoices i
       JOIN ocurrences oc ON oc.id = i.ocurrence_id JOIN orders o ON o.id = oc.order_id
      WHERE i.balance > 0 AND NOT i.claim_open
        AND EXISTS (SELECT 1 FROM patient_insurances pi WHERE pi.patient_id = o.patient_id)
      ORDER BY i.id DESC LIMIT $1`,
    [count],
  );
  const patients = [...new Set(rows.map((r) => r.patient_id))];
  await query(
    `UPDATE patients SET physician_npi = '1234567893', physician_name = CASE WHEN physician_name = '' THEN 'Dr. Alan Brooks' ELSE physician_name END,
            gender = CASE WHEN gender IN ('Male', 'Female') THEN gender ELSE 'Female' END,
            birthdate = coalesce(birthdate, '1950-01-01'), address_1 = CASE WHEN address_1 = '' THEN '1 Main St' ELSE address_1 END,
            city = CASE WHEN city = '' THEN 'Des Moines' ELSE city END, state_id = coalesce(state_id, 16),
            zip = CASE WHEN zip ~ '^([0-9]{5}|[0-9]{9})$' THEN zip ELSE '50309' END
      WHERE id = ANY($1::int[])`,
    [patients],
  );
  await query(`UPDATE patient_insurances SET priority = NULL WHERE patient_id = ANY($1::int[])`, [patients]);
  await query(
    `UPDATE patient_insurances pi SET vendor_id = coalesce(pi.vendor_id, (SELECT min(id) FROM vendors)), priority = 1,
            policy_number = CASE WHEN policy_number ~ '^[A-Za-z0-9]+$' THEN policy_number ELSE 'M' || pi.id END
      WHERE pi.id IN (SELECT min(id) FROM patient_insurances WHERE patient_id = ANY($1::int[]) GROUP BY patient_id)`,
    [patients],
  );
  await query(
    `INSERT INTO patient_diagnoses (patient_id, text, code)
     SELECT p, 'Chronic obstructive pulmonary disease', 'J449' FROM unnest($1::int[]) p
      WHERE NOT EXISTS (SELECT 1 FROM patient_diagnoses d WHERE d.patient_id = p AND d.code <> '')`,
    [patients],
  );
  // Medicare holds every item without a standard written order (issue 34): a lifetime one for the code.
  await query(
    `INSERT INTO documents (patient_id, type, date, practitioner_name, practitioner_npi, items, length_of_need_months, hcpcs)
     SELECT p, 'standard_written_order', '2000-01-01', 'Dr. Alan Brooks', '1234567893',
            '[{"hcpcs": "E0601", "quantity": 1}]', 99, '{E0601}'
       FROM unnest($1::int[]) p
      WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.patient_id = p AND d.type = 'standard_written_order'
                          AND 'E0601' = ANY (d.hcpcs) AND d.valid_through IS NULL)`,
    [patients],
  );
  return rows.map((r) => r.id);
}
