import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db, Executor } from './database.ts';
import { parseHcpcsFile, type HcpcsFile } from '../lib/hcpcs-file.ts';

/**
 * The HCPCS Level II codes and modifiers the product ships (CMS, public domain; see
 * reference/cms/hcpcs-2020/README.md). They are loaded into hcpcs_codes and hcpcs_modifiers when
 * those tables are empty (first start, every test database); an office imports a newer annual
 * file with POST /api/settings/hcpcs/.
 */
export const SHIPPED_HCPCS_FILE = path.resolve(
  import.meta.dirname,
  '../../reference/cms/hcpcs-2020/HCPC2020_ANWEB_w_disclaimer.txt',
);

let shipped: Promise<HcpcsFile> | null = null;

/** The shipped file, read and parsed once per process. */
function shippedHcpcs(): Promise<HcpcsFile> {
  shipped ??= fs.readFile(SHIPPED_HCPCS_FILE).then(parseHcpcsFile);
  return shipped;
}

/**
 * Writes the file's codes and modifiers: one INSERT ... SELECT FROM unnest() per table (one
 * parameter per column, however many rows). `upsert` replaces the descriptions of codes already
 * known; otherwise known codes are left as they are. Codes the file does not hold are kept (an
 * older product or claim may still name a discontinued code).
 */
export async function writeHcpcs(
  db: Executor,
  file: HcpcsFile,
  source: string,
  mode: 'upsert' | 'insert',
): Promise<void> {
  const { codes, modifiers } = file;
  const onCodeConflict =
    mode === 'upsert'
      ? sql`DO UPDATE SET long_description = EXCLUDED.long_description,
          short_description = EXCLUDED.short_description, source = EXCLUDED.source, updated_at = now()`
      : sql`DO NOTHING`;
  await sql`
    INSERT INTO hcpcs_codes (code, long_description, short_description, source)
    SELECT c.code, c.long_description, c.short_description, ${source}
    FROM unnest(${codes.map((c) => c.code)}::text[], ${codes.map((c) => c.long_description)}::text[],
      ${codes.map((c) => c.short_description)}::text[]) AS c(code, long_description, short_description)
    ON CONFLICT (code) ${onCodeConflict}
  `.execute(db);
  if (modifiers.length === 0) return;
  const onModifierConflict =
    mode === 'upsert'
      ? sql`DO UPDATE SET description = EXCLUDED.description, source = EXCLUDED.source, updated_at = now()`
      : sql`DO NOTHING`;
  await sql`
    INSERT INTO hcpcs_modifiers (code, description, source)
    SELECT m.code, m.description, ${source}
    FROM unnest(${modifiers.map((m) => m.code)}::text[], ${modifiers.map((m) => m.description)}::text[])
      AS m(code, description)
    ON CONFLICT (code) ${onModifierConflict}
  `.execute(db);
}

/**
 * Loads the shipped codes and modifiers, in one transaction, when hcpcs_codes is empty; answers
 * whether it did. Safe with several processes starting at once: a code another process inserted
 * first is skipped.
 */
export async function loadShippedHcpcs(db: Db): Promise<boolean> {
  const { rows } = await sql<{ filled: boolean }>`SELECT EXISTS (SELECT 1 FROM hcpcs_codes) AS filled`.execute(db);
  if (rows[0]?.filled) return false;
  const file = await shippedHcpcs();
  await db.transaction().execute((trx) => writeHcpcs(trx, file, path.basename(SHIPPED_HCPCS_FILE), 'insert'));
  return true;
}
