import type { Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * Shipping (issue 12): the progress and the attempts of a large batch's rendering, and an index
 * for the occurrences a batch would print (first ticket printable, not in a batch, not shipped),
 * so the count and the batch read only those rows of the date range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE batch_prints ADD COLUMN rendered_count integer NOT NULL DEFAULT 0;
    ALTER TABLE batch_prints ADD COLUMN attempts integer NOT NULL DEFAULT 0;
    CREATE INDEX batch_prints_pending_idx ON batch_prints (id) WHERE status IN ('queued', 'rendering');
    CREATE INDEX ocurrences_available_print_idx ON ocurrences (date, id)
      WHERE eligibility_toggle AND NOT printed AND ticket_created IS NULL AND NOT shipped;
    CREATE INDEX ocurrences_batch_order_idx ON ocurrences (batch_print_id, date, id) WHERE batch_print_id IS NOT NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX ocurrences_batch_order_idx;
    DROP INDEX ocurrences_available_print_idx;
    DROP INDEX batch_prints_pending_idx;
    ALTER TABLE batch_prints DROP COLUMN attempts, DROP COLUMN rendered_count;
  `,
  );
}
