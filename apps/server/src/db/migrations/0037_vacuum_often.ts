import type { Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/** The tables whose lists count and page from their indexes alone, and which change all day. */
const TABLES = ['ocurrences', 'services', 'invoices', 'orders', 'claims'];

/**
 * Autovacuum at 2 % of a busy table's rows changed instead of PostgreSQL's 20 %. The lists count
 * and page through index-only scans, which read the table itself for every page changed since its
 * last vacuum: one remittance file posted updates thousands of invoices spread over every page of
 * the table, and until autovacuum came (at a fifth of the table) the open invoices' count read all
 * of them. PGlite does not autovacuum; the settings are kept and do nothing there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    TABLES.map(
      (t) =>
        `ALTER TABLE ${t} SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02,
           autovacuum_vacuum_insert_scale_factor = 0.02);`,
    ).join('\n'),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    TABLES.map(
      (t) =>
        `ALTER TABLE ${t} RESET (autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor,
           autovacuum_vacuum_insert_scale_factor);`,
    ).join('\n'),
  );
}
