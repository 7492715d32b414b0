import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * The lists' search box: a case-insensitive "contains" on a stored, lower-cased `search_text`
 * column (patients: generated, migration 0002; orders: kept by a trigger, migration 0010), which
 * a pg_trgm GIN index serves. Shared by every area that searches patients or orders.
 */

/** Escapes LIKE's wildcards so a search for "50%" or "a_b" means those characters. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Lower-cased, single-spaced, control characters removed: how search terms are compared. */
export function normalizeSearch(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase()
  );
}

/** `%term%` for a LIKE pattern, wildcards in the term taken literally. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** The row (alias `alias`) has the normalized term in its `search_text`. */
export function searchTextHas(alias: string, term: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${alias}.search_text`)} LIKE ${containsPattern(term)}`;
}

/**
 * Case-insensitive partial match on the patient's searchable fields (first, middle and last
 * name, "first last", phone, email, city). Null when there is nothing to search for.
 */
export function patientSearchCondition(search: string, alias = 'p'): Expression<SqlBool> | null {
  const term = normalizeSearch(search);
  return term ? searchTextHas(alias, term) : null;
}

/**
 * `column` (an order id) is that of an order whose search text (order name, PO number, patient
 * name) contains the normalized term.
 */
export function ofOrdersMatching(column: string, term: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} IN (SELECT os.id FROM orders os WHERE ${searchTextHas('os', term)})`;
}
