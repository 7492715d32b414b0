import PgBoss from 'pg-boss';
import { CompiledQuery, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/types.ts';

/**
 * Background jobs (the large batch print, too long for one request). One contract, two runners:
 *
 * - `pg-boss` on a PostgreSQL server: jobs live in PostgreSQL, a worker runs inside the server
 *   process and `npm run worker` adds worker-only processes. pg-boss reaches the database through
 *   the app's Kysely pool (one pool, one set of credentials), and a job is stored in the same
 *   transaction as the work it does, so neither exists without the other. An interrupted job is
 *   retried by pg-boss (at once after a clean shutdown, after its expiry after a crash).
 * - `in-process` on embedded PGlite, which is a single database session: the handlers run in
 *   this process and talk to the database through Kysely only, whose PGlite driver queues every
 *   caller, so a job never lands inside a request's open transaction. Nothing is kept in memory
 *   that matters: each definition's `pending()` finds the work left over when the process
 *   stopped, and it is queued again at start.
 *
 * Handlers are the same code either way; they must be idempotent (a job may run again after an
 * interruption) and should stop early when `signal` aborts (shutdown).
 */

export interface JobContext {
  /** Aborted when the runner stops; a handler that sees it leaves its work to be retried. */
  signal: AbortSignal;
  /** 1 on the first run, then 2, 3 ... */
  attempt: number;
  /** True on the last attempt the runner will make. */
  lastAttempt: boolean;
}

export interface JobDefinition<T extends object> {
  name: string;
  handler: (data: T, job: JobContext) => Promise<void>;
  /** Runs in all, the first one included. */
  attempts: number;
  retryDelaySeconds: number;
  /** A run that takes longer (or whose process died) is given up and retried (pg-boss). */
  expireInSeconds: number;
  /**
   * Work left over by a stopped process, queued again when an in-process runner starts (pg-boss
   * keeps its jobs in PostgreSQL and retries an interrupted one itself).
   */
  pending?: () => Promise<T[]>;
  /** In-process: jobs with the same key are not queued twice while one waits or runs. */
  keyOf?: (data: T) => string;
}

export interface Jobs {
  readonly mode: 'pg-boss' | 'in-process';
  /**
   * True when `send` joins the caller's transaction (pg-boss: the job is stored with the work, so
   * neither exists without the other). False (in-process): send after the commit.
   */
  readonly transactional: boolean;
  define<T extends object>(definition: JobDefinition<T>): void;
  /** Queues a job, inside `trx` when the runner is transactional. */
  send<T extends object>(name: string, data: T, trx?: Kysely<Database>): Promise<void>;
  /** Starts the runner: with `worker`, this process also runs jobs (pg-boss; in-process always does). */
  start(opts?: { worker?: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once nothing is queued or running in this process (tests, benchmarks). */
  idle(): Promise<void>;
}

type Definitions = Map<string, JobDefinition<object>>;

function definitionOf(definitions: Definitions, name: string): JobDefinition<object> {
  const definition = definitions.get(name);
  if (!definition) throw new Error(`Unknown job ${name}`);
  return definition;
}

const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

interface QueuedJob {
  name: string;
  data: object;
  key: string | null;
}

/** Jobs run one at a time in this process, through Kysely (embedded PGlite, and tests). */
export function createInProcessJobs(opts: { log: FastifyBaseLogger; retryDelayScale?: number }): Jobs {
  const definitions: Definitions = new Map();
  const queue: QueuedJob[] = [];
  const keys = new Set<string>();
  const scale = opts.retryDelayScale ?? 1;
  let controller = new AbortController();
  let running: Promise<void> | null = null;
  let stopped = false;

  async function runOne(job: QueuedJob): Promise<void> {
    const definition = definitionOf(definitions, job.name);
    for (let attempt = 1; attempt <= definition.attempts; attempt += 1) {
      if (controller.signal.aborted) return;
      const lastAttempt = attempt === definition.attempts;
      try {
        await definition.handler(job.data, { signal: controller.signal, attempt, lastAttempt });
        return;
      } catch (err) {
        if (controller.signal.aborted) return;
        opts.log.error({ err, job: job.name, attempt }, lastAttempt ? 'job failed' : 'job failed, retrying');
        if (!lastAttempt) await delay(definition.retryDelaySeconds * 1000 * scale, controller.signal);
      }
    }
  }

  async function loop(): Promise<void> {
    for (let job = queue.shift(); job && !stopped; job = queue.shift()) {
      try {
        await runOne(job);
      } finally {
        if (job.key) keys.delete(job.key);
      }
    }
  }

  function kick(): void {
    if (running || stopped) return;
    running = loop().finally(() => {
      running = null;
      if (queue.length && !stopped) kick();
    });
  }

  function enqueue(name: string, data: object): void {
    const key = definitionOf(definitions, name).keyOf?.(data);
    if (key !== undefined) {
      if (keys.has(`${name}:${key}`)) return;
      keys.add(`${name}:${key}`);
    }
    queue.push({ name, data, key: key === undefined ? null : `${name}:${key}` });
    kick();
  }

  return {
    mode: 'in-process',
    transactional: false,
    define(definition) {
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    },
    async send(name, data) {
      enqueue(name, data);
    },
    async start() {
      stopped = false;
      if (controller.signal.aborted) controller = new AbortController();
      for (const definition of definitions.values()) {
        for (const data of (await definition.pending?.()) ?? []) enqueue(definition.name, data);
      }
    },
    async stop() {
      stopped = true;
      controller.abort();
      queue.length = 0;
      keys.clear();
      await running;
    },
    async idle() {
      while (running) await running;
    },
  };
}

/** pg-boss's database access through the app's Kysely pool (PostgreSQL server only). */
function kyselyDb(db: Kysely<Database>): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

/** Jobs in PostgreSQL through pg-boss: durable, retried, shared by every server and worker process. */
export function createPgBossJobs(opts: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for jobs. */
  pollingIntervalSeconds?: number;
}): Jobs {
  const definitions: Definitions = new Map();
  const boss = new PgBoss({ db: kyselyDb(opts.db), schedule: false, schema: 'pgboss' });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  let controller = new AbortController();
  let started: Promise<void> | null = null;
  const active = new Set<Promise<void>>();

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

  async function send(name: string, data: object, trx?: Kysely<Database>): Promise<void> {
    const definition = definitionOf(definitions, name);
    await ensureStarted();
    await boss.send(name, data, {
      retryLimit: definition.attempts - 1,
      retryDelay: definition.retryDelaySeconds,
      expireInSeconds: definition.expireInSeconds,
      ...(trx ? { db: kyselyDb(trx) } : {}),
    });
  }

  return {
    mode: 'pg-boss',
    transactional: true,
    define(definition) {
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    },
    send,
    async start(startOpts = {}) {
      if (controller.signal.aborted) controller = new AbortController();
      await ensureStarted();
      if (!startOpts.worker) return;
      for (const definition of definitions.values()) {
        await boss.work<object>(
          definition.name,
          { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, includeMetadata: true },
          async (jobs) => {
            for (const job of jobs) {
              const run = definition.handler(job.data, {
                signal: controller.signal,
                attempt: job.retryCount + 1,
                lastAttempt: job.retryCount >= job.retryLimit,
              });
              active.add(run);
              try {
                await run;
              } finally {
                active.delete(run);
              }
            }
          },
        );
      }
    },
    async stop() {
      if (!started) return;
      controller.abort();
      await Promise.allSettled([...active]);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
      started = null;
    },
    async idle() {
      while (active.size) await Promise.allSettled([...active]);
    },
  };
}
