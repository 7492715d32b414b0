import type { Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * How many claims each remittance answers, for the remittance files' list: counted from the
 * stored detail once, when it is written, instead of unpacking every listed file's detail (a
 * 10,000-line file's is megabytes) on each read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `ALTER TABLE eras ADD COLUMN claim_count integer
       GENERATED ALWAYS AS (coalesce(jsonb_array_length(detail->'claims'), 0)) STORED;`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER TABLE eras DROP COLUMN claim_count;`);
}
