import fs from 'node:fs';
import pg from 'pg';
import { runTool, ToolMissingError } from './tools.ts';

/**
 * A PostgreSQL server's database is backed up with pg_dump (custom format) and restored with
 * pg_restore, Debian's `postgresql-client` programs. Either refuses a server newer than itself,
 * so both are checked against the server first and the message says what to install.
 */

export interface ServerInfo {
  version: string;
  major: number;
}

/** The URL without its password, and the password in PGPASSWORD: never on a command line others can list. */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { dbname: url, env: process.env };
  }
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

export async function serverInfo(client: pg.Client): Promise<ServerInfo> {
  const { rows } = await client.query<{ version: string; num: string }>(
    `SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS num`,
  );
  return { version: rows[0].version, major: Math.floor(Number(rows[0].num) / 10000) };
}

/**
 * Finds `pg_dump` or `pg_restore` of the server's major version or newer: Debian keeps each
 * installed version in /usr/lib/postgresql/<major>/bin, PATH has the default one.
 */
export async function findTool(
  name: 'pg_dump' | 'pg_restore',
  server: ServerInfo,
  candidates = [`/usr/lib/postgresql/${server.major}/bin/${name}`, name],
): Promise<string> {
  const install = `install PostgreSQL's client programs of version ${server.major} or newer (Debian: apt-get install postgresql-client-${server.major})`;
  let older: string | undefined;
  for (const candidate of candidates) {
    if (candidate.includes('/') && !fs.existsSync(candidate)) continue;
    let printed: string;
    try {
      printed = await runTool(candidate, ['--version']);
    } catch (err) {
      if (err instanceof ToolMissingError) continue;
      throw err;
    }
    const version = /(\d+)(?:\.(\d+))?/.exec(printed);
    if (version && Number(version[1]) >= server.major) return candidate;
    older ??= version ? version[0] : printed.trim();
  }
  if (older) {
    throw new Error(`${name} ${older} cannot work with this PostgreSQL ${server.version} server: ${install}.`);
  }
  throw new Error(`${name} was not found: ${install}.`);
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function migrationsIn(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ present: boolean }>(
    `SELECT to_regclass('kysely_migration') IS NOT NULL AS present`,
  );
  if (!rows[0].present) return [];
  const applied = await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name');
  return applied.rows.map((r) => r.name);
}

/**
 * Dumps the database into `file`. pg_dump runs on a snapshot exported by a transaction that also
 * reads the migrations, so the manifest says exactly which schema the dump holds.
 */
export async function dumpPostgres(url: string, file: string): Promise<{ migrations: string[]; server: ServerInfo }> {
  const client = await connect(url);
  try {
    const server = await serverInfo(client);
    const pgDump = await findTool('pg_dump', server);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const migrations = await migrationsIn(client);
    const { dbname, env } = toolConnection(url);
    await runTool(
      pgDump,
      ['--format=custom', `--snapshot=${rows[0].snapshot}`, `--file=${file}`, `--dbname=${dbname}`],
      {
        env,
      },
    );
    await client.query('COMMIT');
    return { migrations, server };
  } finally {
    await client.end();
  }
}

/** What a restore needs to know of the database it would replace, before it changes anything. */
export interface PostgresTarget {
  server: ServerInfo;
  pgRestore: string;
  /** Tables in it (the restore refuses to replace them unless forced). */
  tables: number;
}

/**
 * Checks a restore into `url` can go ahead: no other session is connected (a server or worker
 * still running would go on writing beside the restore), pg_restore fits the server and reads
 * the dump. Changes nothing.
 */
export async function inspectPostgresTarget(url: string, dump: string): Promise<PostgresTarget> {
  const client = await connect(url);
  try {
    const server = await serverInfo(client);
    const others = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    if (others.rows[0].n > 0) {
      throw new Error(
        `${others.rows[0].n} other session(s) are connected to database ${client.database ?? ''}: ` +
          'stop every DME Office server and worker before restoring.',
      );
    }
    const tables = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg\\_%'`,
    );
    const pgRestore = await findTool('pg_restore', server);
    await runTool(pgRestore, ['--list', dump]);
    return { server, pgRestore, tables: tables.rows[0].n };
  } finally {
    await client.end();
  }
}

/**
 * Restores the dump into `url`. A database that holds tables is emptied first (every schema
 * dropped, `public` made anew); pg_restore then runs in one transaction, so a failed restore
 * leaves the database empty, never half restored. Objects are owned by the connecting user.
 * Answers the migrations the restored database has run.
 */
export async function restorePostgres(url: string, dump: string, target: PostgresTarget): Promise<string[]> {
  const client = await connect(url);
  try {
    if (target.tables > 0) {
      const { rows } = await client.query<{ name: string }>(
        `SELECT nspname AS name FROM pg_namespace
          WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_%'`,
      );
      await client.query('BEGIN');
      for (const { name } of rows) await client.query(`DROP SCHEMA ${client.escapeIdentifier(name)} CASCADE`);
      await client.query('CREATE SCHEMA public');
      await client.query('COMMIT');
    }
    const { dbname, env } = toolConnection(url);
    await runTool(
      target.pgRestore,
      ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, dump],
      { env },
    );
    return await migrationsIn(client);
  } finally {
    await client.end();
  }
}
