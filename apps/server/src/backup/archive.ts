import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { runTool, ToolMissingError } from './tools.ts';

/**
 * A backup is one tar file: `manifest.json`, the database (`database.dump`, a pg_dump custom
 * archive of a PostgreSQL server; `pglite.tar.gz`, the embedded database's data folder as PGlite
 * dumps it) and `files/`, the storage folder (attachments, product photos, batch PDFs).
 */
export const MANIFEST = 'manifest.json';
export const DATABASE_ENTRY = { postgres: 'database.dump', pglite: 'pglite.tar.gz' } as const;
export const FILES_ENTRY = 'files';

export const manifestSchema = z.object({
  format: z.literal('dme-office-backup'),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  /** The newest migration the database had run ("0027"), and all of them. */
  schema: z.string(),
  migrations: z.array(z.string()),
  database: z.enum(['postgres', 'pglite']),
  /** The server's `server_version` (PGlite's PostgreSQL for the embedded database). */
  postgresVersion: z.string(),
  files: z.number().int().min(0),
});
export type Manifest = z.infer<typeof manifestSchema>;

const NOT_A_BACKUP = 'is not a DME Office backup';

async function tar(args: string[]): Promise<string> {
  try {
    return await runTool('tar', args);
  } catch (err) {
    if (err instanceof ToolMissingError)
      throw new Error('tar was not found: install it (Debian: apt-get install tar).', { cause: err });
    throw err;
  }
}

/** Writes the archive: `staging` holds the manifest and the database, `filesParent` the files folder. */
export async function writeArchive(out: string, staging: string, database: string, filesParent: string): Promise<void> {
  await tar(['-cf', out, '-C', staging, MANIFEST, database, '-C', filesParent, FILES_ENTRY]);
}

/**
 * Extracts a backup into the empty folder `into` and answers its manifest. Every entry is checked
 * first: only the manifest, one database and the files folder, no absolute or parent paths, so
 * extracting cannot write outside `into`.
 */
export async function readArchive(file: string, into: string): Promise<Manifest> {
  let listing: string;
  try {
    listing = await tar(['-tf', file]);
  } catch (err) {
    throw new Error(`${file} ${NOT_A_BACKUP} (${err instanceof Error ? err.message : String(err)})`, { cause: err });
  }
  const entries = listing.split('\n').filter(Boolean);
  const allowed = new Set<string>([MANIFEST, ...Object.values(DATABASE_ENTRY), FILES_ENTRY]);
  const bad = entries.find((entry) => {
    const name = entry.replace(/^\.\//, '').replace(/\/$/, '');
    if (path.isAbsolute(name) || name.split('/').includes('..')) return true;
    // The archive's own root ("./"), when it was packed from inside a folder.
    if (name === '' || name === '.') return false;
    return !allowed.has(name) && !name.startsWith(`${FILES_ENTRY}/`);
  });
  if (bad !== undefined || !entries.some((e) => e.replace(/^\.\//, '') === MANIFEST)) {
    throw new Error(`${file} ${NOT_A_BACKUP}${bad !== undefined ? ` (unexpected entry ${bad})` : ' (no manifest)'}`);
  }
  await tar(['-xf', file, '-C', into, '--no-same-owner']);
  let manifest: unknown;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(into, MANIFEST), 'utf8'));
  } catch {
    throw new Error(`${file} ${NOT_A_BACKUP} (its manifest cannot be read)`);
  }
  const parsed = manifestSchema.safeParse(manifest);
  if (!parsed.success) throw new Error(`${file} ${NOT_A_BACKUP} (its manifest is not one DME Office writes)`);
  if (!fs.existsSync(path.join(into, DATABASE_ENTRY[parsed.data.database]))) {
    throw new Error(`${file} ${NOT_A_BACKUP} (its database is missing)`);
  }
  return parsed.data;
}

/** How many files a folder holds, at any depth (0 when it does not exist). */
export async function countFiles(dir: string): Promise<number> {
  if (!fs.existsSync(dir)) return 0;
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

/** True when a folder exists and holds anything. */
export function holdsAnything(dir: string): boolean {
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}
