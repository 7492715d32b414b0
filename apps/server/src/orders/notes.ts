import type { CallNote, CallNoteBody } from '@dme/shared';
import type { Db, Executor } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { notFound } from '../lib/errors.ts';
import type { Actor } from './occurrences.ts';
import { callNoteQuery, toCallNote } from '../lib/order-views.ts';

/** Call notes of an occurrence (GET and POST /users/service_notes/{id}/). */

async function occurrenceExists(db: Executor, id: number): Promise<void> {
  const o = await db.selectFrom('ocurrences').select('id').where('id', '=', id).executeTakeFirst();
  if (!o) throw notFound();
}

/**
 * Newest first. `whenFound` (the read's audit row) runs once the occurrence is known to exist,
 * while the notes are read.
 */
export async function listNotes(
  db: Db,
  occurrenceId: number,
  whenFound?: (occurrence: { patientId: number; date: string }) => Promise<void>,
): Promise<CallNote[]> {
  const occurrence = await db
    .selectFrom('ocurrences as oc')
    .innerJoin('orders as o', 'o.id', 'oc.order_id')
    .select(['oc.date', 'o.patient_id'])
    .where('oc.id', '=', occurrenceId)
    .executeTakeFirst();
  if (!occurrence) throw notFound();
  const [rows] = await Promise.all([
    callNoteQuery(db)
      .where('n.ocurrence_id', '=', occurrenceId)
      .orderBy('n.created', 'desc')
      .orderBy('n.id', 'desc')
      .execute(),
    whenFound?.({ patientId: occurrence.patient_id, date: occurrence.date }),
  ]);
  return rows.map(toCallNote);
}

/** The author is the signed-in user. */
export async function addNote(db: Db, actor: Actor, occurrenceId: number, body: CallNoteBody): Promise<CallNote> {
  return db.transaction().execute(async (trx) => {
    await occurrenceExists(trx, occurrenceId);
    const row = await trx
      .insertInto('call_notes')
      .values({ ocurrence_id: occurrenceId, body: body.body, user_id: actor.userId })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: actor.userId, action: 'create', entity: 'call_note', entityId: row.id, after: row });
    return toCallNote(await callNoteQuery(trx).where('n.id', '=', row.id).executeTakeFirstOrThrow());
  });
}
