import { get, measure, type BenchContext, type BenchRow } from './harness.ts';

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
  const first = (await (await get(ctx, '/api/remmitance/?page_size=50')).json()) as { results: { id: number }[] };
  if (first.results.length === 0) return rows;
  rows.push(
    await measure('GET /api/remmitance/', 50, () => get(ctx, '/api/remmitance/')),
    await measure('GET /api/remmitance/?search=mar', 50, () => get(ctx, '/api/remmitance/?search=mar')),
    await measure('GET /api/remmitance/{id}', 50, (i) =>
      get(ctx, `/api/remmitance/${first.results[i % first.results.length].id}`),
    ),
    await measure('GET /api/remmitance_revert/', 30, () => get(ctx, '/api/remmitance_revert/')),
  );
  return rows;
}
