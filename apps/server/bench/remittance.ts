import { get, measure, SHORT_TERMS, SURNAMES, nth, type BenchContext, type BenchRow } from './harness.ts';

/**
 * The remittance list (search and a sort on a computed column), one occurrence's payment
 * dialog, the revert list, and the end-of-year report over every service of the period.
 */
export async function benchRemittance(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [
    await measure('GET /api/end_year_report/?date_range=CY', 20, () => get(ctx, '/api/end_year_report/?date_range=CY')),
    await measure('GET /api/end_year_report/ (all years)', 10, () =>
      get(ctx, '/api/end_year_report/?start_date=2000-01-01&end_date=2099-12-31'),
    ),
  ];
  const first = (await (await get(ctx, '/api/remmitance/?page_size=50')).json()) as {
    results: { id: number; invoice: number }[];
  };
  if (first.results.length === 0) return rows;
  rows.push(
    await measure('GET /api/remmitance/', 50, () => get(ctx, '/api/remmitance/')),
    await measure('GET /api/remmitance/?search=mar', 50, () => get(ctx, '/api/remmitance/?search=mar')),
    await measure('GET /api/remmitance/?search=<2 letters>', 25, (i) =>
      get(ctx, `/api/remmitance/?search=${nth(SHORT_TERMS, i)}`),
    ),
    await measure('GET /api/remmitance/?search=<surname>', 25, (i) =>
      get(ctx, `/api/remmitance/?search=${nth(SURNAMES, i)}`),
    ),
    await measure('GET /api/remmitance/?search=<invoice number>', 50, (i) =>
      get(ctx, `/api/remmitance/?search=${first.results[i % first.results.length].invoice}`),
    ),
    await measure('GET /api/remmitance/{id}', 50, (i) =>
      get(ctx, `/api/remmitance/${first.results[i % first.results.length].id}`),
    ),
    await measure('GET /api/remmitance_revert/', 30, () => get(ctx, '/api/remmitance_revert/')),
  );
  if (ctx.query) rows.push(await benchPosting(ctx, ctx.query));
  return rows;
}

const POSTING_SERVICES = 20;
const POSTINGS = 30;

/**
 * POST /remmitance_payments/ paying 1.00 on each of 20 services of an invoiced occurrence, one
 * check per posting. Every request (warm-up and database samples included) gets an occurrence of
 * its own, made here by SQL: 20 shipped services copied from a real one, and its invoice.
 */
async function benchPosting(ctx: BenchContext, query: NonNullable<BenchContext['query']>): Promise<BenchRow> {
  const needed = POSTINGS + 15;
  const [vendor] = await query<{ id: number }>(
    `INSERT INTO vendors (name, phone) VALUES ('Bench Payer ' || md5(random()::text), '') RETURNING id`,
  );
  const occurrences = await query<{ id: number }>(
    `WITH tpl AS (
       SELECT s.*, o.order_id FROM services s JOIN ocurrences o ON o.id = s.ocurrence_id
        WHERE o.shipped AND s.total > 5 ORDER BY random() LIMIT 1
     ), occ AS (
       INSERT INTO ocurrences (order_id, date, shipped, shipped_date)
       SELECT tpl.order_id, date '1990-01-01' + g, true, date '1990-01-01' + g FROM tpl, generate_series(1, $1::int) g
       RETURNING id, date
     ), svc AS (
       INSERT INTO services (ocurrence_id, product_id, variant_id, date, quantity, sale_price, adjusted_sale_price,
                             total, tax_amount, shipped, product_name, product_reference, outstanding)
       SELECT occ.id, tpl.product_id, tpl.variant_id, occ.date, 1, tpl.sale_price, tpl.adjusted_sale_price,
              tpl.total, tpl.tax_amount, true, tpl.product_name, tpl.product_reference, tpl.total + tpl.tax_amount
         FROM occ, tpl, generate_series(1, $2::int)
       RETURNING ocurrence_id
     )
     SELECT DISTINCT ocurrence_id AS id FROM svc`,
    [needed, POSTING_SERVICES],
  );
  await query(`INSERT INTO invoices (ocurrence_id, date) SELECT id, date FROM ocurrences WHERE id = ANY($1::int[])`, [
    occurrences.map((o) => o.id),
  ]);
  const services = await query<{ id: number; ocurrence_id: number; outstanding: string }>(
    `SELECT id, ocurrence_id, outstanding FROM services WHERE ocurrence_id = ANY($1::int[]) ORDER BY id`,
    [occurrences.map((o) => o.id)],
  );
  let next = 0;
  return measure(
    `POST /api/remmitance_payments/ (${POSTING_SERVICES} services)`,
    POSTINGS,
    () => {
      const occurrenceId = occurrences[next++ % occurrences.length].id;
      const lines = services.filter((s) => s.ocurrence_id === occurrenceId);
      const body = {
        checks: [
          {
            check_number: `BENCH-${occurrenceId}-${Date.now()}`,
            check_date: new Date().toISOString().slice(0, 10),
            total_amount: (lines.length * 1).toFixed(2),
            payment_method: 'Bank',
            vendor_id: vendor.id,
            memo_notes: '',
          },
        ],
        ocurrence_id: occurrenceId,
        services: lines.map((s) => ({
          id: s.id,
          outstanding: (Number(s.outstanding) - 1).toFixed(2),
          amount_ajusted: 0,
          write_off: 0,
        })),
      };
      return fetch(`${ctx.baseUrl}/api/remmitance_payments/`, {
        method: 'POST',
        headers: { authorization: `JWT ${ctx.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    },
    { concurrent: 'none' },
  );
}
