import type { FastifyInstance } from 'fastify';
import type { DbHandle } from './db/database.ts';
import { startCompaction } from './db/kept-totals.ts';

export type ProcessRole = 'server' | 'worker';

/**
 * Starts the process's jobs: a worker always works the queue; a server too unless JOBS=off (then
 * it only queues jobs, and `npm run worker` processes run them). On embedded PGlite the server
 * runs them itself (the configuration refuses JOBS=off there).
 */
export async function startJobs(app: FastifyInstance, role: ProcessRole): Promise<void> {
  const worker = role === 'worker' || app.ctx.config.jobs;
  await app.ctx.jobs.start({ worker });
  if (!worker) app.log.info('background jobs are queued for the workers (JOBS=off)');
}

/**
 * What every process of the product runs in the background (the server and `npm run worker`):
 * the job worker (large batch print: pg-boss on PostgreSQL, in-process on embedded PGlite) and
 * the folding of kept totals' deltas. SIGINT and SIGTERM stop both, close the app, then the
 * database, and exit.
 */
export async function runBackground(app: FastifyInstance, handle: DbHandle, name: ProcessRole): Promise<void> {
  await startJobs(app, name);
  const stopCompaction = startCompaction(handle.db, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    stopCompaction();
    app.log.info({ signal }, `${name} shutting down`);
    try {
      await app.close();
    } finally {
      await handle.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** A process's entry point: a failure to start is printed as one line and exits with 1. */
export function start(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
