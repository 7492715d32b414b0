import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { shiftDate, todayWire } from '@dme/shared';
import { openDatabase, type Db } from '../src/db/database.ts';
import {
  get,
  measure,
  peakRss,
  percentile,
  resetPeakRss,
  round,
  rss,
  SURNAMES,
  LETTERS,
  nth,
  SHORT_TERMS,
  type BenchContext,
  type BenchRow,
} from './harness.ts';

const TERMS = ['mar', 'son', 'lee', 'ann', 'ros'];
/** Batch sizes rendered; the larger one is the target (5,000 tickets in 15 s, under 300 MB). */
const SIZES = [1_000, 5_000];
const RUNS = 3;

/**
 * A batch of `size` occurrences made for the bench: a batch_prints row and that many occurrences
 * (not in a batch yet, in date order) pointed at it. Only batch_print_id is set, so taking the
 * batch away again (`release`) leaves the bench database as it was.
 */
async function benchBatch(db: Db, size: number): Promise<{ id: number; count: number }> {
  const { id } = await db
    .insertInto('batch_prints')
    .values({ kind: 'batch', status: 'created', filters: JSON.stringify({ bench: true }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const marked = await sql<{ n: number; first: string; last: string }>`
    WITH picked AS (
      SELECT id FROM ocurrences WHERE batch_print_id IS NULL ORDER BY date, id LIMIT ${size}
    ), updated AS (
      UPDATE ocurrences o SET batch_print_id = ${id} FROM picked WHERE o.id = picked.id RETURNING o.date
    )
    SELECT count(*)::int AS n, min(date)::text AS first, max(date)::text AS last FROM updated
  `.execute(db);
  const { n, first, last } = marked.rows[0];
  await db
    .updateTable('batch_prints')
    .set({ record_count: n, start_date: first, end_date: last, file_name: `shipping-status-${first}-${last}.pdf` })
    .where('id', '=', id)
    .execute();
  return { id, count: n };
}

async function release(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('ocurrences').set({ batch_print_id: null }).where('batch_print_id', 'in', ids).execute();
  await db.deleteFrom('batch_prints').where('id', 'in', ids).execute();
  // The bench's own mass update cleared the visibility map of those pages, and (batch_print_id
  // being indexed) added an entry to every index of occurrences for each row, twice: give the next
  // run the steady state an office's database keeps (index-only counts, indexes without that
  // churn; ten runs had doubled them and the month's Shipping Status search with them).
  await sql`VACUUM (ANALYZE) ocurrences`.execute(db);
  await sql`REINDEX TABLE ocurrences`.execute(db);
}

/** Samples the server's resident memory every 10 ms while `work` runs; answers its peak, bytes. */
async function withPeakRss<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  if (!pid) return { value: await work(), peak: 0 };
  resetPeakRss(pid);
  let peak = rss(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rss(pid) ?? 0);
  }, 10);
  try {
    const value = await work();
    return { value, peak: Math.max(peak, peakRss(pid) ?? 0, rss(pid) ?? 0) };
  } finally {
    clearInterval(timer);
  }
}

async function drain(res: Response): Promise<number> {
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  return bytes;
}

/** Batch print step two: the streamed PDF of `size` tickets, read to its end (3 runs). */
async function renderRow(ctx: BenchContext, batch: { id: number; count: number }): Promise<BenchRow> {
  const times: number[] = [];
  let peak = 0;
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const measured = await withPeakRss(ctx.serverPid, async () =>
      drain(await get(ctx, `/api/confirm_export_batch?batchPrintId=${batch.id}`)),
    );
    times.push(performance.now() - started);
    peak = Math.max(peak, measured.peak);
    bytes = measured.value;
  }
  const median = percentile(times, 0.5);
  return {
    name: `GET /api/confirm_export_batch (${batch.count.toLocaleString('en-US')} tickets, streamed)`,
    median_ms: round(median),
    p95_ms: round(Math.max(...times)),
    ...(peak > 0 ? { peak_rss_mb: round(peak / 1024 ** 2) } : {}),
    note: `${round(median / 1000, 1)} s, ${round(bytes / 1024 ** 2, 1)} MB PDF, ${round((batch.count / median) * 1000)} tickets/s`,
  };
}

