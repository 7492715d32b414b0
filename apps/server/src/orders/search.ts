import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../db/database.ts';
import { containsPattern } from '../lib/search.ts';

/**
 * The orders whose search text (order name, PO number, patient name; migration 0010) contains
 * `term`, a normalized search: on order_search and its trigram index (migration 0022), as `os`.
 */
export function ordersMatching(db: Executor, term: string) {
  return db.selectFrom('order_search as os').where(sql<SqlBool>`os.search_text LIKE ${containsPattern(term)}`);
}
