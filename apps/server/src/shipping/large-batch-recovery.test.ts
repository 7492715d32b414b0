import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LARGE_BATCH_ATTEMPTS, SHIPPING_MESSAGES, type BatchPrintItem, type ExportBatch } from '@dme/shared';
import { setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { startJobs } from '../lifecycle.ts';
import type { JobContext } from '../plugins/jobs.ts';
import type { Storage } from '../plugins/storage.ts';
import { STALE_AFTER_SECONDS } from './batches.ts';
import { recoverLargeBatches, renderLargeBatch, type LargeBatchDeps } from './large-batch-job.ts';
import { get, occurrence, readPdf } from '../test/shipping.ts';

/**
 * A large batch whose worker died (issue 28): taken for dead once its heartbeat is stale, its
 * half-written file removed, rendered again by a worker within the bound, and shown honestly
 * meanwhile. Runs as a server process does: pg-boss on a PostgreSQL server (TEST_DATABASE_URL),
 * in-process on embedded PGlite.
 */
let t: TestContext;
let deps: LargeBatchDeps;

/** Within this long of a worker being there, a crashed batch is rendering again (the bound). */
const PICKUP_BOUND_MS = 120_000;

beforeAll(async () => {
  t = await setupTestApp({}, { sessionCache: true });
  deps = {
    db: t.db,
    storage: t.app.ctx.storage,
    business: t.config.business,
    officeToday: () => '2033-01-03',
    log: t.app.log,
  };
});
afterAll(async () => {
  await t.close();
});

let week = 0;
/** A queued large batch of two printable occurrences. */
async function queuedBatch(): Promise<number> {
  week += 1;
  const start = `2033-${String(week).padStart(2, '0')}-05`;
  const lastName = unique('Crash');
  await occurrence(t, { date: start, lastName });
  await occurrence(t, { date: start, lastName });
  const res = await get(t, `/api/export_batch?start_date=${start}&end_date=${start}&search=${lastName}`);
  expect(res.statusCode, res.body).toBe(200);
  const { batchPrintId } = res.json() as ExportBatch;
  await t.db
    .updateTable('batch_prints')
    .set({ kind: 'large', status: 'queued' })
    .where('id', '=', batchPrintId)
    .execute();
  return batchPrintId;
}

/** A large batch left as a dead worker leaves it: rendering, its file half-written. */
async function crashedBatch(opts: { attempts: number; heartbeatAgo: string }) {
  const batchPrintId = await queuedBatch();
  const partialKey = t.app.ctx.storage.newKey('batch-prints', 'pdf');
  const partialFile = path.join(t.config.dataDir, 'files', partialKey);
  fs.mkdirSync(path.dirname(partialFile), { recursive: true });
  fs.writeFileSync(partialFile, '%PDF-1.3\n% cut short by a crash\n');
  await t.db
    .updateTable('batch_prints')
    .set({
      status: 'rendering',
      attempts: opts.attempts,
      rendered_count: 1,
      partial_key: partialKey,
      rendered_by: 'gone-host/4242/dead01',
      heartbeat_at: sql`now() - ${opts.heartbeatAgo}::interval`,
    })
    .where('id', '=', batchPrintId)
    .execute();
  return { batchPrintId, partialKey, partialFile };
}

async function itemOf(batchPrintId: number): Promise<BatchPrintItem> {
  const res = await get(t, '/api/list_batch_prints/');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as BatchPrintItem[]).find((i) => i.id === batchPrintId)!;
}

const rowOf = (batchPrintId: number) =>
  t.db.selectFrom('batch_prints').selectAll().where('id', '=', batchPrintId).executeTakeFirstOrThrow();

