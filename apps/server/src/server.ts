import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { bootstrap } from './db/bootstrap.ts';
import { buildApp } from './app.ts';
import { runBackground, start } from './lifecycle.ts';

start(async () => {
  const config = loadConfig();
  let log: FastifyBaseLogger | undefined;
  const handle = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.pgPoolMax,
    onConnectionLost: (err) => log?.warn({ err }, 'database connection lost; the pool opens a new one'),
  });
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind });
  log = app.log;
  await bootstrap(handle.db, { adminPassword: config.adminPassword, seedDemo: config.seedDemo, log: app.log });
  await runBackground(app, handle, 'server');

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `DME Office on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${handle.kind})`,
  );
});
