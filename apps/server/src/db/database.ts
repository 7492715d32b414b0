import { Kysely, PostgresDialect, type Dialect, type Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './types.ts';

// Dates stay 'YYYY-MM-DD' strings, numerics stay exact strings, bigint counts become numbers.
const DATE_OID = 1082;
const NUMERIC_OID = 1700;
const INT8_OID = 20;
pg.types.setTypeParser(DATE_OID, (v) => v);
pg.types.setTypeParser(NUMERIC_OID, (v) => v);
pg.types.setTypeParser(INT8_OID, (v) => Number(v));

export type Db = Kysely<Database>;
/** A transaction, and what a query function runs on: the database or a transaction. */
export type Trx = Transaction<Database>;
export type Executor = Db | Trx;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** The embedded database itself (PGlite only): its data folder's dump is taken through it (backup/). */
  pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * The planner settings of every connection to a PostgreSQL server, unless libpq's PGOPTIONS says
 * otherwise. Requests come many at a time and each is small: a parallel plan's workers compete
 * with the other requests for the same cores, and starting them costs more than they save (a
 * count over every occurrence took twice as long with them on a 2-core server). The office's data
 * is read from memory, not from a spinning disk, so a random read is priced close to a sequential
 * one; at the default price the planner scans a whole table rather than a far smaller index.
 */
const PLANNER_SETTINGS = '-c max_parallel_workers_per_gather=0 -c random_page_cost=1.1';

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir` (or memory). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | 'memory';
  /** Pool size for a PostgreSQL server (config PG_POOL_MAX). */
  poolMax?: number;
  /** Told when the server drops a connection in use (PostgreSQL). */
  onConnectionLost?: (err: Error) => void;
  /** PGlite only: a data folder PGlite dumped (a backup's), written into the new folder `dataDir`. */
  loadDataDir?: Blob;
}): Promise<DbHandle> {
  let dialect: Dialect;
  let kind: DbHandle['kind'];
  let embedded: PGlite | undefined;
  if (opts.url) {
    kind = 'postgres';
    const pool = new pg.Pool({
      connectionString: opts.url,
      options: process.env.PGOPTIONS ?? PLANNER_SETTINGS,
      max: opts.poolMax ?? 10,
      keepAlive: true,
      // A network cut leaves a connect waiting forever; a request waits this long, then answers 503.
      connectionTimeoutMillis: 5_000,
    });
    // A connection dropped by the server (restart, pg_terminate_backend, a network cut) emits
    // 'error' on its client; without a listener that event ends the process. The pool only
    // listens while a client is idle, so every client gets one for its whole life: the query in
    // flight fails with the error (the request answers 503), and the pool discards the client.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.onConnectionLost?.(err));
    });
    dialect = new PostgresDialect({ pool });
  } else {
    kind = 'pglite';
    const { PGlite } = await import('@electric-sql/pglite');
    // Trigram (GIN) indexes serve the patient search; the extension is loaded at every open.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    let dir: string | undefined;
    if (opts.dataDir && opts.dataDir !== 'memory') {
      dir = path.join(opts.dataDir, 'pglite');
      fs.mkdirSync(dir, { recursive: true });
    }
    // Options go in one object: PGlite ignores them when the first argument is an undefined dataDir.
    const pglite = new PGlite({
      dataDir: dir,
      extensions: { pg_trgm },
      loadDataDir: opts.loadDataDir,
      parsers: {
        [DATE_OID]: (v: string) => v,
        [NUMERIC_OID]: (v: string) => v,
        [INT8_OID]: (v: string) => Number(v),
      },
    });
    await pglite.waitReady;
    embedded = pglite;
    dialect = new PGliteDialect(pglite);
  }
  const db = new Kysely<Database>({ dialect });
  return { db, kind, pglite: embedded, close: () => db.destroy() };
}
