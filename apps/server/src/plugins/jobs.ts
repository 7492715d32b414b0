import crypto from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/types.ts';

/**
 * Background jobs (the large batch print, too long for one request). One contract, two runners:
 *
 * - `pg-boss` on a PostgreSQL server: jobs live in PostgreSQL, shared by every process. A process
 *   works the queue when started with `worker` (`npm run worker`, and the server unless JOBS=off);
 *   the others only queue jobs. pg-boss reaches the database through the app's Kysely pool (one
 *   pool, one set of credentials), and a job is stored in the same transaction as the work it
 *   does, so neither exists without the other. The work loop is ours (fetch, run, complete or
 *   fail): pg-boss 10's own loop records a job's end without waiting for it, so a database fault
 *   at that moment became an unhandled rejection that ended the process. Ours logs the fault and
 *   carries on once the database answers again.
 * - `in-process` on embedded PGlite, which is a single database session: the handlers run in
 *   this process and talk to the database through Kysely only, whose PGlite driver queues every
 *   caller, so a job never lands inside a request's open transaction. Nothing is kept in memory
 *   that matters: each definition's `recover()` finds the work left over when the process stopped,
 *   and queues it again at start.
 *
 * Handlers are the same code either way; they must be idempotent (a job may run again after an
 * interruption, or twice) and should stop early when `signal` aborts (shutdown).
 */

export interface JobContext {
  /** Aborted when the runner stops; a handler that sees it leaves its work to be retried. */
  signal: AbortSignal;
  /** 1 on the first run, then 2, 3 ... */
  attempt: number;
  /** True on the last attempt the runner will make. */
  lastAttempt: boolean;
  /** The runner working the job (Jobs.workerId), to record beside the work. */
  worker: string;
}

export interface RecoverOptions {
  /**
   * The runner is the only one there is and has just started (in-process, on embedded PGlite):
   * work left in progress belongs to a process that is gone, however fresh its heartbeat.
   */
  soleRunnerStarting: boolean;
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
   * Puts back work whose process died or whose job is gone, by the definition's own records (a
   * heartbeat, the job id it keeps): sends jobs again. Every process that works jobs runs it at
   * start and then every few seconds; it must be safe to run in several processes at once.
   */
  recover?: (opts: RecoverOptions) => Promise<void>;
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
  /** This runner among all processes: host, process id and a random tag (two apps of one process differ). */
  readonly workerId: string;
  define<T extends object>(definition: JobDefinition<T>): void;
  /** Queues a job, inside `trx` when the runner is transactional; resolves its id. */
  send<T extends object>(name: string, data: T, trx?: Kysely<Database>): Promise<string>;
  /** True while job `id` waits, waits for a retry, or runs. */
  isLive(name: string, id: string): Promise<boolean>;
  /** Starts the runner: with `worker`, this process also runs jobs (pg-boss; in-process always does). */
  start(opts?: { worker?: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once nothing is queued or running in this process (tests, benchmarks). */
  idle(): Promise<void>;
}

/** How often a working runner looks for abandoned work (definitions' `recover`). */
export const RECOVER_EVERY_SECONDS = 10;

export type Definitions = Map<string, JobDefinition<object>>;

export function definitionOf(definitions: Definitions, name: string): JobDefinition<object> {
  const definition = definitions.get(name);
  if (!definition) throw new Error(`Unknown job ${name}`);
  return definition;
}

export function newWorkerId(): string {
  return `${os.hostname()}/${process.pid}/${crypto.randomBytes(3).toString('hex')}`;
}

export const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Runs every definition's `recover` now (`first` settles after that round) and then every
 * `everySeconds` until `signal` aborts (`finished`). A failed round (the database unreachable) is
 * logged, and the next one tries again.
 */
export function startRecovery(opts: {
  definitions: Definitions;
  log: FastifyBaseLogger;
  everySeconds: number;
  signal: AbortSignal;
  first: RecoverOptions;
}): { first: Promise<void>; finished: Promise<void> } {
  const round = async (recoverOpts: RecoverOptions) => {
    for (const definition of opts.definitions.values()) {
      if (!definition.recover || opts.signal.aborted) continue;
      try {
        await definition.recover(recoverOpts);
      } catch (err) {
        opts.log.warn({ err, job: definition.name }, 'job recovery failed, trying again shortly');
      }
    }
  };
  const first = round(opts.first);
  const finished = (async () => {
    await first;
    while (!opts.signal.aborted) {
      await delay(opts.everySeconds * 1000, opts.signal);
      if (!opts.signal.aborted) await round({ soleRunnerStarting: false });
    }
  })();
  return { first, finished };
}

interface QueuedJob {
  id: string;
  name: string;
  data: object;
  key: string | null;
}

/** Jobs run one at a time in this process, through Kysely (embedded PGlite, and tests). */
export function createInProcessJobs(opts: {
  log: FastifyBaseLogger;
  retryDelayScale?: number;
  recoverEverySeconds?: number;
}): Jobs {
  const definitions: Definitions = new Map();
  const queue: QueuedJob[] = [];
  /** Job ids by key, and the ids queued or running. */
  const keys = new Map<string, string>();
  const live = new Set<string>();
  const scale = opts.retryDelayScale ?? 1;
  const workerId = newWorkerId();
  let controller = new AbortController();
  let running: Promise<void> | null = null;
  let recovery: Promise<void> | null = null;
  let stopped = false;

  async function runOne(job: QueuedJob): Promise<void> {
    const definition = definitionOf(definitions, job.name);
    for (let attempt = 1; attempt <= definition.attempts; attempt += 1) {
      if (controller.signal.aborted) return;
      const lastAttempt = attempt === definition.attempts;
      try {
        await definition.handler(job.data, { signal: controller.signal, attempt, lastAttempt, worker: workerId });
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
        live.delete(job.id);
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

  function enqueue(name: string, data: object): string {
    const dataKey = definitionOf(definitions, name).keyOf?.(data);
    const key = dataKey === undefined ? null : `${name}:${dataKey}`;
    const existing = key === null ? undefined : keys.get(key);
    if (existing !== undefined) return existing;
    const id = crypto.randomUUID();
    if (key !== null) keys.set(key, id);
    live.add(id);
    queue.push({ id, name, data, key });
    kick();
    return id;
  }

  return {
    mode: 'in-process',
    transactional: false,
    workerId,
    define(definition) {
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    },
    async send(name, data) {
      return enqueue(name, data);
    },
    async isLive(_name, id) {
      return live.has(id);
    },
    async start() {
      stopped = false;
      if (controller.signal.aborted) controller = new AbortController();
      if (recovery) return;
      const rounds = startRecovery({
        definitions,
        log: opts.log,
        everySeconds: opts.recoverEverySeconds ?? RECOVER_EVERY_SECONDS,
        signal: controller.signal,
        first: { soleRunnerStarting: true },
      });
      recovery = rounds.finished;
      // The work a stopped process left is queued again before start resolves.
      await rounds.first;
    },
    async stop() {
      stopped = true;
      controller.abort();
      queue.length = 0;
      keys.clear();
      live.clear();
      await running;
      await recovery;
      recovery = null;
    },
    async idle() {
      while (running) await running;
    },
  };
}
