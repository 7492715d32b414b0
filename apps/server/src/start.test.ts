import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import crypto from 'node:crypto';
import pg from 'pg';
import path from 'node:path';

/**
 * `npm start` as an operator runs it: a busy port stops it before anything is created, and
 * SIGTERM or SIGINT sent to the npm process alone stops the server behind it.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const started: ChildProcess[] = [];
const dirs: string[] = [];
const databases: string[] = [];

afterEach(async () => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  for (const name of databases.splice(0)) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** A fresh PostgreSQL database when the suite has a server (it migrates faster than PGlite). */
async function freshDatabaseUrl(): Promise<string | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `dme_start_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  databases.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function npmStart(port: number, databaseUrl?: string): { child: ChildProcess; output: () => string; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-start-'));
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-start-web-'));
  dirs.push(dataDir, webDist);
  let text = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // A build made elsewhere (here none): the test does not wait for the web app to build.
    WEB_DIST: webDist,
    SEED_DEMO: '0',
    LOG_LEVEL: 'info',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  child.stdout?.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (text += c.toString()));
  return { child, output: () => text, dataDir };
}

/** How the process ended: its exit code, or the signal npm re-raises on itself once its child is gone. */
const exited = (child: ChildProcess) =>
  new Promise<number | string>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? child.signalCode ?? '');
    else child.once('exit', (code, signal) => resolve(code ?? signal ?? ''));
  });

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health/live`)).ok;
  } catch {
    return false;
  }
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
}

describe('npm start', () => {
  it('refuses a busy port before migrating, creating the administrator or seeding', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const run = npmStart(port);
      expect(await exited(run.child)).toBe(1);
      expect(run.output()).toContain(`Port ${port} on 127.0.0.1 is in use`);
      expect(run.output()).not.toMatch(/password/i);
      expect(fs.existsSync(path.join(run.dataDir, 'pglite'))).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 60_000);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to the npm process alone stops the server`, async () => {
      const port = await freePort();
      const run = npmStart(port, await freshDatabaseUrl());
      expect(await until(() => answers(port), 90_000)).toBe(true);
      run.child.kill(signal);
      expect([0, signal]).toContain(await exited(run.child));
      // Nothing is left serving on the port.
      expect(await until(async () => !(await answers(port)), 5_000)).toBe(true);
      expect(run.output()).toContain('server shutting down');
    }, 120_000);
  }
});
