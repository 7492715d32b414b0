import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { notFound } from '../lib/errors.ts';

/** The two switches of an occurrence the work queues set in place. */
export type OccurrenceToggle = 'eligibility_toggle' | 'customer_approved';

/**
 * Sets one switch of one occurrence: the row is locked, updated by one UPDATE, and the change
 * audited (before and after of that switch) in the same transaction. Nothing else changes.
 * 404 for an unknown occurrence.
 */
export async function setOccurrenceToggle(
  db: Db,
  userId: number,
  id: number,
  toggle: OccurrenceToggle,
  value: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('ocurrences')
      .select(['id', toggle])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    await trx
      .updateTable('ocurrences')
      .set(toggle === 'eligibility_toggle' ? { eligibility_toggle: value } : { customer_approved: value })
      .set({ updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await audit(trx, {
      userId,
      action: 'update',
      entity: 'ocurrence',
      entityId: id,
      before: { [toggle]: before[toggle] },
      after: { [toggle]: value },
    });
  });
}
