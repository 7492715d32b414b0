import { sql, type Expression, type SqlBool } from 'kysely';

/** Escapes LIKE's wildcards so a search for "50%" or "a_b" means those characters. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Lower-cased, single-spaced, control characters removed: the form `search_text` is compared in. */
export function normalizeSearch(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Case-insensitive partial match on the patient's searchable fields (first, middle and last
 * name, "first last", phone, email, city), through the generated `search_text` column and its
 * trigram index. Null when there is nothing to search for.
 */
export function patientSearchCondition(search: string, alias = 'p'): Expression<SqlBool> | null {
  const term = normalizeSearch(search);
  if (!term) return null;
  return sql<SqlBool>`${sql.ref(`${alias}.search_text`)} LIKE ${`%${escapeLike(term)}%`}`;
}
