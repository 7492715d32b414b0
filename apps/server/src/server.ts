import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { bootstrap } from './db/bootstrap.ts';
import { buildApp } from './app.ts';
import { assertPortFree, runBackground, start } from './lifecycle.ts';
import { claimFolder, pgliteFolder } from './db/pglite.ts';

start(async () => {
  const config = loadConfig();
  await assertPortFree(config.port, config.host);
  // The embedded database is this process's alone; the claim also answers `npm run backup`.
  const claim = config.databaseUrl
    ? undefined
    : await claimFolder(config.dataDir, {
        inUse: `Another DME Office process (a server, a backup or a restore) is using ${pgliteFolder(config.dataDir)}: stop it first.`,
        busy: 'The server is still starting: try again once it serves.',
      });
  // The app's logger exists only once the app is built, after the database is open.
  const logs: { to?: FastifyBaseLogger } = {};
  const handle = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.pgPoolMax,
    onConnectionLost: (err) => logs.to?.warn({ err }, 'database connection lost; the pool opens a new one'),
  });
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind });
  logs.to = app.log;
  if (claim) {
    claim.serve(handle, app.log);
    app.addHook('onClose', () => claim.close());
  }
  await bootstrap(handle.db, {
    adminPassword: config.adminPassword,
    seedDemo: config.seedDemo,
    log: app.log,
    files: { storage: app.ctx.storage, timeZone: config.officeTimeZone },
  });
  await runBackground(app, handle, 'server');

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `DME Office on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${handle.kind})`,
  );
});
