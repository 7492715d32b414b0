import { sql } from 'kysely';
import {
  DELIVERY_RELATIONSHIPS,
  DOCUMENT_MESSAGES as M,
  documentIssues,
  documentState,
  draftOf,
  type DeliveryRelationship,
  type DocumentCreateBody,
  type DocumentDraft,
  type DocumentFields,
  type DocumentUpdateBody,
  type PatientDocument,
} from '@dme/shared';
import type { Db, Executor } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { conflict, notFound, validation, type FieldErrors } from '../lib/errors.ts';
import { authorizationUsage, unitsUsed } from '../lib/holds.ts';

/**
 * A patient's documents (issue 34): read with where each stands today, created, edited and
 * deleted in one transaction with its audit row. A document keeps the fields of its type only;
 * a proof of delivery the delivery route recorded is never edited or deleted here.
 */

function documentRows(db: Executor) {
  return db
    .selectFrom('documents as d')
    .leftJoin('vendors as v', 'v.id', 'd.vendor_id')
    .leftJoin('patient_attachments as a', 'a.id', 'd.attachment_id')
    .leftJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'd.patient_id',
      'd.type',
      'd.date',
      'd.order_id',
      'd.attachment_id',
      'a.name as attachment_name',
      'd.practitioner_name',
      'd.practitioner_npi',
      'd.items',
      'd.length_of_need_months',
      'd.vendor_id',
      'v.name as vendor_name',
      'd.number',
      'd.hcpcs',
      'd.units',
      'd.start_date',
      'd.end_date',
      'd.valid_through',
      'd.ocurrence_id',
      'd.recipient_name',
      'd.relationship',
      'd.delivered_at',
      'd.address',
      'd.created_at',
      sql<string>`coalesce(u.username, '')`.as('user'),
    ]);
}

type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentRows>['execute']>>[number];

// The column is text; the delivery route writes only the listed relationships, so anything else is 'other'.
const relationshipOf = (value: string): DeliveryRelationship =>
  DELIVERY_RELATIONSHIPS.find((r) => r === value) ?? 'other';

/** The rows as answered: units billed under each prior authorization, and the state on `today`. */
async function answers(db: Executor, rows: DocumentRow[], today: string): Promise<PatientDocument[]> {
  const usage = await authorizationUsage(
    db,
    rows.filter((r) => r.type === 'prior_authorization').map((r) => r.id),
  );
  return rows.map((r) => {
    const { created_at, recipient_name, relationship, delivered_at, address, ...fields } = r;
    const units_used = r.type === 'prior_authorization' ? unitsUsed(usage, r.id) : 0;
    return {
      ...fields,
      units_used,
      state: documentState({ ...r, vendor_name: r.vendor_name ?? '' }, today, units_used),
      delivery:
        delivered_at === null
          ? null
          : {
              recipient_name,
              relationship: relationshipOf(relationship),
              delivered_at: delivered_at.toISOString(),
              address,
            },
      created: created_at.toISOString(),
    };
  });
}

