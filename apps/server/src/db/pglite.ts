import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import type { DbHandle } from './database.ts';
import { appliedMigrations } from './migrate.ts';

/**
 * The embedded database (PGlite in DATA_DIR/pglite) lives inside one process: two processes
 * opening the folder would each write it as if alone. So the process that opens it (the server,
 * or a backup or restore run while no server is) first claims it by listening on the socket
 * DATA_DIR/pglite.sock, and refuses to start when another process answers there. A backup run
 * while the server is up asks the server over that socket: the server dumps its own database
 * between two statements and sends the dump back. The socket file is the owner's only (0600),
 * like the database folder beside it.
 */
export const SOCKET_NAME = 'pglite.sock';

export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** True when the folder holds a database (PGlite writes PG_VERSION when it creates one). */
export function holdsPgliteDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(pgliteFolder(dataDir), 'PG_VERSION'));
}

/**
 * Linux keeps at most 107 bytes of a socket's path and cuts a longer one short without a word. A
 * DATA_DIR too deep for that gets its socket in a private folder of the system's temporary one,
 * and DATA_DIR/pglite.sock is a symbolic link to it, read by whoever connects.
 */
const MAX_SOCKET_PATH = 100;

/** The path to connect to: DATA_DIR/pglite.sock, or where it links to. */
function socketAddress(dataDir: string): string {
  const file = path.join(dataDir, SOCKET_NAME);
  try {
    return fs.readlinkSync(file);
  } catch {
    return file;
  }
}

/** True when a process answers on the folder's socket (a stale socket file left by a crash does not). */
export function folderInUse(dataDir: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketAddress(dataDir));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(false);
      else reject(err);
    });
  });
}

export interface FolderClaim {
  /** From now on a backup asked for over the socket is a dump of this open database (the server's). */
  serve(handle: DbHandle, log?: { error(obj: unknown, msg: string): void }): void;
  close(): Promise<void>;
}

function listen(server: net.Server, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (err: Error) => reject(err);
    server.once('error', failed);
    server.listen(file, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/**
 * Claims the embedded database folder of `dataDir` for this process. `messages.inUse` is the error
 * when another process holds it; `messages.busy` answers a backup asked for before `serve`.
 */
export async function claimFolder(dataDir: string, messages: { inUse: string; busy: string }): Promise<FolderClaim> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SOCKET_NAME);
  let handle: DbHandle | undefined;
  let log: { error(obj: unknown, msg: string): void } | undefined;
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) return;
      socket.off('data', onData);
      void answer(socket, request.slice(0, request.indexOf('\n')));
    };
    socket.on('data', onData);
  });
  const answer = async (socket: net.Socket, request: string) => {
    if (request !== 'backup') return void socket.end(`${JSON.stringify({ ok: false, error: 'Unknown request.' })}\n`);
    if (!handle) return void socket.end(`${JSON.stringify({ ok: false, error: messages.busy })}\n`);
    try {
      const dump = await dumpPglite(handle);
      const header = {
        ok: true,
        bytes: dump.data.length,
        migrations: dump.migrations,
        postgresVersion: dump.postgresVersion,
      };
      socket.write(`${JSON.stringify(header)}\n`);
      socket.end(dump.data);
    } catch (err) {
      log?.error({ err }, 'backup of the embedded database failed');
      socket.end(`${JSON.stringify({ ok: false, error: err instanceof Error ? err.message : String(err) })}\n`);
    }
  };
  let privateFolder: string | undefined;
  if (Buffer.byteLength(file) <= MAX_SOCKET_PATH) {
    try {
      await listen(server, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      if (await folderInUse(dataDir)) throw new Error(messages.inUse, { cause: err });
      fs.rmSync(file, { force: true });
      await listen(server, file);
    }
    fs.chmodSync(file, 0o600);
  } else {
    if (await folderInUse(dataDir)) throw new Error(messages.inUse);
    fs.rmSync(file, { force: true });
    privateFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-pglite-'));
    const address = path.join(privateFolder, SOCKET_NAME);
    await listen(server, address);
    fs.chmodSync(address, 0o600);
    try {
      fs.symlinkSync(address, file);
    } catch (err) {
      server.close();
      fs.rmSync(privateFolder, { recursive: true, force: true });
      throw new Error(messages.inUse, { cause: err });
    }
  }
  return {
    serve(open, logger) {
      handle = open;
      log = logger;
    },
    close: () =>
      new Promise<void>((resolve) => {
        handle = undefined;
        server.close(() => {
          if (privateFolder) {
            fs.rmSync(file, { force: true });
            fs.rmSync(privateFolder, { recursive: true, force: true });
          }
          resolve();
        });
      }),
  };
}

const gzip = promisify(zlib.gzip);

export interface PgliteDump {
  /** The data folder as PGlite's dumpDataDir writes it, gzipped. */
  data: Buffer;
  migrations: string[];
  postgresVersion: string;
}

/**
 * Dumps an open embedded database. Kysely's PGlite driver lends its one connection to one caller
 * at a time, and every caller of the product goes through it: holding it, no statement and no
 * transaction of a request is under way, so the files PGlite copies are one consistent state.
 * A checkpoint first writes every changed page to them, so the copy needs no recovery to open.
 * Compression runs after the connection is handed back.
 */
export async function dumpPglite(handle: DbHandle): Promise<PgliteDump> {
  const pglite = handle.pglite;
  if (!pglite) throw new Error('Not an embedded database.');
  const taken = await handle.db.connection().execute(async (conn) => {
    await sql`CHECKPOINT`.execute(conn);
    const migrations = await appliedMigrations(conn);
    const { rows } = await sql<{ version: string }>`SELECT current_setting('server_version') AS version`.execute(conn);
    const tar = await pglite.dumpDataDir('none');
    return { tar, migrations, postgresVersion: rows[0].version };
  });
  const data = await gzip(Buffer.from(await taken.tar.arrayBuffer()));
  return { data, migrations: taken.migrations, postgresVersion: taken.postgresVersion };
}

/** Asks the process that holds the folder for a dump, written to `file`. */
export function requestDump(dataDir: string, file: string): Promise<Omit<PgliteDump, 'data'>> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketAddress(dataDir));
    let head = Buffer.alloc(0);
    let answered = false;
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\n');
      if (end < 0) return;
      answered = true;
      socket.off('data', onData);
      socket.pause();
      let header: { ok: boolean; error?: string; bytes?: number; migrations?: string[]; postgresVersion?: string };
      try {
        header = JSON.parse(head.subarray(0, end).toString('utf8')) as typeof header;
      } catch {
        socket.destroy();
        return reject(new Error('The server answered something other than a backup.'));
      }
      if (!header.ok) {
        socket.destroy();
        return reject(new Error(`The server could not take the backup: ${header.error ?? 'no reason given'}`));
      }
      const out = fs.createWriteStream(file, { mode: 0o600 });
      out.write(head.subarray(end + 1));
      pipeline(socket, out)
        .then(() => {
          if (fs.statSync(file).size !== header.bytes)
            throw new Error('The server stopped before the backup was sent whole.');
          resolve({ migrations: header.migrations ?? [], postgresVersion: header.postgresVersion ?? '' });
        })
        .catch(reject);
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => {
      if (!answered) reject(new Error('The server closed the connection without sending the backup.'));
    });
    socket.write('backup\n');
  });
}
