import { PATIENT_MESSAGES, type PatientTag, type Tag } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { notFound, validation } from '../lib/errors.ts';
import { lockPatient } from './children.ts';

/** The tags lookup and the tags checked per patient. */
export function listTags(db: Executor): Promise<Tag[]> {
  return db.selectFrom('tags').select(['id', 'name']).orderBy('name').execute();
}

/** Checks a tag for the patient; checking it twice is harmless. */
export async function addPatientTag(
  db: Executor,
  actorId: number,
  patientId: number,
  tagId: number,
): Promise<PatientTag> {
  return db.transaction().execute(async (trx) => {
    await lockPatient(trx, patientId);
    const tag = await trx.selectFrom('tags').select(['id', 'name']).where('id', '=', tagId).executeTakeFirst();
    if (!tag) throw validation({ tag_id: [PATIENT_MESSAGES.tagRequired] });
    const inserted = await trx
      .insertInto('patient_tags')
      .values({ patient_id: patientId, tag_id: tagId })
      .onConflict((oc) => oc.doNothing())
      .returning('tag_id')
      .executeTakeFirst();
    if (inserted) {
      await audit(trx, {
        userId: actorId,
        action: 'create',
        entity: 'patient_tag',
        entityId: `${patientId}:${tagId}`,
        after: { patient_id: patientId, tag_id: tagId, name: tag.name },
      });
    }
    return { ...tag, checked: true };
  });
}

/** Unchecks a tag; an unknown patient or tag is 404, a tag that was not checked is left as is. */
export async function removePatientTag(db: Executor, actorId: number, patientId: number, tagId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPatient(trx, patientId);
    const tag = await trx.selectFrom('tags').select(['id', 'name']).where('id', '=', tagId).executeTakeFirst();
    if (!tag) throw notFound();
    const removed = await trx
      .deleteFrom('patient_tags')
      .where('patient_id', '=', patientId)
      .where('tag_id', '=', tagId)
      .returning('tag_id')
      .executeTakeFirst();
    if (removed) {
      await audit(trx, {
        userId: actorId,
        action: 'delete',
        entity: 'patient_tag',
        entityId: `${patientId}:${tagId}`,
        before: { patient_id: patientId, tag_id: tagId, name: tag.name },
      });
    }
  });
}