/** GET /documents/{id}/. */
export async function getDocument(db: Executor, id: number, today: string): Promise<PatientDocument> {
  const row = await documentRows(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return (await answers(db, [row], today))[0]!;
}

/** 404 unless the patient exists; the key-share lock keeps it from being deleted meanwhile. */
async function findPatient(db: Executor, patientId: number, lock = false): Promise<void> {
  const row = await db
    .selectFrom('patients')
    .select('id')
    .where('id', '=', patientId)
    .$if(lock, (qb) => qb.forKeyShare())
    .executeTakeFirst();
  if (!row) throw notFound();
}

/** GET /patients/{id}/documents/: newest first. */
export async function listDocuments(db: Executor, patientId: number, today: string): Promise<PatientDocument[]> {
  await findPatient(db, patientId);
  const rows = await documentRows(db)
    .where('d.patient_id', '=', patientId)
    .orderBy('d.date', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
  return answers(db, rows, today);
}

/** What a document stores: its type's fields, the others empty (an order's codes are its items'). */
interface Stored extends DocumentDraft {
  date: string;
  order_id: number | null;
}

function storedOf(draft: DocumentDraft, orderId: number | null): Stored {
  const empty = {
    practitioner_name: '',
    practitioner_npi: '',
    items: [],
    length_of_need_months: null,
    vendor_id: null,
    number: '',
    hcpcs: [],
    units: null,
    start_date: null,
    end_date: null,
  };
  const base = { type: draft.type, date: draft.date ?? '', order_id: orderId, attachment_id: draft.attachment_id };
  const practitioner = { practitioner_name: draft.practitioner_name, practitioner_npi: draft.practitioner_npi };
  switch (draft.type) {
    case 'standard_written_order':
      return {
        ...empty,
        ...base,
        ...practitioner,
        items: draft.items,
        length_of_need_months: draft.length_of_need_months,
        hcpcs: draft.hcpcs,
      };
    case 'prior_authorization': {
      const { vendor_id, number, hcpcs, units, start_date, end_date } = draft;
      return { ...empty, ...base, vendor_id, number, hcpcs, units, start_date, end_date };
    }
    case 'face_to_face':
      return { ...empty, ...base, ...practitioner };
    case 'proof_of_delivery':
      return { ...empty, ...base };
  }
}

/**
 * The order and attachment must be the patient's, the payer an existing vendor (422 naming the
 * field otherwise); each found row is key-share locked so it cannot go away before the write.
 */
async function checkReferences(trx: Executor, patientId: number, doc: Stored): Promise<void> {
  const issues: FieldErrors = {};
  const exists = async (table: 'orders' | 'patient_attachments' | 'vendors', id: number, ofPatient: boolean) =>
    (await trx
      .selectFrom(table)
      .select('id')
      .where('id', '=', id)
      .$if(ofPatient, (qb) => qb.where('patient_id', '=', patientId))
      .forKeyShare()
      .executeTakeFirst()) !== undefined;
  if (doc.order_id !== null && !(await exists('orders', doc.order_id, true))) issues.order_id = [M.orderNotFound];
  if (doc.attachment_id !== null && !(await exists('patient_attachments', doc.attachment_id, true))) {
    issues.attachment_id = [M.attachmentNotFound];
  }
  if (doc.vendor_id !== null && !(await exists('vendors', doc.vendor_id, false))) issues.vendor_id = [M.payerNotFound];
  if (Object.keys(issues).length > 0) throw validation(issues);
}

/** The row's columns of a stored document (items as JSON text). */
function columnsOf(doc: Stored) {
  const { type: _type, items, ...rest } = doc;
  return { ...rest, items: JSON.stringify(items) };
}

/** POST /patients/{id}/documents/. */
export function createDocument(
  db: Db,
  actorId: number,
  patientId: number,
  body: DocumentCreateBody,
  today: string,
): Promise<PatientDocument> {
  return db.transaction().execute(async (trx) => {
    await findPatient(trx, patientId, true);
    const doc = storedOf(draftOf(body), body.order_id ?? null);
    await checkReferences(trx, patientId, doc);
    const { id } = await trx
      .insertInto('documents')
      .values({ ...columnsOf(doc), type: doc.type, patient_id: patientId, user_id: actorId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await getDocument(trx, id, today);
    await audit(trx, { userId: actorId, action: 'create', entity: 'document', entityId: id, patientId, after });
    return after;
  });
}

/** The stored document as the fields a body sends, so a PATCH can be laid over it. */
function fieldsOf(d: PatientDocument): DocumentFields {
  return {
    date: d.date,
    order_id: d.order_id,
    attachment_id: d.attachment_id,
    practitioner_name: d.practitioner_name,
    practitioner_npi: d.practitioner_npi,
    items: d.items,
    length_of_need_months: d.length_of_need_months,
    vendor_id: d.vendor_id,
    number: d.number,
    hcpcs: d.hcpcs,
    units: d.units,
    start_date: d.start_date,
    end_date: d.end_date,
  };
}

/** The document, locked, unless a delivery recorded it (409: it is the signed record of that delivery). */
async function lockEditable(trx: Executor, id: number, today: string): Promise<PatientDocument> {
  const locked = await trx
    .selectFrom('documents')
    .select(['id', 'delivered_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) throw notFound();
  if (locked.delivered_at !== null) throw conflict(M.proofMadeByDelivery, 409);
  return getDocument(trx, id, today);
}

/** PATCH /documents/{id}/: the fields sent laid over the stored ones, checked as a whole; the type stays. */
export function updateDocument(
  db: Db,
  actorId: number,
  id: number,
  body: DocumentUpdateBody,
  today: string,
): Promise<PatientDocument> {
  return db.transaction().execute(async (trx) => {
    const before = await lockEditable(trx, id, today);
    const sent = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const merged: DocumentFields = { ...fieldsOf(before), ...sent };
    const draft = draftOf({ ...merged, type: before.type });
    const issues = documentIssues(draft);
    if (Object.keys(issues).length > 0) throw validation(issues);
    const doc = storedOf(draft, merged.order_id ?? null);
    await checkReferences(trx, before.patient_id, doc);
    await trx
      .updateTable('documents')
      .set({ ...columnsOf(doc), updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    const after = await getDocument(trx, id, today);
    await audit(trx, {
      userId: actorId,
      action: 'update',
      entity: 'document',
      entityId: id,
      patientId: before.patient_id,
      before,
      after,
    });
    return after;
  });
}

/** DELETE /documents/{id}/. */
export function deleteDocument(db: Db, actorId: number, id: number, today: string): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await lockEditable(trx, id, today);
    await trx.deleteFrom('documents').where('id', '=', id).execute();
    await audit(trx, {
      userId: actorId,
      action: 'delete',
      entity: 'document',
      entityId: id,
      patientId: before.patient_id,
      before,
    });
  });
}
