import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ShippingRecord, ShippingUpdateBody } from '@dme/shared';
import { DOCUMENT_MESSAGES, SHIPPING_MESSAGES, shippedToggleRefusal } from '@dme/shared';
import type { Database } from '../db/types.ts';
import type { OcurrencesTable } from '../db/tables/orders.ts';
import { audit } from '../lib/audit.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { readShippingRecord } from './records.ts';

type Trx = Transaction<Database>;
type Occurrence = Selectable<OcurrencesTable>;

export interface ShippingActor {
  userId: number;
  /** The office's today (YYYY-MM-DD): the shipped date and the invoice date. */
  today: string;
}

/**
 * Ships an occurrence (shipping is when the invoice is born, so every shipped occurrence has one):
 * stamps the shipped date, marks every service shipped with its outstanding = total + tax, and
 * creates the occurrence's one invoice dated that day.
 * The caller holds the occurrence's row lock; the invoice's unique ocurrence_id makes a second
 * invoice impossible even so.
 */
export async function shipOccurrence(trx: Trx, actor: ShippingActor, before: Occurrence): Promise<void> {
  const after = await trx
    .updateTable('ocurrences')
    .set({ shipped: true, shipped_date: actor.today, updated_at: sql`now()` })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, { userId: actor.userId, action: 'update', entity: 'ocurrence', entityId: before.id, before, after });
  const servicesBefore = await trx.selectFrom('services').selectAll().where('ocurrence_id', '=', before.id).execute();
  const servicesAfter = await trx
    .updateTable('services')
    .set({ shipped: true, outstanding: sql`total + tax_amount`, updated_at: sql`now()` })
    .where('ocurrence_id', '=', before.id)
    .returningAll()
    .execute();
  const previous = new Map(servicesBefore.map((s) => [s.id, s]));
  for (const s of servicesAfter) {
    await audit(trx, {
      userId: actor.userId,
      action: 'update',
      entity: 'service',
      entityId: s.id,
      before: previous.get(s.id),
      after: s,
    });
  }
  const invoice = await trx
    .insertInto('invoices')
    .values({ ocurrence_id: before.id, date: actor.today })
    .onConflict((oc) => oc.column('ocurrence_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (invoice) {
    await audit(trx, {
      userId: actor.userId,
      action: 'create',
      entity: 'invoice',
      entityId: invoice.id,
      after: invoice,
    });
  }
}

/**
 * Takes a shipment back when no money has reached its invoice: the invoice is deleted, the
 * services are unshipped with no outstanding, and the shipped date is cleared. Refused (409) once
 * a payment, an adjustment or a write-off exists.
 */
export async function unshipOccurrence(trx: Trx, actor: ShippingActor, before: Occurrence): Promise<void> {
  const invoice = await trx
    .selectFrom('invoices')
    .selectAll()
    .where('ocurrence_id', '=', before.id)
    .forUpdate()
    .executeTakeFirst();
  const services = await trx
    .selectFrom('services')
    .selectAll()
    .where('ocurrence_id', '=', before.id)
    .orderBy('id')
    .forUpdate()
    .execute();
  const payment = await trx
    .selectFrom('remittance_payments')
    .select('id')
    .where((eb) => eb.or([eb('ocurrence_id', '=', before.id), ...(invoice ? [eb('invoice_id', '=', invoice.id)] : [])]))
    .limit(1)
    .executeTakeFirst();
  const moneyTaken = services.some(
    (s) => Number(s.remitted) > 0 || Number(s.amount_ajusted) > 0 || Number(s.write_off) > 0,
  );
  if (payment || moneyTaken) throw conflict(SHIPPING_MESSAGES.paymentExists, 409);

  if (invoice) {
    await trx.deleteFrom('invoices').where('id', '=', invoice.id).execute();
    await audit(trx, {
      userId: actor.userId,
      action: 'delete',
      entity: 'invoice',
      entityId: invoice.id,
      before: invoice,
    });
  }
  const servicesAfter = await trx
    .updateTable('services')
    .set({ shipped: false, outstanding: null, updated_at: sql`now()` })
    .where('ocurrence_id', '=', before.id)
    .returningAll()
    .execute();
  const previous = new Map(services.map((s) => [s.id, s]));
  for (const s of servicesAfter) {
    await audit(trx, {
      userId: actor.userId,
      action: 'update',
      entity: 'service',
      entityId: s.id,
      before: previous.get(s.id),
      after: s,
    });
  }
  const after = await trx
    .updateTable('ocurrences')
    .set({ shipped: false, shipped_date: null, updated_at: sql`now()` })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, { userId: actor.userId, action: 'update', entity: 'ocurrence', entityId: before.id, before, after });
}

/** Whether a delivery was recorded for the occurrence (a signed proof of delivery). */
async function deliveryRecorded(trx: Trx, id: number): Promise<boolean> {
  const found = await trx
    .selectFrom('documents')
    .select('id')
    .where('ocurrence_id', '=', id)
    .where('delivered_at', 'is not', null)
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * PATCH /shipping-status/{id}/: the Shipped switch (and the eligibility it carries). Refused
 * without a ticket; un-shipping is refused once a delivery was recorded. Every write under an order takes the order's row lock first (as the order
 * screens do), then the occurrence's: parallel toggles queue, and the first one ships.
 */
export async function updateShipping(
  db: Kysely<Database>,
  actor: ShippingActor,
  id: number,
  body: ShippingUpdateBody,
): Promise<ShippingRecord> {
  await db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('ocurrences').select('order_id').where('id', '=', id).executeTakeFirst();
    if (!found) throw notFound();
    await trx.selectFrom('orders').select('id').where('id', '=', found.order_id).forUpdate().execute();
    const before = await trx.selectFrom('ocurrences').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound();
    const refusal = shippedToggleRefusal({ ticket_created: before.ticket_created?.toISOString() ?? null });
    if (refusal) throw conflict(refusal, 409);

    const shipped = body.shipped ?? before.shipped;
    if (!shipped && before.shipped && (await deliveryRecorded(trx, id))) {
      // A signed proof of delivery says it was delivered: taking the shipment back would contradict it.
      throw conflict(DOCUMENT_MESSAGES.alreadyDelivered, 409);
    }
    if (shipped && !before.shipped) await shipOccurrence(trx, actor, before);
    if (!shipped && before.shipped) await unshipOccurrence(trx, actor, before);

    if (body.eligibility_toggle !== undefined && body.eligibility_toggle !== before.eligibility_toggle) {
      const current = await trx.selectFrom('ocurrences').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const after = await trx
        .updateTable('ocurrences')
        .set({ eligibility_toggle: body.eligibility_toggle, updated_at: sql`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, {
        userId: actor.userId,
        action: 'update',
        entity: 'ocurrence',
        entityId: id,
        before: current,
        after,
      });
    }
  });
  return readShippingRecord(db, id);
}
