import type { Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * Large batches survive a crashed worker (issue 28): the rendering's heartbeat (a worker whose
 * heartbeat goes stale is taken for dead and its batch is rendered again), the file it is writing
 * (removed when that happens, never listed), which process rendered it, and the job that carries
 * it (a queued batch whose job is gone is given a new one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE batch_prints ADD COLUMN heartbeat_at timestamptz;
    ALTER TABLE batch_prints ADD COLUMN partial_key text;
    ALTER TABLE batch_prints ADD COLUMN rendered_by text;
    ALTER TABLE batch_prints ADD COLUMN job_id text;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE batch_prints DROP COLUMN job_id, DROP COLUMN rendered_by, DROP COLUMN partial_key, DROP COLUMN heartbeat_at;
  `,
  );
}
