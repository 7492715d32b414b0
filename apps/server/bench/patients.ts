import { get, measure, SHORT_TERMS, SURNAMES, nth, type BenchContext, type BenchRow } from './harness.ts';

/** Three letters as typed into the patient search: name parts, cities, an e-mail fragment. */
const SEARCH_TERMS = ['mar', 'son', 'ric', 'wil', 'des', 'oma', 'ann', 'lee', 'car', 'ell'];
const REQUESTS = 50;

/**
 * Patient list latency at the seeded volume (`npm run seed -- --patients 100000`): a 3-letter
 * search, a page sorted descending on another column, the picker search and one patient's detail.
 */
export async function benchPatients(ctx: BenchContext): Promise<BenchRow[]> {
  const term = (i: number) => SEARCH_TERMS[i % SEARCH_TERMS.length];
  const first = (await (await get(ctx, '/api/patients/?page_size=1')).json()) as { results: { id: number }[] };
  const someId = first.results[0]?.id ?? 1;
  return [
    await measure('GET /api/patients/ (page 1)', REQUESTS, () => get(ctx, '/api/patients/')),
    await measure('GET /api/patients/?search=<3 letters>', REQUESTS, (i) =>
      get(ctx, `/api/patients/?search=${term(i)}`),
    ),
    await measure('GET /api/patients/?search=<2 letters>', 25, (i) =>
      get(ctx, `/api/patients/?search=${nth(SHORT_TERMS, i)}`),
    ),
    await measure('GET /api/patients/?search=<surname>', 25, (i) =>
      get(ctx, `/api/patients/?search=${nth(SURNAMES, i)}`),
    ),
    // The name walk skips the patients a state leaves out in its index alone (migration 0027).
    await measure('GET /api/patients/?state=16&search=<surname>', 25, (i) =>
      get(ctx, `/api/patients/?state=16&search=${nth(['smith', ...SURNAMES], i)}`),
    ),
    await measure('GET /api/patients/?ordering=-last_name&page=3', REQUESTS, () =>
      get(ctx, '/api/patients/?ordering=-last_name&page=3'),
    ),
    await measure('GET /api/patients/?status=&ordering=state&page=2', REQUESTS, () =>
      get(ctx, '/api/patients/?status=&ordering=state&page=2'),
    ),
    await measure('GET /api/patients_rentals/?search=<3 letters>', REQUESTS, (i) =>
      get(ctx, `/api/patients_rentals/?search=${term(i)}`),
    ),
    await measure('GET /api/patients_list/?search=<3 letters>', REQUESTS, (i) =>
      get(ctx, `/api/patients_list/?search=${term(i)}`),
    ),
    await measure('GET /api/patients_list/?search=<surname>', 25, (i) =>
      get(ctx, `/api/patients_list/?search=${nth(SURNAMES, i)}`),
    ),
    await measure('GET /api/patients/{id}/', REQUESTS, () => get(ctx, `/api/patients/${someId}/`)),
  ];
}
