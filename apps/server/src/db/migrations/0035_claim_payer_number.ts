import type { Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * The payer's own number for a claim (277CA REF*1K, the 835's CLP07), which a replacement names in
 * REF*F8. Migration 0031 as it landed creates the column; a database migrated by an earlier
 * version of 0031 lacks it, and gets it here (IF NOT EXISTS: nothing changes where it exists).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER TABLE claims ADD COLUMN IF NOT EXISTS payer_claim_number text;`);
}

/** The column belongs to 0031: taking this migration back leaves it. */
export async function down(_db: Kysely<unknown>): Promise<void> {}
