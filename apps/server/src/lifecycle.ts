import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from './db/database.ts';
import { startCompaction } from './db/kept-totals.ts';
import { sweepSignatures } from './shipping/signature-sweep.ts';

const SHUTDOWN_GRACE_MS = 20_000;

/**
 * Refuses to go on when the port is taken, before anything is migrated, created or seeded: a
 * start that fails only at listen would have printed the one-time administrator password for
 * nothing, and a retry never shows it again.
 */
export async function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} on ${host} is in use by another program (is DME Office already running?). Stop it or set PORT.`,
            )
          : err,
      );
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

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
 * the folding of kept totals' deltas, and at start the sweep of orphaned signature files. SIGINT and SIGTERM stop both, close the app, then the
 * database, and exit.
 */
export async function runBackground(app: FastifyInstance, handle: DbHandle, name: ProcessRole): Promise<void> {
  await startJobs(app, name);
  const stopCompaction = startCompaction(handle.db, app.log);
  // Signature files a stopped process left behind (shipping/signature-sweep.ts), once per start.
  sweepSignatures(handle.db, app.ctx.storage)
    .then((removed) => {
      if (removed > 0) app.log.info({ removed }, 'signature files no delivery refers to were removed');
    })
    .catch((err: unknown) => app.log.warn({ err }, 'signature sweep failed; tried again at the next start'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    stopCompaction();
    app.log.info({ signal }, `${name} shutting down`);
    // Requests in flight are let finish; one that hangs does not keep the process alive forever.
    setTimeout(() => {
      app.log.warn(`${name} did not stop within ${SHUTDOWN_GRACE_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
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
