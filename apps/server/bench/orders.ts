import { get, measure, SHORT_TERMS, SURNAMES, nth, type BenchContext, type BenchRow } from './harness.ts';

const TERMS = ['mar', 'son', 'CPAP', 'lee', 'ann'];

/** Order list search and paging, one order's full detail, and a patient's orders tab. */
export async function benchOrders(ctx: BenchContext): Promise<BenchRow[]> {
  const first = (await (await get(ctx, '/api/orders/?page_size=100')).json()) as {
    results: { id: number; patient_id: number }[];
  };
  const sample = first.results.slice(0, 50);
  if (sample.length === 0) return [];
  return [
    await measure('GET /api/orders/?search=<term>', 50, (i) => get(ctx, `/api/orders/?search=${nth(TERMS, i)}`)),
    await measure('GET /api/orders/?search=mar', 50, () => get(ctx, '/api/orders/?search=mar')),
    await measure('GET /api/orders/?search=<2 letters>', 25, (i) =>
      get(ctx, `/api/orders/?search=${nth(SHORT_TERMS, i)}`),
    ),
    await measure('GET /api/orders/?search=<surname>', 25, (i) => get(ctx, `/api/orders/?search=${nth(SURNAMES, i)}`)),
    await measure('GET /api/orders/ (page 1)', 50, () => get(ctx, '/api/orders/')),
    await measure('GET /api/orders/ (page 5)', 30, () => get(ctx, '/api/orders/?page=5')),
    await measure('GET /api/orders/?ordering=-patient_name', 30, () => get(ctx, '/api/orders/?ordering=-patient_name')),
    await measure('GET /api/orders/{id}/ (12 months of lines)', 50, (i) =>
      get(ctx, `/api/orders/${sample[i % sample.length].id}/`),
    ),
    await measure('GET /api/orders/patient-what-ever/{id}', 50, (i) =>
      get(ctx, `/api/orders/patient-what-ever/${sample[i % sample.length].patient_id}`),
    ),
  ];
}
