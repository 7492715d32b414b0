import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { appliedMigrations, KNOWN_SCHEMA, migrations as knownMigrations, newestSchema } from '../db/migrate.ts';
import {
  countFiles,
  DATABASE_ENTRY,
  FILES_ENTRY,
  holdsAnything,
  MANIFEST,
  readArchive,
  writeArchive,
  type Manifest,
} from './archive.ts';
import { dumpPostgres, inspectPostgresTarget, restorePostgres } from './postgres.ts';
import {
  claimFolder,
  dumpPglite,
  folderInUse,
  holdsPgliteDatabase,
  pgliteFolder,
  requestDump,
  type PgliteDump,
} from '../db/pglite.ts';

/**
 * `npm run backup` and `npm run restore`: the database and the storage folder in one file, see
 * archive.ts. The database is dumped first, then the files are copied: an upload writes its file
 * before its row, so every file a dumped row names is already there to copy.
 */

const kindOf = (config: Config): Manifest['database'] => (config.databaseUrl ? 'postgres' : 'pglite');
const KIND_NAME = { postgres: 'PostgreSQL server', pglite: 'embedded (PGlite)' } as const;

function describeSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;
}

/** Dumps the embedded database: through the server when one holds it, else by opening it here. */
async function dumpEmbedded(dataDir: string, file: string): Promise<Omit<PgliteDump, 'data'>> {
  if (await folderInUse(dataDir)) return requestDump(dataDir, file);
  if (!holdsPgliteDatabase(dataDir)) {
    throw new Error(`There is no embedded database in ${pgliteFolder(dataDir)}: nothing to back up.`);
  }
  const claim = await claimFolder(dataDir, {
    inUse: `Another DME Office process began using ${pgliteFolder(dataDir)}: try again.`,
    busy: 'Another backup is under way: try again once it is done.',
  });
  try {
    const handle = await openDatabase({ dataDir });
    try {
      const dump = await dumpPglite(handle);
      await fsp.writeFile(file, dump.data, { mode: 0o600 });
      return dump;
    } finally {
      await handle.close();
    }
  } finally {
    await claim.close();
  }
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
  bytes: number;
  summary: string;
}

