import { sql } from 'kysely';
import { HCPCS_FORMAT, normalizeHcpcs, type HcpcsImportResult, type HcpcsLookup } from '@dme/shared';
import type { Db, Executor } from '../db/database.ts';
import { writeHcpcs } from '../db/hcpcs-reference.ts';
import { audit } from '../lib/audit.ts';
import { HcpcsFileError, parseHcpcsFile, type HcpcsFile } from '../lib/hcpcs-file.ts';
import { notFound, validation } from '../lib/errors.ts';
import { containsPattern, escapeLike, normalizeSearch } from '../lib/search.ts';

/** The CMS HCPCS list: the product form's lookup, one code, and the import of a newer annual file. */

export const HCPCS_LOOKUP_LIMIT = 20;
const MAX_WORDS = 5;
const COLUMNS = ['code', 'long_description', 'short_description'] as const;

/**
 * Up to 20 codes: those starting with the search ("e06" finds E0601) first, then those whose
 * descriptions hold every word ("airway pressure"), by code. No search lists the first codes.
 */
export function searchHcpcs(db: Executor, search: string): Promise<HcpcsLookup[]> {
  const term = normalizeSearch(search);
  const words = term.split(' ').filter(Boolean).slice(0, MAX_WORDS);
  const prefix = term.replace(/ /g, '').toUpperCase();
  const codePattern = /^[A-Z][0-9]{0,4}$/.test(prefix) ? `${escapeLike(prefix)}%` : null;
  return db
    .selectFrom('hcpcs_codes')
    .select(COLUMNS)
    .$if(words.length > 0, (qb) =>
      qb.where((eb) =>
        eb.or([
          ...(codePattern ? [eb('code', 'like', codePattern)] : []),
          eb.and(
            words.map((w) =>
              eb(sql<string>`lower(long_description || ' ' || short_description)`, 'like', containsPattern(w)),
            ),
          ),
        ]),
      ),
    )
    .$if(codePattern !== null, (qb) => qb.orderBy(sql`code LIKE ${codePattern}`, 'desc'))
    .orderBy('code')
    .limit(HCPCS_LOOKUP_LIMIT)
    .execute();
}

export async function getHcpcs(db: Executor, text: string): Promise<HcpcsLookup> {
  const code = normalizeHcpcs(text);
  if (!HCPCS_FORMAT.test(code)) throw notFound();
  const row = await db.selectFrom('hcpcs_codes').select(COLUMNS).where('code', '=', code).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

function readFile(buffer: Buffer): HcpcsFile {
  try {
    return parseHcpcsFile(buffer);
  } catch (err) {
    if (err instanceof HcpcsFileError) throw validation({ file: [err.message] });
    throw err;
  }
}

/**
 * Reads an annual file and adds and updates its codes and modifiers in one transaction, audited;
 * answers the counts. A file not in the layout is 422 before anything is written.
 */
export function importHcpcs(db: Db, actorId: number, buffer: Buffer, source: string): Promise<HcpcsImportResult> {
  const file = readFile(buffer);
  return db.transaction().execute(async (trx) => {
    await writeHcpcs(trx, file, source, 'upsert');
    const result = { codes: file.codes.length, modifiers: file.modifiers.length, source };
    await audit(trx, { userId: actorId, action: 'update', entity: 'hcpcs_codes', entityId: source, after: result });
    return result;
  });
}
