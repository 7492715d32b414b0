import { get, measure, SHORT_TERMS, SURNAMES, nth, type BenchContext, type BenchRow } from './harness.ts';

const TERMS = ['mar', 'son', 'lee', 'ann', 'CPAP'];

/**
 * The invoice list (page 1, a search on a patient or order name, an invoice number), one
 * invoice, one invoice PDF, and the vendors list. Invoices come from the seeded shipped
 * occurrences (one invoice each).
 */
export async function benchBilling(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [await measure('GET /api/vendors/', 30, () => get(ctx, '/api/vendors/'))];
  const first = (await (await get(ctx, '/api/invoices/?page_size=100')).json()) as {
    results: { id: number }[];
    count: number;
  };
  const sample = first.results.slice(0, 50);
  if (sample.length === 0) return rows;
  const note = `${first.count.toLocaleString('en-US')} invoices`;
  rows.push(
    { ...(await measure('GET /api/invoices/ (page 1)', 50, () => get(ctx, '/api/invoices/'))), note },
    {
      ...(await measure('GET /api/invoices/?search=<term>', 50, (i) =>
        get(ctx, `/api/invoices/?search=${nth(TERMS, i)}`),
      )),
      note,
    },
    await measure('GET /api/invoices/?search=<2 letters>', 25, (i) =>
      get(ctx, `/api/invoices/?search=${nth(SHORT_TERMS, i)}`),
    ),
    await measure('GET /api/invoices/?search=<surname>', 25, (i) =>
      get(ctx, `/api/invoices/?search=${nth(SURNAMES, i)}`),
    ),
    await measure('GET /api/invoices/?search=<invoice number>', 50, (i) =>
      get(ctx, `/api/invoices/?search=${sample[i % sample.length].id}`),
    ),
    await measure('GET /api/invoices/?ordering=patient&page=20', 30, () =>
      get(ctx, '/api/invoices/?ordering=patient&page=20'),
    ),
    await measure('GET /api/invoices/{id}', 50, (i) => get(ctx, `/api/invoices/${sample[i % sample.length].id}`)),
    await measure(
      'GET /api/invoice_export/{id}/ (invoice PDF)',
      30,
      (i) => get(ctx, `/api/invoice_export/${sample[i % sample.length].id}/`),
      { concurrent: 'loop' },
    ),
  );
  return rows;
}
