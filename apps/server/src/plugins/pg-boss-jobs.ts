import PgBoss from 'pg-boss';
import { CompiledQuery, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/types.ts';
import {
  definitionOf,
  newWorkerId,
  delay,
  startRecovery,
  RECOVER_EVERY_SECONDS,
  type Definitions,
  type JobDefinition,
  type Jobs,
} from './jobs.ts';

/** pg-boss's database access through the app's Kysely pool (PostgreSQL server only). */
function kyselyDb(db: Kysely<Database>): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

const LIVE_STATES = new Set(['created', 'retry', 'active']);

/** Jobs in PostgreSQL through pg-boss: durable, retried, shared by every server and worker process. */
export function createPgBossJobs(opts: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for jobs. */
  pollingIntervalSeconds?: number;
  recoverEverySeconds?: number;
}): Jobs {
  const { log } = opts;
  const definitions: Definitions = new Map();
  const bossDb = kyselyDb(opts.db);
  const boss = new PgBoss({ db: bossDb, schedule: false, schema: 'pgboss' });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const workerId = newWorkerId();
  const pollMs = (opts.pollingIntervalSeconds ?? 2) * 1000;
  let controller = new AbortController();
  let started: Promise<void> | null = null;
  let working: Promise<void>[] = [];
  const active = new Set<Promise<void>>();
  /** Set while the queue cannot be read: logged once when it happens and once when it ends. */
  let unreachable = false;

  async function ensureStarted(): Promise<void> {
    started ??= (async () => {
      await boss.start();
      for (const d of definitions.values()) {
        // Each job is sent once, with the work it does (in the same transaction): no duplicates to gate.
        await boss.createQueue(d.name, {
          name: d.name,
          policy: 'standard',
          retryLimit: d.attempts - 1,
          retryDelay: d.retryDelaySeconds,
          expireInSeconds: d.expireInSeconds,
        });
      }
    })();
    try {
      await started;
    } catch (err) {
      started = null;
      throw err;
    }
  }

  async function send(name: string, data: object, trx?: Kysely<Database>): Promise<string> {
    const definition = definitionOf(definitions, name);
    await ensureStarted();
    const id = await boss.send(name, data, {
      retryLimit: definition.attempts - 1,
      retryDelay: definition.retryDelaySeconds,
      expireInSeconds: definition.expireInSeconds,
      ...(trx ? { db: kyselyDb(trx) } : {}),
    });
    // Only throttled or singleton sends are refused, and none is made here.
    if (!id) throw new Error(`Job ${name} was not queued`);
    return id;
  }

  function reachable(): void {
    if (!unreachable) return;
    unreachable = false;
    log.info('job queue reachable again');
  }

  function unreachableNow(err: unknown): void {
    if (unreachable) return;
    unreachable = true;
    log.error({ err }, 'job queue unreachable, the worker keeps trying');
  }

  /**
   * The next job of a queue, or null. pg-boss's fetch answers "nothing" when the database fails,
   * so the fault is read from the database handle it is given.
   */
  async function fetchOne(name: string): Promise<PgBoss.JobWithMetadata<object> | null> {
    let fault: unknown = null;
    const db: PgBoss.Db = {
      async executeSql(text, values) {
        try {
          return await bossDb.executeSql(text, values);
        } catch (err) {
          fault = err;
          throw err;
        }
      },
    };
    const jobs = await boss.fetch<object>(name, { batchSize: 1, includeMetadata: true, db });
    if (fault) {
      unreachableNow(fault);
      return null;
    }
    reachable();
    return jobs[0] ?? null;
  }

  /** Records a job's end; while the database does not answer, tries again until it does or the runner stops. */
  async function settle(what: string, record: () => Promise<unknown>): Promise<void> {
    for (;;) {
      try {
        await record();
        reachable();
        return;
      } catch (err) {
        unreachableNow(err);
        // Left active, the job is retried by pg-boss once it expires.
        if (controller.signal.aborted) return void log.warn({ err }, `job not marked ${what} at shutdown`);
        await delay(pollMs, controller.signal);
      }
    }
  }

  async function runJob(definition: JobDefinition<object>, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const run = definition.handler(job.data, {
      signal: controller.signal,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
      worker: workerId,
    });
    active.add(run);
    try {
      await run;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.error({ err, job: definition.name, attempt: job.retryCount + 1 }, 'job failed');
      return settle('failed', () => boss.fail(definition.name, job.id, { message }));
    } finally {
      active.delete(run);
    }
    return settle('completed', () => boss.complete(definition.name, job.id));
  }

  async function workLoop(definition: JobDefinition<object>): Promise<void> {
    const { signal } = controller;
    while (!signal.aborted) {
      try {
        const job = await fetchOne(definition.name);
        if (job) await runJob(definition, job);
        else await delay(pollMs, signal);
      } catch (err) {
        // Nothing above is meant to throw; should it, the loop must outlive it all the same.
        log.error({ err, job: definition.name }, 'job worker error');
        await delay(pollMs, signal);
      }
    }
  }

  return {
    mode: 'pg-boss',
    transactional: true,
    workerId,
    define(definition) {
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    },
    send,
    async isLive(name, id) {
      await ensureStarted();
      const job = await boss.getJobById(name, id);
      return job !== null && LIVE_STATES.has(job.state);
    },
    async start(startOpts = {}) {
      if (controller.signal.aborted) controller = new AbortController();
      await ensureStarted();
      if (!startOpts.worker || working.length) return;
      const rounds = startRecovery({
        definitions,
        log,
        everySeconds: opts.recoverEverySeconds ?? RECOVER_EVERY_SECONDS,
        signal: controller.signal,
        first: { soleRunnerStarting: false },
      });
      working = [rounds.finished, ...[...definitions.values()].map(workLoop)];
      await rounds.first;
    },
    async stop() {
      if (!started) return;
      controller.abort();
      await Promise.allSettled(working);
      working = [];
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
      started = null;
    },
    async idle() {
      while (active.size) await Promise.allSettled([...active]);
    },
  };
}
