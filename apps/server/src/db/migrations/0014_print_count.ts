import type { Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * The count of occurrences available for a batch print reads the partial index alone: it carries
 * the approval and the patient copies the rule and the filters look at (migration 0007).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX ocurrences_available_print_idx;
    CREATE INDEX ocurrences_available_print_idx ON ocurrences (date, id)
      INCLUDE (customer_approved, patient_call_before_delivery, patient_state_id, patient_facility, order_id)
      WHERE eligibility_toggle AND NOT printed AND ticket_created IS NULL AND NOT shipped;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX ocurrences_available_print_idx;
    CREATE INDEX ocurrences_available_print_idx ON ocurrences (date, id)
      WHERE eligibility_toggle AND NOT printed AND ticket_created IS NULL AND NOT shipped;
  `,
  );
}
