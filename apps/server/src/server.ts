import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { bootstrap } from './db/bootstrap.ts';
import { buildApp } from './app.ts';
import { runBackground, start } from './lifecycle.ts';

start(async () => {
  const config = loadConfig();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.pgPoolMax });
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind });
  await bootstrap(handle.db, { adminPassword: config.adminPassword, seedDemo: config.seedDemo, log: app.log });
  await runBackground(app, handle, 'server');

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `DME Office on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${handle.kind})`,
  );
});
