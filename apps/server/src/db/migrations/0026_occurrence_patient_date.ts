import type { Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * A work queue searched for a name few patients have reads those patients' occurrences within the
 * range (db/kept-totals.ts rareTerm). By patient alone, the index returned every date of theirs:
 * 4,368 occurrences read to keep the 99 of one week (7 ms). Keyed by patient and date it returns
 * the week's only, and it serves every lookup by patient as before, in entries of the same size
 * (the date fills the padding after the patient id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX ocurrences_patient_date_idx ON ocurrences (patient_id, date);
    DROP INDEX ocurrences_patient_idx;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX ocurrences_patient_idx ON ocurrences (patient_id);
    DROP INDEX ocurrences_patient_date_idx;
  `,
  );
}
