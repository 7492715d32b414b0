import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ADMIN_PASSWORD = 'Admin-Pass-2026';
const root = path.resolve(import.meta.dirname, '../..');
const stateFile = path.join(os.tmpdir(), `dme-e2e-${process.ppid}-state.json`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

export default async function globalSetup(): Promise<void> {
  // E2E_WEB_DIST builds into (and serves from) a folder of its own, so two runs on one machine
  // do not overwrite each other's build.
  const webDist = process.env.E2E_WEB_DIST;
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const args = ['run', 'build', '-w', '@dme/web', ...(webDist ? ['--', '--outDir', webDist, '--emptyOutDir'] : [])];
    const build = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-e2e-'));
  const port = await freePort();
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    dbName = `dme_e2e_${crypto.randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      APP_URL: `http://127.0.0.1:${port}`,
      ...(webDist ? { WEB_DIST: webDist } : {}),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', log, log],
    detached: false,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/login`, 90_000);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ADMIN_PASSWORD = ADMIN_PASSWORD;
  fs.writeFileSync(stateFile, JSON.stringify({ pid: server.pid, dataDir, dbName }));
}

export { stateFile };
