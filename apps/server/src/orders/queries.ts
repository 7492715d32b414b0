import { sql } from 'kysely';
import type { Order, OrderCreateBody, OrderUpdateBody } from '@dme/shared';
import { ORDER_MESSAGES, todayWire } from '@dme/shared';
import type { Db, Executor } from '../db/database.ts';
import { audit, auditMany, type AuditEntry } from '../lib/audit.ts';
import { conflict, notFound, validation, type FieldErrors } from '../lib/errors.ts';
import { type Actor, deleted, lockOrder, syncLineServices, type Trx } from './occurrences.ts';
import { refreshRentals } from './rentals.ts';
import { withExpected } from '../lib/pricing.ts';
import {
  expirationQuery,
  lineQuery,
  occurrenceQuery,
  serviceQuery,
  toLine,
  toOccurrence,
  toService,
} from '../lib/order-views.ts';

/**
 * The whole order: header, lines, occurrences with their services, the flat services, expirations.
 * `whenFound` (the read's audit row) runs once the order is known to exist, while the rest is read.
 */
export async function getOrder(
  db: Executor,
  id: number,
  whenFound?: (patientId: number) => Promise<void>,
): Promise<Order> {
  const h = await db
    .selectFrom('orders as o')
    .innerJoin('patients as p', 'p.id', 'o.patient_id')
    .innerJoin('order_statuses as s', 's.id', 'o.status_id')
    .innerJoin('deliveries as d', 'd.id', 'o.delivery_id')
    .select([
      'o.id',
      'o.name',
      'o.patient_id',
      'p.first_name',
      'p.last_name',
      'o.delivery_id',
      'd.name as delivery_name',
      'o.status_id',
      's.name as status_name',
      'o.po_number',
      'o.patient_notes',
      'o.office_notes',
      'o.expired_at',
      'o.customer_approved',
      'o.user_creator_id',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!h) throw notFound();
  const [lines, occurrences, services, expirations] = await Promise.all([
    lineQuery(db).where('l.order_id', '=', id).orderBy('l.id').execute(),
    occurrenceQuery(db).where('order_id', '=', id).orderBy('date').execute(),
    serviceQuery(db)
      .innerJoin('ocurrences as oc', 'oc.id', 's.ocurrence_id')
      .where('oc.order_id', '=', id)
      .orderBy('s.date')
      .orderBy('s.id')
      .execute(),
    expirationQuery(db).where('order_id', '=', id).orderBy('date').orderBy('id').execute(),
    whenFound?.(h.patient_id),
  ]);
  const flat = await withExpected(db, services.map(toService));
  const byOccurrence = new Map<number, typeof flat>();
  for (const s of flat) {
    const list = byOccurrence.get(s.ocurrence_id) ?? [];
    list.push(s);
    byOccurrence.set(s.ocurrence_id, list);
  }
  return {
    id: h.id,
    name: h.name,
    patient_id: h.patient_id,
    patient: { id: h.patient_id, first_name: h.first_name, last_name: h.last_name },
    delivery_id: h.delivery_id,
    delivery: { id: h.delivery_id, name: h.delivery_name },
    status_id: h.status_id,
    status: { id: h.status_id, name: h.status_name },
    po_number: h.po_number,
    patient_notes: h.patient_notes,
    office_notes: h.office_notes,
    expired_at: h.expired_at,
    customer_approved: h.customer_approved,
    user_creator_id: h.user_creator_id,
    order_products: lines.map(toLine),
    ocurrences: occurrences.map((o) => toOccurrence(o, byOccurrence.get(o.id) ?? [])),
    services: flat,
    expirations,
  };
}

/** 422 for header references that do not exist (patient, delivery, status). */
async function checkHeaderReferences(
  trx: Trx,
  refs: { patient_id?: number; delivery_id?: number; status_id?: number },
): Promise<void> {
  const errors: FieldErrors = {};
  if (refs.patient_id !== undefined) {
    const p = await trx.selectFrom('patients').select('id').where('id', '=', refs.patient_id).executeTakeFirst();
    if (!p) errors.patient_id = [ORDER_MESSAGES.patientRequired];
  }
  if (refs.delivery_id !== undefined) {
    const d = await trx.selectFrom('deliveries').select('id').where('id', '=', refs.delivery_id).executeTakeFirst();
    if (!d) errors.delivery_id = [ORDER_MESSAGES.deliveryRequired];
  }
  if (refs.status_id !== undefined) {
    const s = await trx.selectFrom('order_statuses').select('id').where('id', '=', refs.status_id).executeTakeFirst();
    if (!s) errors.status_id = ['Select a valid status'];
  }
  if (Object.keys(errors).length) throw validation(errors);
}

export async function createOrder(db: Db, actor: Actor, body: OrderCreateBody): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    await checkHeaderReferences(trx, body);
    const row = await trx
      .insertInto('orders')
      .values({
        name: body.name,
        patient_id: body.patient_id,
        delivery_id: body.delivery_id,
        status_id: body.status_id,
        po_number: body.po_number,
        patient_notes: body.patient_notes,
        office_notes: body.office_notes,
        expired_at: body.expired_at ?? todayWire(),
        customer_approved: body.customer_approved,
        user_creator_id: actor.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: actor.userId, action: 'create', entity: 'order', entityId: row.id, after: row });
    return getOrder(trx, row.id);
  });
}