/** Writes a backup of the configured database and storage folder to `file` (refused if it exists, unless `force`). */
export async function backup(config: Config, file: string, opts: { force?: boolean } = {}): Promise<BackupResult> {
  const out = path.resolve(file);
  if (fs.existsSync(out) && !opts.force) {
    throw new Error(`${out} already exists: choose another name, or run again with --force to replace it.`);
  }
  if (!fs.existsSync(path.dirname(out))) throw new Error(`The folder ${path.dirname(out)} does not exist.`);
  const kind = kindOf(config);
  const staging = await fsp.mkdtemp(path.join(path.dirname(out), '.dme-backup-'));
  const partial = path.join(staging, 'backup.tar');
  try {
    const database = DATABASE_ENTRY[kind];
    const dumped =
      kind === 'postgres'
        ? await dumpPostgres(config.databaseUrl!, path.join(staging, database)).then((d) => ({
            migrations: d.migrations,
            postgresVersion: d.server.version,
          }))
        : await dumpEmbedded(config.dataDir, path.join(staging, database));
    // A database without a files folder yet (nothing uploaded) still gets one in the archive.
    const filesParent = fs.existsSync(path.join(config.dataDir, FILES_ENTRY)) ? config.dataDir : staging;
    await fsp.mkdir(path.join(filesParent, FILES_ENTRY), { recursive: true });
    const manifest: Manifest = {
      format: 'dme-office-backup',
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      schema: newestSchema(dumped.migrations),
      migrations: dumped.migrations,
      database: kind,
      postgresVersion: dumped.postgresVersion,
      files: await countFiles(path.join(filesParent, FILES_ENTRY)),
    };
    await fsp.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeArchive(partial, staging, database, filesParent);
    // The backup holds protected health information: readable by its owner only.
    await fsp.chmod(partial, 0o600);
    await fsp.rename(partial, out);
    const bytes = (await fsp.stat(out)).size;
    const summary =
      `Backed up the ${KIND_NAME[kind]} database (schema ${manifest.schema}) and ${manifest.files} stored ` +
      `file(s) to ${out} (${describeSize(bytes)}).`;
    return { file: out, manifest, bytes, summary };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** Refuses a backup this version cannot restore: another kind of database, or a newer schema. */
function checkRestorable(manifest: Manifest, kind: Manifest['database']): void {
  if (manifest.database !== kind) {
    throw new Error(
      manifest.database === 'postgres'
        ? 'This is a backup of a PostgreSQL server database: restore it with DATABASE_URL set to a PostgreSQL database.'
        : 'This is a backup of the embedded (PGlite) database: restore it without DATABASE_URL, into the DATA_DIR of an embedded database.',
    );
  }
  const unknown = manifest.migrations.filter((name) => !(name in knownMigrations));
  if (unknown.length > 0) {
    throw new Error(
      `This backup was taken from a newer version of DME Office (schema ${newestSchema(unknown)}); ` +
        `this version knows schema ${KNOWN_SCHEMA}. Restore it with that version or a newer one.`,
    );
  }
}

/** The restored database must have run exactly the migrations its manifest names. */
function checkRestored(manifest: Manifest, restored: string[]): void {
  if ([...restored].sort().join() !== [...manifest.migrations].sort().join()) {
    throw new Error('The restored database does not hold the schema its backup names: the backup is damaged.');
  }
}

/** Puts `from` where `to` is, moving what was there into `aside` first (removed with the staging folder). */
async function replace(from: string, to: string, aside: string): Promise<void> {
  if (fs.existsSync(to)) await fsp.rename(to, aside);
  await fsp.rename(from, to);
}

export interface RestoreResult {
  manifest: Manifest;
  summary: string;
}

/**
 * Restores a backup into the configured database and storage folder. Refused while a server uses
 * the embedded database, and when the database or the storage folder already holds anything,
 * unless `force` (then both are replaced). Everything is checked before anything changes.
 */
export async function restore(config: Config, file: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Error(`${source} does not exist.`);
  const kind = kindOf(config);
  const dataDir = config.dataDir;
  const filesDir = path.join(dataDir, FILES_ENTRY);
  await fsp.mkdir(dataDir, { recursive: true });
  const staging = await fsp.mkdtemp(path.join(dataDir, '.restore-'));
  try {
    const manifest = await readArchive(source, staging);
    checkRestorable(manifest, kind);
    const refuse = (what: string) => {
      throw new Error(`${what} already holds data. Run again with --force to replace it with the backup.`);
    };

    if (kind === 'pglite') {
      const claim = await claimFolder(dataDir, {
        inUse: `A DME Office server is using the embedded database in ${pgliteFolder(dataDir)}: stop it before restoring.`,
        busy: 'A restore is under way: back up once it is done.',
      });
      try {
        const existing = holdsAnything(pgliteFolder(dataDir));
        if (!opts.force && (existing || holdsAnything(filesDir))) {
          refuse(existing ? `The embedded database in ${pgliteFolder(dataDir)}` : `The storage folder ${filesDir}`);
        }
        const dump = await fsp.readFile(path.join(staging, DATABASE_ENTRY.pglite));
        const loaded = path.join(staging, 'restored');
        const handle = await openDatabase({
          dataDir: loaded,
          loadDataDir: new Blob([dump], { type: 'application/x-gzip' }),
        });
        try {
          checkRestored(manifest, await appliedMigrations(handle.db));
        } finally {
          await handle.close();
        }
        await replace(pgliteFolder(loaded), pgliteFolder(dataDir), path.join(staging, 'replaced-pglite'));
        await replace(path.join(staging, FILES_ENTRY), filesDir, path.join(staging, 'replaced-files'));
      } finally {
        await claim.close();
      }
    } else {
      const url = config.databaseUrl!;
      const dump = path.join(staging, DATABASE_ENTRY.postgres);
      const target = await inspectPostgresTarget(url, dump);
      if (!opts.force && (target.tables > 0 || holdsAnything(filesDir))) {
        refuse(target.tables > 0 ? 'The database of DATABASE_URL' : `The storage folder ${filesDir}`);
      }
      checkRestored(manifest, await restorePostgres(url, dump, target));
      await replace(path.join(staging, FILES_ENTRY), filesDir, path.join(staging, 'replaced-files'));
    }
    const summary =
      `Restored the backup of ${manifest.createdAt} (${KIND_NAME[kind]} database, schema ${manifest.schema}, ` +
      `${manifest.files} stored file(s)) into ${kind === 'pglite' ? pgliteFolder(dataDir) : 'the database of DATABASE_URL'} ` +
      `and ${filesDir}.` +
      (manifest.schema < KNOWN_SCHEMA ? ` The next start migrates it to schema ${KNOWN_SCHEMA}.` : '');
    return { manifest, summary };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
