import { DOCUMENT_MESSAGES as M, type HoldFields } from '@dme/shared';
import type { Db } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { conflict, isUniqueViolation, notFound, validation } from '../lib/errors.ts';
import { holdsOfOccurrence } from '../lib/holds.ts';

/**
 * POST /ocurrences/{id}/hold_release/: an administrator lets a held occurrence go ahead without
 * its documents, with a reason. The occurrence row is locked first, so of two releases at once
 * the second waits, then finds the first one's release (409). The reasons it was held for are
 * kept with the release: the documents may change later, the release's grounds do not.
 */
export async function releaseHold(db: Db, actorId: number, occurrenceId: number, reason: string): Promise<HoldFields> {
  try {
    return await db.transaction().execute(async (trx) => {
      const occurrence = await trx
        .selectFrom('ocurrences')
        .select(['id', 'patient_id', 'date'])
        .where('id', '=', occurrenceId)
        .forUpdate()
        .executeTakeFirst();
      if (!occurrence) throw notFound();
      const current = await holdsOfOccurrence(trx, occurrenceId);
      if (!current) throw notFound();
      if (current.hold_release) throw conflict(M.alreadyReleased, 409);
      if (current.holds.length === 0) throw validation({ holds: [M.notHeld] });
      const release = await trx
        .insertInto('hold_releases')
        .values({ ocurrence_id: occurrenceId, reason, holds: current.holds, user_id: actorId })
        .returning(['id', 'ocurrence_id', 'reason', 'holds'])
        .executeTakeFirstOrThrow();
      await audit(trx, {
        userId: actorId,
        action: 'create',
        entity: 'hold_release',
        entityId: release.id,
        ...(occurrence.patient_id !== null && { patientId: occurrence.patient_id }),
        after: { ...release, date: occurrence.date },
      });
      return (await holdsOfOccurrence(trx, occurrenceId))!;
    });
  } catch (err) {
    // The lock serializes releases; the unique index answers the same should one slip past it.
    if (isUniqueViolation(err)) throw conflict(M.alreadyReleased, 409);
    throw err;
  }
}
