import type { CallNote, CallNoteBody } from '@dme/shared';
import type { Db } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { notFound } from '../lib/errors.ts';
import type { Actor } from './occurrences.ts';
import { callNoteQuery, type Executor, toCallNote } from './views.ts';

/** Call notes of an occurrence (GET and POST /users/service_notes/{id}/). */

async function occurrenceExists(db: Executor, id: number): Promise<void> {
  const o = await db.selectFrom('ocurrences').select('id').where('id', '=', id).executeTakeFirst();
  if (!o) throw notFound();
}

/** Newest first. */
export async function listNotes(db: Db, occurrenceId: number): Promise<CallNote[]> {
  await occurrenceExists(db, occurrenceId);
  const rows = await callNoteQuery(db)
    .where('n.ocurrence_id', '=', occurrenceId)
    .orderBy('n.created', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
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
