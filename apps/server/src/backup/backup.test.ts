import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { AsyncBatch, BatchPrintItem } from '@dme/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type DbHandle } from '../db/database.ts';
import { KNOWN_SCHEMA, migrateToLatest } from '../db/migrate.ts';
import { createPatient } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';
import { occurrence } from '../test/shipping.ts';
import { ADMIN, auth, freshDatabase, setupTestApp, type TestContext } from '../test/helper.ts';
import { backup, restore } from './backup.ts';
import { runTool } from './tools.ts';
import { claimFolder, folderInUse, requestDump, SOCKET_NAME, type FolderClaim } from '../db/pglite.ts';
import { findTool } from './postgres.ts';

/**
 * Issue 28, item 14: `npm run backup` while the server runs, `npm run restore` into a fresh
 * database and storage folder, and the app started on it serves the same patients, attachment
 * and batch file, byte for byte. On embedded PGlite always; on a PostgreSQL server with
 * TEST_DATABASE_URL.
 */
const execFileAsync = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const kinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Where a restore goes: a fresh storage folder, and for PostgreSQL a fresh database. */
interface Target {
  dataDir: string;
  url?: string;
  config: Config;
  drop(): Promise<void>;
}

async function freshTarget(kind: 'pglite' | 'postgres'): Promise<Target> {
  const dataDir = tempDir('dme-restore-');
  const database = kind === 'postgres' ? await freshDatabase() : { url: undefined, drop: async () => {} };
  return {
    dataDir,
    url: database.url,
    config: loadConfig({ DATA_DIR: dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) }),
    async drop() {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `npm run <script> -- <args>` from the repository, as an office would, configured by `env`. */
async function npmRun(script: 'backup' | 'restore', args: string[], env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  try {
    const { stdout } = await execFileAsync('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repoRoot,
      env: { ...inherited, ...env, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The app started on a restored database, as `npm start` would (migrations first), signed in. */
async function startOn(target: Target): Promise<{ app: FastifyInstance; handle: DbHandle; token: string }> {
  const handle = await openDatabase({ url: target.url, dataDir: target.dataDir });
  await migrateToLatest(handle.db);
  const app = await buildApp({ config: { ...target.config, logLevel: 'silent' }, db: handle.db });
  await app.ready();
  const res = await app.inject({ method: 'POST', url: '/api/login/', payload: ADMIN });
  expect(res.statusCode, res.body).toBe(200);
  return { app, handle, token: (res.json() as { token: string }).token };
}

/** What the three records read as through the API: the patient's JSON, the attachment's and batch's bytes. */
async function readBack(
  app: FastifyInstance,
  token: string,
  ids: { patient: number; attachment: string; batch: string },
) {
  const get = (url: string) => app.inject({ method: 'GET', url, headers: auth(token) });
  const patient = await get(`/api/patients/${ids.patient}/`);
  const attachment = await get(ids.attachment);
  const batch = await get(ids.batch);
  for (const res of [patient, attachment, batch]) expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { patient: patient.json() as unknown, attachment: attachment.rawPayload, batch: batch.rawPayload };
}

describe.each(kinds)('backup and restore on %s', (kind) => {
  let source: TestContext;
  let serving: FolderClaim | undefined;
  const cleanups: (() => Promise<void>)[] = [];
  let ids: { patient: number; attachment: string; batch: string };
  let original: Awaited<ReturnType<typeof readBack>>;
  const env = () => ({
    DATA_DIR: source.config.dataDir,
    ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}),
  });
  const sourceConfig = () => loadConfig(env());

  // Embedded PGlite opens a folder slowly on a busy machine: each restore and start opens one.
  beforeAll(async () => {
    source = await setupTestApp({}, { pgliteFolder: kind === 'pglite' });
    if (kind === 'pglite') {
      // As server.ts does: the running server holds the folder and answers backups.
      serving = await claimFolder(source.config.dataDir, { inUse: 'in use', busy: 'starting' });
      serving.serve(source.handle);
    }
    const patient = await createPatient(source, { first_name: 'Backed' });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(70_000), Buffer.from('\n%%EOF\n')]);
    const body = multipart([
      { name: 'file', filename: 'Prescription.pdf', contentType: 'application/pdf', data: pdf },
      { name: 'patient', value: String(patient.id) },
    ]);
    const uploaded = await source.app.inject({
      method: 'POST',
      url: '/api/attachments/',
      headers: { ...auth(source.adminToken), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const w = await occurrence(source, { date: '2031-04-07' });
    const queued = await source.app.inject({
      method: 'GET',
      url: `/api/async_confirm_export_batch?start_date=2031-04-07&end_date=2031-04-07&search=${w.lastName}`,
      headers: auth(source.adminToken),
    });
    expect(queued.statusCode, queued.body).toBe(200);
    await source.app.ctx.jobs.idle();
    const list = await source.app.inject({
      method: 'GET',
      url: '/api/list_batch_prints/',
      headers: auth(source.adminToken),
    });
    const item = (list.json() as BatchPrintItem[]).find((i) => i.id === (queued.json() as AsyncBatch).batchPrintId);
    expect(item?.status).toBe('done');
    ids = { patient: patient.id, attachment: (uploaded.json() as { url: string }).url, batch: item!.url! };
    original = await readBack(source.app, source.adminToken, ids);
    expect(original.attachment.equals(pdf)).toBe(true);
    expect(original.batch.subarray(0, 5).toString()).toBe('%PDF-');
  }, 180_000);

  afterAll(async () => {
    await serving?.close();
    await source?.close();
    for (const cleanup of cleanups) await cleanup();
  });

  async function target(): Promise<Target> {
    const made = await freshTarget(kind);
    cleanups.push(() => made.drop());
    return made;
  }

  it('backs up while the server runs and restores every record byte for byte into a fresh database', async () => {
    const dir = tempDir('dme-backups-');
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'office.tar');

    const made = await npmRun('backup', [file], env());
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(`database (schema ${KNOWN_SCHEMA}) and 2 stored file(s) to ${file}`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const listing = await runTool('tar', ['-tf', file]);
    expect(listing).toContain(kind === 'postgres' ? 'database.dump' : 'pglite.tar.gz');
    expect(listing).toMatch(/^files\/attachments\/[\w-]+\.pdf$/m);
    expect(listing).toMatch(/^files\/batch-prints\/[\w-]+\.pdf$/m);

    const into = await target();
    const restored = await npmRun('restore', [file], {
      DATA_DIR: into.dataDir,
      ...(into.url ? { DATABASE_URL: into.url } : {}),
    });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`schema ${KNOWN_SCHEMA}, 2 stored file(s)`);

    const started = await startOn(into);
    try {
      const again = await readBack(started.app, started.token, ids);
      expect(again.patient).toEqual(original.patient);
      expect(again.attachment.equals(original.attachment)).toBe(true);
      expect(again.batch.equals(original.batch)).toBe(true);
    } finally {
      await started.app.close();
      await started.handle.close();
    }

    // The restored database now holds data: replacing it takes --force.
    await expect(restore(into.config, file)).rejects.toThrow('already holds data. Run again with --force');
    await restore(into.config, file, { force: true });
    const stored = fs.readdirSync(path.join(into.dataDir, 'files'), { recursive: true, withFileTypes: true });
    expect(stored.filter((e) => e.isFile())).toHaveLength(2);
    expect(fs.readdirSync(into.dataDir).filter((name) => name.startsWith('.restore-'))).toEqual([]);
  }, 300_000);

  it('refuses to write over a backup, a database in use, and a backup of a newer version', async () => {
    const dir = tempDir('dme-backups-');
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'office.tar');
    await backup(sourceConfig(), file);
    await expect(backup(sourceConfig(), file)).rejects.toThrow(`${file} already exists`);

    // The source's server is running (PGlite: it holds the folder; PostgreSQL: it is connected).
    const connected = source.databaseUrl ? new pg.Client({ connectionString: source.databaseUrl }) : undefined;
    await connected?.connect();
    try {
      await expect(restore(sourceConfig(), file, { force: true })).rejects.toThrow(
        kind === 'pglite' ? 'A DME Office server is using the embedded database' : 'stop every DME Office server',
      );
    } finally {
      await connected?.end();
    }

    // A backup whose database ran a migration this version does not know.
    const unpacked = tempDir('dme-unpacked-');
    cleanups.push(async () => fs.rmSync(unpacked, { recursive: true, force: true }));
    await runTool('tar', ['-xf', file, '-C', unpacked]);
    const manifestFile = path.join(unpacked, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { migrations: string[]; schema: string };
    manifest.migrations.push('9031_from_the_future');
    manifest.schema = '9031';
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const newer = path.join(dir, 'newer.tar');
    await runTool('tar', ['-cf', newer, '-C', unpacked, '.']);
    const into = await target();
    await expect(restore(into.config, newer)).rejects.toThrow(
      `This backup was taken from a newer version of DME Office (schema 9031); this version knows schema ${KNOWN_SCHEMA}.`,
    );
    // Nothing was written.
    expect(fs.readdirSync(into.dataDir)).toEqual([]);

    const other = loadConfig(
      kind === 'pglite'
        ? { DATA_DIR: into.dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }
        : { DATA_DIR: into.dataDir },
    );
    await expect(restore(other, file)).rejects.toThrow(
      kind === 'pglite'
        ? 'This is a backup of the embedded (PGlite) database: restore it without DATABASE_URL'
        : 'This is a backup of a PostgreSQL server database: restore it with DATABASE_URL set',
    );
    const junk = path.join(dir, 'junk.tar');
    fs.writeFileSync(junk, 'not a tar');
    await expect(restore(into.config, junk)).rejects.toThrow('is not a DME Office backup');
  }, 120_000);
});

describe('the embedded database folder', () => {
  const messages = { inUse: 'The folder is in use.', busy: 'A restore is under way.' };

  it('is held by one process at a time, also past a crash, and at any depth of DATA_DIR', async () => {
    const base = tempDir('dme-claim-');
    try {
      const deep = path.join(base, 'a-long-folder-name-for-the-office-data'.repeat(3));
      for (const dataDir of [base, deep]) {
        expect(await folderInUse(dataDir)).toBe(false);
        const claim = await claimFolder(dataDir, messages);
        expect(await folderInUse(dataDir)).toBe(true);
        await expect(claimFolder(dataDir, messages)).rejects.toThrow(messages.inUse);
        // Held but not serving (a restore): a backup asked for is told why not.
        await expect(requestDump(dataDir, path.join(base, 'dump'))).rejects.toThrow(messages.busy);
        await claim.close();
        expect(await folderInUse(dataDir)).toBe(false);
      }
      expect(fs.lstatSync(path.join(base, SOCKET_NAME), { throwIfNoEntry: false })?.isSymbolicLink() ?? false).toBe(
        false,
      );
      // A socket file left by a process that died is no one's: the next process takes the folder.
      fs.writeFileSync(path.join(base, SOCKET_NAME), '');
      expect(await folderInUse(base)).toBe(false);
      const claim = await claimFolder(base, messages);
      expect(await folderInUse(base)).toBe(true);
      await claim.close();
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('PostgreSQL client programs', () => {
  const server = { version: '15.20', major: 15 };
  it('says what to install when pg_dump is missing or older than the server', async () => {
    await expect(findTool('pg_dump', server, ['/nowhere/pg_dump', 'dme-no-such-pg_dump'])).rejects.toThrow(
      "pg_dump was not found: install PostgreSQL's client programs of version 15 or newer (Debian: apt-get install postgresql-client-15).",
    );
    const old = tempDir('dme-tools-');
    const fake = path.join(old, 'pg_dump');
    fs.writeFileSync(fake, '#!/bin/sh\necho "pg_dump (PostgreSQL) 13.4"\n', { mode: 0o755 });
    try {
      await expect(findTool('pg_dump', server, [fake])).rejects.toThrow(
        'pg_dump 13.4 cannot work with this PostgreSQL 15.20 server: install',
      );
    } finally {
      fs.rmSync(old, { recursive: true, force: true });
    }
  });
});