/** Waits until the batch is done (or the bound passes); resolves how long it took. */
async function untilDone(batchPrintId: number, boundMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < boundMs) {
    const row = await rowOf(batchPrintId);
    if (row.status === 'done' || row.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Date.now() - started;
}

describe('a large batch whose worker crashed', { timeout: PICKUP_BOUND_MS + 10_000 }, () => {
  it('is rendered again by a worker starting, its half-written file removed and never listed', async () => {
    const crashed = await crashedBatch({ attempts: 1, heartbeatAgo: '5 minutes' });
    // Meanwhile the list says the rendering stopped, and offers nothing to download.
    expect(await itemOf(crashed.batchPrintId)).toMatchObject({ status: 'rendering', stalled: true, url: null });
    const early = await get(t, `/api/batch_prints/${crashed.batchPrintId}/download/`);
    expect(early.statusCode).toBe(409);

    await startJobs(t.app, 'server');
    const took = await untilDone(crashed.batchPrintId, PICKUP_BOUND_MS);
    expect(took).toBeLessThan(PICKUP_BOUND_MS);
    expect(fs.existsSync(crashed.partialFile)).toBe(false);

    const row = await rowOf(crashed.batchPrintId);
    expect(row).toMatchObject({ status: 'done', attempts: 2, partial_key: null, rendered_by: t.app.ctx.jobs.workerId });
    expect(row.file_key).not.toBe(crashed.partialKey);
    const item = await itemOf(crashed.batchPrintId);
    expect(item).toMatchObject({ status: 'done', stalled: false, rendered_count: 2 });
    expect(readPdf((await get(t, item.url!)).rawPayload).pages).toBe(2);
  });

  // A minute of waiting for the real heartbeat bound: run once, on the PostgreSQL server.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'crashed just now beside a running worker: taken over once its heartbeat is stale, within the bound',
    async () => {
      const crashed = await crashedBatch({ attempts: 1, heartbeatAgo: '0 seconds' });
      const took = await untilDone(crashed.batchPrintId, PICKUP_BOUND_MS);
      expect(took).toBeGreaterThan((STALE_AFTER_SECONDS - 5) * 1000);
      expect(took).toBeLessThan(PICKUP_BOUND_MS);
      expect(fs.existsSync(crashed.partialFile)).toBe(false);
      expect(await rowOf(crashed.batchPrintId)).toMatchObject({ status: 'done', attempts: 2 });
    },
  );

  it('is left alone while its heartbeat is fresh, and taken over once it is stale', async () => {
    const live = await crashedBatch({ attempts: 1, heartbeatAgo: '1 second' });
    await recoverLargeBatches(deps, t.app.ctx.jobs, { soleRunnerStarting: false });
    expect(await rowOf(live.batchPrintId)).toMatchObject({ status: 'rendering', partial_key: live.partialKey });
    expect(fs.existsSync(live.partialFile)).toBe(true);
    expect(await itemOf(live.batchPrintId)).toMatchObject({ status: 'rendering', stalled: false });

    await t.db
      .updateTable('batch_prints')
      .set({ heartbeat_at: sql`now() - make_interval(secs => ${STALE_AFTER_SECONDS + 1})` })
      .where('id', '=', live.batchPrintId)
      .execute();
    await recoverLargeBatches(deps, t.app.ctx.jobs, { soleRunnerStarting: false });
    expect(fs.existsSync(live.partialFile)).toBe(false);
    // Queued again with the reason (the Large Batch View says it is retrying), then rendered by the running worker.
    expect((await untilDone(live.batchPrintId, PICKUP_BOUND_MS)) < PICKUP_BOUND_MS).toBe(true);
    expect(await itemOf(live.batchPrintId)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('is marked failed, with the reason, once it has had all its attempts', async () => {
    const worn = await crashedBatch({ attempts: LARGE_BATCH_ATTEMPTS, heartbeatAgo: '10 minutes' });
    await recoverLargeBatches(deps, t.app.ctx.jobs, { soleRunnerStarting: false });
    expect(fs.existsSync(worn.partialFile)).toBe(false);
    expect(await itemOf(worn.batchPrintId)).toMatchObject({
      status: 'failed',
      url: null,
      attempts: LARGE_BATCH_ATTEMPTS,
      error: SHIPPING_MESSAGES.batchInterrupted,
    });
    expect((await get(t, `/api/batch_prints/${worn.batchPrintId}/download/`)).statusCode).toBe(409);
  });
});

describe('a large batch whose rendering fails midway', () => {
  /** Storage that fails once the first bytes of the file are on disk (a full disk), and notes that they were. */
  function failingStorage(real: Storage) {
    const seen = { partialOnDisk: false };
    const storage: Storage = {
      ...real,
      put(folder, source, opts) {
        const full = path.join(t.config.dataDir, 'files', opts!.key!);
        const onDisk = () => fs.existsSync(full) && fs.statSync(full).size > 0;
        async function* cutShort() {
          for await (const chunk of source) {
            yield chunk as Buffer;
            for (let i = 0; i < 200 && !onDisk(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
            seen.partialOnDisk = onDisk();
            throw new Error('No space left on device');
          }
        }
        return real.put(folder, Readable.from(cutShort()), opts);
      },
    };
    return { storage, seen };
  }

  const job = (attempt: number): JobContext => ({
    signal: new AbortController().signal,
    attempt,
    lastAttempt: false,
    worker: 'test-worker',
  });

  it('leaves no file, queues it again with the reason, and renders it on the retry', async () => {
    // The runs are driven here, one by one: the app's own worker stays out of the way.
    await t.app.ctx.jobs.stop();
    const batchPrintId = await queuedBatch();
    const failing = failingStorage(t.app.ctx.storage);
    await expect(renderLargeBatch({ ...deps, storage: failing.storage }, { batchPrintId }, job(1))).rejects.toThrow(
      'No space left on device',
    );
    expect(failing.seen.partialOnDisk).toBe(true);
    const failed = await rowOf(batchPrintId);
    expect(failed).toMatchObject({
      status: 'queued',
      attempts: 1,
      partial_key: null,
      error: 'No space left on device',
    });
    const folder = path.join(t.config.dataDir, 'files', 'batch-prints');
    const keys = await t.db.selectFrom('batch_prints').select('file_key').where('file_key', 'is not', null).execute();
    const listed = new Set(keys.map((k) => path.basename(k.file_key!)));
    // Every file in the folder is a finished batch's.
    expect(fs.readdirSync(folder).filter((f) => !listed.has(f))).toEqual([]);
    expect(await itemOf(batchPrintId)).toMatchObject({ status: 'queued', attempts: 1, url: null });

    await renderLargeBatch(deps, { batchPrintId }, job(2));
    expect(await rowOf(batchPrintId)).toMatchObject({ status: 'done', attempts: 2, error: null, partial_key: null });
  });
});
