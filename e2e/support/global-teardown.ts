import fs from 'node:fs';
import pg from 'pg';
import { stateFile } from './global-setup.ts';

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(stateFile)) return;
  const { pid, dataDir, dbName } = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as {
    pid: number;
    dataDir: string;
    dbName?: string;
  };
  fs.rmSync(stateFile, { force: true });
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 1500));
  if (dbName && process.env.TEST_DATABASE_URL) {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
  if (process.env.E2E_KEEP_DATA !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
}
