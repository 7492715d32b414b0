import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AsyncBatch } from '@dme/shared';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { startJobs } from './lifecycle.ts';
import { LARGE_BATCH_JOB } from './shipping/batches.ts';
import { occurrence } from './test/shipping.ts';
import { auth, setupTestApp, unique, type TestContext } from './test/helper.ts';

/**
 * One job mode per process (JOBS): two web processes with JOBS=off and one worker on one
 * PostgreSQL database. The web processes only queue large batches; the worker renders them all.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('JOBS=off: web processes leave the jobs to the workers', () => {
  let web1: TestContext;
  const others: { app: FastifyInstance; close(): Promise<void> }[] = [];

  /** Another process of the product on web1's database, data folder and secret. */
  async function process2(env: Record<string, string>) {
    const config = loadConfig({
      DATABASE_URL: web1.config.databaseUrl!,
      DATA_DIR: web1.config.dataDir,
      JWT_SECRET: web1.config.jwtSecret!,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      ...env,
    });
    const handle = await openDatabase({ url: config.databaseUrl, poolMax: 4 });
    const app = await buildApp({ config, db: handle.db, dbKind: 'postgres' });
    await app.ready();
    others.push({
      app,
      async close() {
        await app.close();
        await handle.close();
      },
    });
    return app;
  }

  beforeAll(async () => {
    web1 = await setupTestApp({ JOBS: 'off' }, { sessionCache: true });
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await web1?.close();
  });

  /** A large batch of one new printable occurrence, asked of `app`. */
  async function largeBatch(app: FastifyInstance, date: string): Promise<number> {
    const lastName = unique('Mode');
    await occurrence(web1, { date, lastName });
    const res = await app.inject({
      method: 'GET',
      url: `/api/async_confirm_export_batch?start_date=${date}&end_date=${date}&search=${lastName}`,
      headers: auth(web1.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as AsyncBatch).batchPrintId;
  }

  const statuses = async (ids: number[]) =>
    (
      await web1.db.selectFrom('batch_prints').select(['id', 'status', 'rendered_by']).where('id', 'in', ids).execute()
    ).sort((a, b) => a.id - b.id);

  it('queues on the web processes and renders every batch on the worker only', { timeout: 90_000 }, async () => {
    const web2 = await process2({ JOBS: 'off' });
    await startJobs(web1.app, 'server');
    await startJobs(web2, 'server');
    const ids = [
      await largeBatch(web1.app, '2034-02-06'),
      await largeBatch(web2, '2034-02-07'),
      await largeBatch(web1.app, '2034-02-08'),
      await largeBatch(web2, '2034-02-09'),
    ];

    // Several polls and recovery rounds of a working process later, nothing has been taken.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect((await statuses(ids)).map((b) => b.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
    const waiting = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = ${LARGE_BATCH_JOB}`.execute(
      web1.db,
    );
    expect(waiting.rows.map((r) => r.state)).toEqual(['created', 'created', 'created', 'created']);

    // A worker works the queue whatever JOBS says (one environment file may serve every process).
    const worker = await process2({ JOBS: 'off' });
    await startJobs(worker, 'worker');
    const deadline = Date.now() + 30_000;
    while ((await statuses(ids)).some((b) => b.status !== 'done') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const rendered = await statuses(ids);
    expect(rendered.map((b) => b.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(new Set(rendered.map((b) => b.rendered_by))).toEqual(new Set([worker.ctx.jobs.workerId]));
    expect(worker.ctx.jobs.workerId).not.toBe(web1.app.ctx.jobs.workerId);
    expect(worker.ctx.jobs.workerId).not.toBe(web2.ctx.jobs.workerId);
  });
});
