import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import type { JobContext, Jobs } from './jobs.ts';
import { createPgBossJobs } from './pg-boss-jobs.ts';

/**
 * The pg-boss worker against database faults: connections terminated by the server
 * (pg_terminate_backend) while a job runs or while the worker waits. The fault is logged, the
 * job is retried, the worker carries on once the database answers, and nothing ends the process.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('job worker and database faults', () => {
  let t: TestContext;
  let admin: pg.Client;
  let jobs: Jobs;
  const logged: { level: string; msg: string; err?: unknown }[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);

  function recordingLog(): FastifyBaseLogger {
    const at = (level: string) => (obj: unknown, msg?: string) => {
      const err = typeof obj === 'object' && obj !== null && 'err' in obj ? obj.err : undefined;
      logged.push({ level, msg: typeof obj === 'string' ? obj : (msg ?? ''), err });
    };
    const log = {
      level: 'info',
      info: at('info'),
      warn: at('warn'),
      error: at('error'),
      debug: at('debug'),
      trace: at('trace'),
      fatal: at('fatal'),
      silent: () => undefined,
      child: () => log,
    };
    return log as unknown as FastifyBaseLogger;
  }

  /** Waits (up to `ms`) until `check` holds. */
  async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Ends every other connection to the test database, as an administrator (or a failover) would. */
  async function terminateAll(filter = ''): Promise<number> {
    const res = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() ${filter}`,
    );
    return res.rowCount ?? 0;
  }

  const runs: JobContext[] = [];
  const done: string[] = [];

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    t = await setupTestApp({}, { sessionCache: true });
    admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    jobs = createPgBossJobs({ db: t.db, log: recordingLog(), pollingIntervalSeconds: 0.5 });
    jobs.define<{ tag: string; wait: boolean }>({
      name: 'test.fault',
      // With `wait`, the first run waits in the database (its connection is ended under it).
      handler: async (data, job) => {
        runs.push(job);
        if (data.wait && job.attempt === 1) await sql`SELECT pg_sleep(30) AS job_fault_marker`.execute(t.db);
        done.push(data.tag);
      },
      attempts: 3,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
    });
    await jobs.start({ worker: true });
  });

  afterEach(() => {
    expect(unhandled).toEqual([]);
  });

  afterAll(async () => {
    await jobs?.stop();
    await admin?.end();
    await t?.close();
    process.off('unhandledRejection', onUnhandled);
  });

  it('logs a job whose connection is terminated midway and retries it', async () => {
    await jobs.send('test.fault', { tag: 'midway', wait: true });
    await until(async () => {
      const res = await admin.query(
        `SELECT 1 FROM pg_stat_activity WHERE query LIKE '%AS job_fault_marker%' AND pid <> pg_backend_pid()`,
      );
      return (res.rowCount ?? 0) > 0;
    });
    expect(await terminateAll(`AND query LIKE '%AS job_fault_marker%'`)).toBe(1);
    await until(() => done.includes('midway'));
    expect(runs.map((r) => r.attempt)).toEqual([1, 2]);
    const failure = logged.find((l) => l.msg === 'job failed');
    expect(failure?.level).toBe('error');
    expect(String((failure?.err as Error | undefined)?.message)).toMatch(/terminat/i);
    await until(async () => {
      const res = await admin.query(`SELECT state FROM pgboss.job WHERE name = 'test.fault'`);
      return res.rows.length === 1 && res.rows[0].state === 'completed';
    });
  });

  it('logs the queue unreachable when its connection is ended while it waits, and carries on', async () => {
    // The worker's next poll is held on a lock, then every connection is ended under it.
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
    await until(async () => {
      const res = await admin.query(
        `SELECT 1 FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%SKIP LOCKED%'`,
      );
      return (res.rowCount ?? 0) > 0;
    });
    expect(await terminateAll()).toBeGreaterThan(0);
    await admin.query('COMMIT');
    await until(() => logged.some((l) => l.msg.startsWith('job queue unreachable')));
    const unreachable = logged.find((l) => l.msg.startsWith('job queue unreachable'))!;
    expect(unreachable.level).toBe('error');
    expect(String((unreachable.err as Error | undefined)?.message)).toMatch(/terminat/i);

    // A job queued afterwards is worked as ever. (Queuing it is the test's own call: it tries again
    // should the pool hand it a connection ended above, which is the pool's business, not the worker's.)
    await until(() =>
      jobs.send('test.fault', { tag: 'after', wait: false }).then(
        () => true,
        () => false,
      ),
    );
    await until(() => done.includes('after'));
    expect(logged.some((l) => l.msg === 'job queue reachable again')).toBe(true);
  });
});
