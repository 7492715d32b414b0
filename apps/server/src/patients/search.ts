import { sql, type Expression, type SqlBool } from 'kysely';
import { escapeLike, normalizeSearch } from '../lib/search.ts';

export { escapeLike, normalizeSearch };

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

/**
 * The term when it is one or two characters long: a piece of the search text whose patients are
 * counted ahead (migration 0023), as no trigram index can narrow it. Undefined otherwise.
 */
export function searchPiece(term: string): string | undefined {
  const length = [...term].length;
  return length >= 1 && length <= 2 ? term : undefined;
}
