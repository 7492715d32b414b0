import { sql, type Expression, type SqlBool } from 'kysely';
import type { Executor } from '../db/database.ts';
import { containsPattern, hasRareTerm } from '../lib/search.ts';

/**
 * The orders whose search text (order name, PO number, patient name; migration 0010) contains
 * `term`, a normalized search: on order_search and its trigram index (migration 0022), as `os`.
 */
export function ordersMatching(db: Executor, term: string) {
  return db.selectFrom('order_search as os').where(sql<SqlBool>`os.search_text LIKE ${containsPattern(term)}`);
}

/**
 * `column` (an order id) is one of the orders matching `term`: ordersMatching, or when the term is
 * a term few orders hold (`rare`, db/kept-totals.ts rareTerm), its index (lib/search.ts holdsTerm).
 */
export function ofOrdersMatching(db: Executor, column: string, term: string, rare: string | null): Expression<SqlBool> {
  return rare !== null
    ? hasRareTerm(column, 'orders', rare)
    : sql<SqlBool>`${sql.ref(column)} IN (${ordersMatching(db, term).select('os.id')})`;
}
