import { sql } from 'kysely';
import type { Occurrence, OccurrenceUpdateBody, Service, ServiceCloneBody, ServiceUpdateBody } from '@dme/shared';
import { ORDER_MESSAGES, serviceAmounts } from '@dme/shared';
import type { Db } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { conflict, notFound, validation, type FieldErrors } from '../lib/errors.ts';
import {
  type Actor,
  ensureOccurrences,
  insertServices,
  lockOrder,
  productSnapshot,
  removeEmptyOccurrences,
  type Trx,
} from './occurrences.ts';
import { readOccurrence, readService } from '../lib/order-views.ts';

/** Services (edit, move to another date, clone, delete) and the occurrence PO number. */

/**
 * The service with its order id. The order row is locked first, as every write of the orders
 * area does, so concurrent edits of one order queue instead of deadlocking.
 */
async function findService(trx: Trx, id: number) {
  const located = await trx
    .selectFrom('services as s')
    .innerJoin('ocurrences as o', 'o.id', 's.ocurrence_id')
    .select('o.order_id')
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!located) throw notFound();
  await lockOrder(trx, located.order_id);
  const row = await trx
    .selectFrom('services as s')
    .innerJoin('ocurrences as o', 'o.id', 's.ocurrence_id')
    .selectAll('s')
    .select('o.order_id')
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The occurrence of `date` in the order, created on demand; a shipped occurrence takes no new service. */
async function occurrenceForDate(trx: Trx, actor: Actor, orderId: number, date: string): Promise<number> {
  const occurrence = (await ensureOccurrences(trx, actor, orderId, [date])).get(date);
  if (!occurrence) throw new Error(`occurrence of ${date} missing after ensureOccurrences`);
  if (occurrence.shipped) throw validation({ date: [ORDER_MESSAGES.occurrenceShipped] });
  return occurrence.id;
}

/**
 * PATCH /services/{id}/. A shipped service keeps its quantity, prices, product, date and lock
 * (422 naming each field that would change). A new date moves the service to that date's
 * occurrence; the old occurrence goes when it is left empty.
 */
export async function updateService(db: Db, actor: Actor, id: number, body: ServiceUpdateBody): Promise<Service> {
  return db.transaction().execute(async (trx) => {
    const before = await findService(trx, id);
    const { order_id: orderId, ...saved } = before;
    const changed = {
      product_id: body.product_id !== undefined && body.product_id !== saved.product_id,
      date: body.date !== undefined && body.date !== saved.date,
      amount_remmited: body.amount_remmited !== undefined && body.amount_remmited !== saved.quantity,
      sale_price: body.sale_price !== undefined && Number(body.sale_price) !== Number(saved.sale_price),
      locked_price: body.locked_price !== undefined && body.locked_price !== saved.locked_price,
    };
    if (saved.shipped) {
      const errors: FieldErrors = {};
      for (const [field, isChanged] of Object.entries(changed)) {
        if (isChanged) errors[field] = [ORDER_MESSAGES.serviceShippedChange];
      }
      if (Object.keys(errors).length) throw validation(errors);
      return (await readService(trx, id))!;
    }

    let snapshot = { product_name: saved.product_name, product_reference: saved.product_reference };
    if (changed.product_id) {
      const product = await productSnapshot(trx, body.product_id!);
      if (!product) throw validation({ product_id: [ORDER_MESSAGES.productRequired] });
      snapshot = { product_name: product.name, product_reference: product.internal_code };
    }
    const quantity = body.amount_remmited ?? saved.quantity;
    const salePrice = body.sale_price ?? saved.sale_price;
    const date = body.date ?? saved.date;
    const ocurrenceId = changed.date ? await occurrenceForDate(trx, actor, orderId, date) : saved.ocurrence_id;
    const after = await trx
      .updateTable('services')
      .set({
        product_id: body.product_id ?? saved.product_id,
        // A price variant belongs to one product: another product leaves the service without one.
        variant_id: changed.product_id ? null : saved.variant_id,
        ...snapshot,
        date,
        ocurrence_id: ocurrenceId,
        quantity,
        sale_price: salePrice,
        locked_price: body.locked_price ?? saved.locked_price,
        ...serviceAmounts(
          {
            sale_price: salePrice,
            percentage: saved.percentage,
            added_percentage: saved.added_percentage,
            tax_applied: saved.tax_applied,
            quantity,
          },
          actor.taxRate,
        ),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: actor.userId, action: 'update', entity: 'service', entityId: id, before: saved, after });
    if (changed.date) await removeEmptyOccurrences(trx, actor, orderId);
    return (await readService(trx, id))!;
  });
}

/** DELETE /services/{id}: refused for a shipped service; an occurrence left empty goes too. */
export async function deleteService(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { order_id: orderId, ...before } = await findService(trx, id);
    if (before.shipped) throw conflict(ORDER_MESSAGES.serviceShippedDelete);
    await trx.deleteFrom('services').where('id', '=', id).execute();
    await audit(trx, { userId: actor.userId, action: 'delete', entity: 'service', entityId: id, before });
    await removeEmptyOccurrences(trx, actor, orderId);
  });
}

/**
 * POST /clone_service/: a new service of the same line on the occurrence of the given date
 * (created on demand). Prices come from the body; adjusted price, total and tax are computed here.
 */
export async function cloneService(db: Db, actor: Actor, body: ServiceCloneBody): Promise<Service> {
  return db.transaction().execute(async (trx) => {
    const line = await trx
      .selectFrom('order_products')
      .selectAll()
      .where('id', '=', body.order_product_id)
      .executeTakeFirst();
    if (!line) throw validation({ order_product_id: [ORDER_MESSAGES.productLineRequired] });
    await lockOrder(trx, line.order_id);
    const product = await productSnapshot(trx, body.product_id);
    if (!product) throw validation({ product_id: [ORDER_MESSAGES.productRequired] });
    const ocurrenceId = await occurrenceForDate(trx, actor, line.order_id, body.date);
    const prices = {
      sale_price: body.sale_price,
      percentage: body.percentage ?? '0',
      added_percentage: body.added_percentage,
      tax_applied: line.tax_applied,
      quantity: body.amount_remmited,
    };
    const [id] = await insertServices(trx, actor, [
      {
        ocurrence_id: ocurrenceId,
        order_product_id: line.id,
        product_id: body.product_id,
        variant_id: body.product_id === line.product_id ? line.variant_id : null,
        date: body.date,
        quantity: body.amount_remmited,
        sale_price: prices.sale_price,
        percentage: prices.percentage,
        added_percentage: prices.added_percentage,
        tax_applied: prices.tax_applied,
        locked_price: body.locked_price,
        ...serviceAmounts(prices, actor.taxRate),
        product_name: product.name,
        product_reference: product.internal_code,
        unit_measure: line.unit_measure,
      },
    ]);
    return (await readService(trx, id))!;
  });
}

/** PATCH /ocurrences/{id}/: the occurrence's PO number. */
export async function updateOccurrence(
  db: Db,
  actor: Actor,
  id: number,
  body: OccurrenceUpdateBody,
): Promise<Occurrence> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('ocurrences').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound();
    const after = await trx
      .updateTable('ocurrences')
      .set({ po_number: body.po_number, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: actor.userId, action: 'update', entity: 'ocurrence', entityId: id, before, after });
    return (await readOccurrence(trx, id))!;
  });
}
