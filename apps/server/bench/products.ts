import { get, measure, type BenchContext, type BenchRow } from './harness.ts';

/** Terms an office types into the products search: names, brands, HCPCS codes, sizes. */
const SEARCH_TERMS = [
  'mask',
  'A4253',
  'briefs',
  'wheelchair',
  'Ensure',
  'filter',
  'medium',
  'dexcom',
  'foam dressing',
  'E0601',
];
const SEARCH_REQUESTS = 50;
const EXPORT_RUNS = 3;

const kb = (bytes: number) => Math.round(bytes / 1024);

/**
 * The inventory report PDF: time, throughput with every connection downloading a report (the
 * concurrent loop waits for each whole PDF), and the server's peak memory while it does, for a
 * filtered subset and for the whole catalogue (a peak that does not follow the product count
 * shows the report streams).
 */
async function benchExport(ctx: BenchContext, search: string): Promise<BenchRow> {
  const path = `/api/export_products/${search ? `?search=${encodeURIComponent(search)}` : ''}`;
  let bytes = 0;
  const row = await measure(
    `GET ${path}`,
    EXPORT_RUNS,
    async (i) => {
      const res = await get(ctx, path);
      if (i === 0 && res.ok) {
        const body = Buffer.from(await res.arrayBuffer());
        if (body.subarray(0, 5).toString() !== '%PDF-') throw new Error(`${path}: not a PDF`);
        bytes = body.length;
        return new Response(null, { status: 200 });
      }
      return res;
    },
    { concurrent: 'loop' },
  );
  const count = await get(ctx, `/api/products/?page_size=1${search ? `&search=${encodeURIComponent(search)}` : ''}`);
  const { count: products } = (await count.json()) as { count: number };
  return { ...row, note: `${products.toLocaleString('en-US')} products, ${kb(bytes)} KB PDF` };
}

/** Products search latency (50 searches over realistic terms), the first page, and the inventory report. */
export async function benchProducts(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  rows.push(
    await measure('GET /api/products/?search=<term>', SEARCH_REQUESTS, (i) =>
      get(ctx, `/api/products/?search=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length])}`),
    ),
  );
  rows.push(await measure('GET /api/products/ (page 1, by name)', 20, () => get(ctx, '/api/products/?ordering=name')));
  rows.push(await benchExport(ctx, 'mask'));
  rows.push(await benchExport(ctx, ''));
  return rows;
}
