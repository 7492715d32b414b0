import { sql } from 'kysely';
import type { Executor } from './database.ts';

/**
 * The schema's size as the bench prints it: tables, derived tables (the names kept totals,
 * counts, deltas, search copies and stale marks take: rows the database writes from other
 * tables' rows), triggers and functions of the current schema (functions of extensions left out).
 */
export interface SchemaSize {
  tables: number;
  derivedTables: number;
  triggers: number;
  functions: number;
}

export async function schemaSize(db: Executor): Promise<SchemaSize> {
  const { rows } = await sql<SchemaSize>`
    SELECT
      (SELECT count(*)::int FROM pg_tables WHERE schemaname = current_schema()) AS tables,
      (SELECT count(*)::int FROM pg_tables
        WHERE schemaname = current_schema() AND tablename ~ '(_totals|_deltas|_counts|_search|_stale)$') AS "derivedTables",
      (SELECT count(*)::int FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace) AS triggers,
      (SELECT count(*)::int FROM pg_proc p
        WHERE p.pronamespace = current_schema()::regnamespace AND p.prokind = 'f'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')) AS functions
  `.execute(db);
  return rows[0];
}
