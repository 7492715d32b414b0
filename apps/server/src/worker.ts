import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { startCompaction } from './db/kept-totals.ts';

/**
 * `npm run worker`: a process that only runs background jobs (large batch print) from the
 * pg-boss queue in PostgreSQL, beside the server processes, which run a worker of their own too.
 * It builds the same app (so the handlers are the same code) but never listens.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      'The worker needs a PostgreSQL server (DATABASE_URL). On embedded PGlite the server runs the jobs itself.',
    );
  }
  const handle = await openDatabase({ url: config.databaseUrl, poolMax: config.pgPoolMax });
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind });
  await migrateToLatest(handle.db);
  await app.ready();
  await app.ctx.jobs.start({ worker: true });
  // The report's day totals: deltas folded in the background (reports/totals.ts).
  const stopCompaction = startCompaction(handle.db, app.log);
  app.log.info('DME Office worker started');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    stopCompaction();
    app.log.info({ signal }, 'worker shutting down');
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

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
