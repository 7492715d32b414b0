import { sql, type Expression, type SqlBool } from 'kysely';
import { escapeLike, normalizeSearch, searchPiece } from '../lib/search.ts';

export { escapeLike, normalizeSearch, searchPiece };

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