export async function updateOrder(db: Db, actor: Actor, id: number, body: OrderUpdateBody): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const before = await lockOrder(trx, id);
    await checkHeaderReferences(trx, body);
    const { expired_at: expiredAt, ...rest } = body;
    // An emptied expiry date falls back to today, as on create.
    const changes = { ...rest, ...(expiredAt !== undefined ? { expired_at: expiredAt ?? todayWire() } : {}) };
    const after = await trx
      .updateTable('orders')
      .set({ ...changes, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: actor.userId, action: 'update', entity: 'order', entityId: id, before, after });
    return getOrder(trx, id);
  });
}

/**
 * Deletes an order with its lines, services, occurrences, call notes and expirations, in one
 * transaction; refused when any occurrence is shipped.
 */
export async function deleteOrder(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockOrder(trx, id);
    const shipped = await trx
      .selectFrom('ocurrences')
      .select('id')
      .where('order_id', '=', id)
      .where('shipped', '=', true)
      .executeTakeFirst();
    if (shipped) throw conflict(ORDER_MESSAGES.orderShipped);
    const full = await getOrder(trx, id);
    const occurrenceIds = full.ocurrences.map((o) => o.id);
    const removed: AuditEntry[] = [];
    // The order is gone when the rows are written: each names its patient itself.
    const log = (entity: string, rows: { id: number }[]) =>
      removed.push(...rows.map((r) => ({ ...deleted(actor, entity, r), patientId: before.patient_id })));
    if (occurrenceIds.length) {
      log(
        'call_note',
        await trx.deleteFrom('call_notes').where('ocurrence_id', 'in', occurrenceIds).returningAll().execute(),
      );
      log(
        'service',
        await trx.deleteFrom('services').where('ocurrence_id', 'in', occurrenceIds).returningAll().execute(),
      );
    }
    log('ocurrence', await trx.deleteFrom('ocurrences').where('order_id', '=', id).returningAll().execute());
    log('order_product', await trx.deleteFrom('order_products').where('order_id', '=', id).returningAll().execute());
    log('expiration', await trx.deleteFrom('expirations').where('order_id', '=', id).returningAll().execute());
    await trx.deleteFrom('orders').where('id', '=', id).execute();
    await auditMany(trx, [
      ...removed,
      { userId: actor.userId, action: 'delete', entity: 'order', entityId: id, before: { ...before, full } },
    ]);
  });
}

/**
 * GET /clone-order/{id}/: a new order with the same header and lines; its occurrences and
 * services are generated afresh from the lines (nothing shipped); call notes and expirations
 * stay with the original.
 */
export async function cloneOrder(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const source = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!source) throw notFound();
    const copy = await trx
      .insertInto('orders')
      .values({
        name: source.name,
        patient_id: source.patient_id,
        delivery_id: source.delivery_id,
        status_id: source.status_id,
        po_number: source.po_number,
        patient_notes: source.patient_notes,
        office_notes: source.office_notes,
        expired_at: source.expired_at,
        customer_approved: source.customer_approved,
        user_creator_id: actor.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      userId: actor.userId,
      action: 'create',
      entity: 'order',
      entityId: copy.id,
      after: { ...copy, cloned_from: id },
    });
    const lines = await trx.selectFrom('order_products').selectAll().where('order_id', '=', id).orderBy('id').execute();
    for (const l of lines) {
      const { id: _lineId, created_at: _c, updated_at: _u, ...values } = l;
      const line = await trx
        .insertInto('order_products')
        .values({ ...values, order_id: copy.id })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'order_product',
        entityId: line.id,
        after: line,
      });
      await syncLineServices(trx, actor, line, { lockChanged: false });
    }
    await refreshRentals(trx, actor, copy.patient_id, actor.taxRate);
    return { id: copy.id };
  });
}
