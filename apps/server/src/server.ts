import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { bootstrap } from './db/bootstrap.ts';
import { buildApp } from './app.ts';
import { startCompaction } from './db/kept-totals.ts';

async function main() {
  const config = loadConfig();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.pgPoolMax });
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind });
  await bootstrap(handle.db, { adminPassword: config.adminPassword, seedDemo: config.seedDemo, log: app.log });
  // Large batch print and other jobs: a pg-boss worker on PostgreSQL, in-process on embedded PGlite.
  await app.ctx.jobs.start({ worker: true });
  // The report's day totals: deltas folded in the background (reports/totals.ts).
  const stopCompaction = startCompaction(handle.db, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    stopCompaction();
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await handle.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `DME Office on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${handle.kind})`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