/** Large batch print: queue the rendering and wait until the file is listed as done. */
async function largeBatchRow(ctx: BenchContext, batch: { id: number; count: number }): Promise<BenchRow> {
  const started = performance.now();
  const measured = await withPeakRss(ctx.serverPid, async () => {
    const queued = await get(ctx, `/api/async_confirm_export_batch?batchPrintId=${batch.id}`);
    if (!queued.ok) throw new Error(`async_confirm_export_batch: HTTP ${queued.status}`);
    await queued.arrayBuffer();
    for (;;) {
      const items = (await (await get(ctx, '/api/list_batch_prints/')).json()) as {
        id: number;
        status: string;
        size: number | null;
      }[];
      const item = items.find((i) => i.id === batch.id);
      if (item?.status === 'done') return item.size ?? 0;
      if (!item || item.status === 'failed') throw new Error(`large batch ${batch.id}: ${item?.status ?? 'missing'}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  const ms = performance.now() - started;
  return {
    name: `Large batch print (${batch.count.toLocaleString('en-US')} tickets, job to finished file)`,
    median_ms: round(ms),
    p95_ms: round(ms),
    ...(measured.peak > 0 ? { peak_rss_mb: round(measured.peak / 1024 ** 2) } : {}),
    note: `${round(ms / 1000, 1)} s, ${round(measured.value / 1024 ** 2, 1)} MB file`,
  };
}

/**
 * Shipping: the Shipping Status list (a month's range, a patient search), one ticket reprint, the
 * streamed batch PDF at 1,000 and 5,000 tickets (time and the server's peak RSS: memory must stay
 * flat as the batch grows), and a 5,000-ticket large batch rendered by its job to a file.
 */
export async function benchShipping(ctx: BenchContext): Promise<BenchRow[]> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dme_bench';
  const handle = await openDatabase({ url });
  const made: number[] = [];
  try {
    const today = todayWire();
    const month = `start_date=${shiftDate(today, -30, 'day')}&end_date=${today}`;
    const rows: BenchRow[] = [
      await measure('GET /api/shipping-status/ (a month)', 50, () => get(ctx, `/api/shipping-status/?${month}`)),
      await measure('GET /api/shipping-status/?search=<term> (a month)', 50, (i) =>
        get(ctx, `/api/shipping-status/?${month}&search=${nth(TERMS, i)}`),
      ),
      await measure('GET /api/shipping-status/?search=<term>&state=16&hidden_shipped=true (a month)', 50, (i) =>
        get(ctx, `/api/shipping-status/?${month}&search=${nth(TERMS, i)}&state=16&hidden_shipped=true`),
      ),
      await measure('GET /api/shipping-status/?search=<surname> (a month)', 25, (i) =>
        get(ctx, `/api/shipping-status/?${month}&search=${nth(SURNAMES, i)}`),
      ),
      // Passing states of a longer term, held by most orders: counted by their complement.
      await measure('GET /api/shipping-status/?search=<1 letter> (a month)', 25, (i) =>
        get(ctx, `/api/shipping-status/?${month}&search=${nth(LETTERS, i)}`),
      ),
      await measure('GET /api/shipping-status/?search=<2 letters> (a month)', 25, (i) =>
        get(ctx, `/api/shipping-status/?${month}&search=${nth(SHORT_TERMS, i)}`),
      ),
      // The screen's first view: no dates lists every date (counted from the kept counts).
      await measure('GET /api/shipping-status/ (every date)', 40, () => get(ctx, '/api/shipping-status/')),
      await measure('GET /api/shipping-status/?hidden_shipped=true&state=16 (every date)', 40, () =>
        get(ctx, '/api/shipping-status/?hidden_shipped=true&state=16'),
      ),
      await measure('GET /api/shipping-status/?ordering=-shipped_date (every date)', 40, () =>
        get(ctx, '/api/shipping-status/?ordering=-shipped_date'),
      ),
      await measure('GET /api/shipping-status/?ordering=state (every date)', 40, () =>
        get(ctx, '/api/shipping-status/?ordering=state'),
      ),
      await measure('GET /api/shipping-status/?ordering=-patient_name (every date)', 40, () =>
        get(ctx, '/api/shipping-status/?ordering=-patient_name'),
      ),
      await measure('GET /api/shipping-status/?search=<term> (every date)', 40, (i) =>
        get(ctx, `/api/shipping-status/?search=${nth(TERMS, i)}`),
      ),
      await measure('GET /api/shipping-status/?search=<2 letters> (every date)', 25, (i) =>
        get(ctx, `/api/shipping-status/?search=${nth(SHORT_TERMS, i)}`),
      ),
      await measure('GET /api/shipping-status/?search=<surname> (every date)', 25, (i) =>
        get(ctx, `/api/shipping-status/?search=${nth(SURNAMES, i)}`),
      ),
      await measure('GET /api/getCountOcurrencesAvailablesForPrint/ (a month)', 30, () =>
        get(ctx, `/api/getCountOcurrencesAvailablesForPrint/?${month}`),
      ),
    ];
    for (const size of SIZES) {
      const batch = await benchBatch(handle.db, size);
      made.push(batch.id);
      if (batch.count < size) console.log(`shipping bench: only ${batch.count} occurrences for a ${size} batch`);
      rows.push(await renderRow(ctx, batch));
    }
    // A reprint needs a ticket and nothing shipped yet.
    const ticketed = await handle.db
      .selectFrom('ocurrences')
      .select('id')
      .where('ticket_created', 'is not', null)
      .where('shipped', '=', false)
      .limit(50)
      .execute();
    if (ticketed.length) {
      rows.push(
        await measure(
          'GET /api/export/{id}/reprint/ (one ticket PDF)',
          30,
          (i) => get(ctx, `/api/export/${ticketed[i % ticketed.length].id}/reprint/`),
          { concurrent: 'loop' },
        ),
      );
    }
    const large = await benchBatch(handle.db, SIZES[SIZES.length - 1]);
    made.push(large.id);
    rows.push(await largeBatchRow(ctx, large));
    return rows;
  } finally {
    await release(handle.db, made);
    await handle.close();
  }
}
