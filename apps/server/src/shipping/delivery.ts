import { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import {
  DOCUMENT_MESSAGES as M,
  documentState,
  signatureBytes,
  type DeliveryAnswer,
  type DeliveryBody,
  type DeliveryRelationship,
  type PatientDocument,
} from '@dme/shared';
import type { Db, Trx } from '../db/database.ts';
import type { DocumentsTable } from '../db/tables/documents.ts';
import { audit } from '../lib/audit.ts';
import { conflict, notFound, validation } from '../lib/errors.ts';
import { heldRefusal, holdsOfOccurrence } from '../lib/holds.ts';
import type { Storage } from '../plugins/storage.ts';
import { deliveryInstant, officeDate } from './delivery-time.ts';
import { shipOccurrence } from './ship.ts';
import { isDrawablePng } from './signature-png.ts';

/**
 * POST /ocurrences/{id}/delivery/: a delivery recorded with the recipient's drawn signature. The
 * signature is stored first (a file cannot join the transaction) and removed when the transaction
 * fails; the proof of delivery document and the shipping (the Shipped switch's rules: services
 * shipped, the invoice dated the delivery date) are one transaction under the order's and the
 * occurrence's row locks, so two deliveries recorded at once ship the occurrence once.
 */

export const SIGNATURE_FOLDER = 'signatures';
/** A delivery time a little ahead of the server's clock is a clock difference, not the future. */
const FUTURE_SLACK_MS = 5 * 60_000;

export interface DeliveryContext {
  db: Db;
  storage: Storage;
  timeZone: string;
}

export interface DeliveryActor {
  id: number;
  username: string;
}

type DocumentRow = Selectable<DocumentsTable>;

/** A recorded proof of delivery as the documents' answer shows it (no other type's fields). */
export function proofDocument(row: DocumentRow, user: string, today: string): PatientDocument {
  const rule = {
    id: row.id,
    type: row.type,
    date: row.date,
    hcpcs: [],
    length_of_need_months: null,
    vendor_id: null,
    vendor_name: '',
    number: '',
    units: null,
    start_date: null,
    end_date: null,
  };
  return {
    ...rule,
    patient_id: row.patient_id,
    order_id: row.order_id,
    attachment_id: row.attachment_id,
    attachment_name: null,
    practitioner_name: '',
    practitioner_npi: '',
    items: [],
    vendor_name: null,
    units_used: 0,
    valid_through: null,
    state: documentState(rule, today, 0),
    ocurrence_id: row.ocurrence_id,
    delivery: {
      recipient_name: row.recipient_name,
      relationship: row.relationship as DeliveryRelationship,
      delivered_at: (row.delivered_at ?? row.created_at).toISOString(),
      address: row.address,
    },
    created: row.created_at.toISOString(),
    user,
  };
}

/** The delivery's instant and its date in the office, or the 422 that refuses it. */
function deliveryTime(text: string, timeZone: string): { instant: Date; date: string } {
  const instant = deliveryInstant(text, timeZone);
  if (!instant) throw validation({ delivered_at: [M.deliveredAtInvalid] });
  if (instant.getTime() > Date.now() + FUTURE_SLACK_MS) throw validation({ delivered_at: [M.deliveredInFuture] });
  return { instant, date: officeDate(instant, timeZone) };
}

async function deliver(
  trx: Trx,
  ctx: DeliveryContext,
  actor: DeliveryActor,
  id: number,
  body: DeliveryBody,
  when: { instant: Date; date: string },
  signatureKey: string,
): Promise<DeliveryAnswer> {
  const found = await trx.selectFrom('ocurrences').select('order_id').where('id', '=', id).executeTakeFirst();
  if (!found) throw notFound();
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'patient_id'])
    .where('id', '=', found.order_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const before = await trx.selectFrom('ocurrences').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) throw notFound();
  const recorded = await trx
    .selectFrom('documents')
    .select('id')
    .where('ocurrence_id', '=', id)
    .where('delivered_at', 'is not', null)
    .executeTakeFirst();
  if (before.shipped || recorded) throw conflict(M.alreadyDelivered, 409);
  if (!before.ticket_created) throw conflict(M.noTicket, 409);
  const holds = (await holdsOfOccurrence(trx, id))?.holds ?? [];
  if (holds.length > 0) throw heldRefusal(holds);
  if (when.date < officeDate(before.ticket_created, ctx.timeZone)) {
    throw validation({ delivered_at: [M.deliveredBeforeTicket] });
  }

  const row = await trx
    .insertInto('documents')
    .values({
      patient_id: order.patient_id,
      type: 'proof_of_delivery',
      date: when.date,
      order_id: order.id,
      ocurrence_id: id,
      recipient_name: body.recipient_name,
      relationship: body.relationship,
      delivered_at: when.instant,
      address: body.address,
      signature_key: signatureKey,
      user_id: actor.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, {
    userId: actor.id,
    action: 'create',
    entity: 'document',
    entityId: row.id,
    patientId: order.patient_id,
    after: row,
  });
  // The delivery date is the shipped date and the invoice's date (the date of service billed).
  await shipOccurrence(trx, { userId: actor.id, today: when.date }, before);
  const shipped = await trx
    .selectFrom('ocurrences as oc')
    .innerJoin('invoices as i', 'i.ocurrence_id', 'oc.id')
    .select(['oc.id', 'oc.shipped', 'oc.shipped_date', 'i.id as invoice_id'])
    .where('oc.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    document: proofDocument(row, actor.username, officeDate(new Date(), ctx.timeZone)),
    ocurrence: { id: shipped.id, shipped: shipped.shipped, shipped_date: shipped.shipped_date },
    invoice_id: shipped.invoice_id,
  };
}

export async function recordDelivery(
  ctx: DeliveryContext,
  actor: DeliveryActor,
  id: number,
  body: DeliveryBody,
): Promise<DeliveryAnswer> {
  const when = deliveryTime(body.delivered_at, ctx.timeZone);
  const bytes = signatureBytes(body.signature);
  if (!bytes || !isDrawablePng(bytes)) throw validation({ signature: [M.signatureInvalid] });
  const key = ctx.storage.newKey(SIGNATURE_FOLDER, 'png');
  await ctx.storage.put(SIGNATURE_FOLDER, Readable.from([Buffer.from(bytes)]), { key });
  try {
    return await ctx.db.transaction().execute((trx) => deliver(trx, ctx, actor, id, body, when, key));
  } catch (err) {
    await ctx.storage.remove(key);
    throw err;
  }
}
