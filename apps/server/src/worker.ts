import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { runBackground, start } from './lifecycle.ts';

/**
 * `npm run worker`: a process that only runs background jobs (large batch print) from the
 * pg-boss queue in PostgreSQL, beside the server processes (which work the queue too unless
 * JOBS=off; a worker works it whatever JOBS says). It builds the same app (so the handlers are
 * the same code) but never listens.
 */
start(async () => {
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
  await runBackground(app, handle, 'worker');
  app.log.info('DME Office worker started');
});
