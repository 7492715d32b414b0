import { sql, type Insertable, type Selectable } from 'kysely';
import { adjustedPrice, lineTax, lineTotal, occurrenceDates } from '@dme/shared';
import type { Trx } from '../db/database.ts';
import type { OrderProductsTable, OrdersTable, ServicesTable } from '../db/tables/orders.ts';
import { auditMany, type AuditEntry } from '../lib/audit.ts';
import { notFound } from '../lib/errors.ts';

/**
 * The occurrence engine (the spec leaves it open; this is our reading): product lines generate
 * services, services of the same order on the same date share one occurrence (created on demand),
 * shipped services are never changed or deleted, and an occurrence left with no services (and not
 * shipped) goes away.
 */
export type { Trx };

/** Who acts, and the sales-tax rate in force, for every write of one call. */
export interface Actor {
  userId: number;
  taxRate: number;
}

export type LineRow = Selectable<OrderProductsTable>;

/** The audit entry of a row removed by the engine. */
export function deleted(actor: Actor, entity: string, row: { id: number }): AuditEntry {
  return { userId: actor.userId, action: 'delete', entity, entityId: row.id, before: row };
}

export interface PriceInput {
  sale_price: string;
  percentage: string;
  added_percentage: boolean;
  tax_applied: boolean;
  quantity: number;
}

/**
 * Locks the order row and answers it (404 when there is none): every write under one order takes
 * this lock first, so concurrent writes of one order queue instead of deadlocking.
 */
export async function lockOrder(trx: Trx, orderId: number): Promise<Selectable<OrdersTable>> {
  const row = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Adjusted price, total and tax of a service, computed on the server from its own prices. */
export function serviceAmounts(p: PriceInput, taxRate: number) {
  const adjusted = adjustedPrice(p.sale_price, p.percentage);
  const total = lineTotal({
    sale_price: p.sale_price,
    adjusted_sale_price: adjusted,
    added_percentage: p.added_percentage,
    quantity: p.quantity,
  });
  return { adjusted_sale_price: adjusted, total, tax_amount: lineTax(total, p.tax_applied, taxRate) };
}

/**
 * The occurrences of `dates` in an order, created on demand. INSERT ... ON CONFLICT DO NOTHING
 * keeps the (order_id, date) pair unique even when two requests race for it.
 */
export async function ensureOccurrences(
  trx: Trx,
  actor: Actor,
  orderId: number,
  dates: string[],
): Promise<Map<string, { id: number; shipped: boolean }>> {
  const unique = [...new Set(dates)];
  const out = new Map<string, { id: number; shipped: boolean }>();
  if (unique.length === 0) return out;
  const created = await trx
    .insertInto('ocurrences')
    .values(unique.map((date) => ({ order_id: orderId, date })))
    .onConflict((oc) => oc.columns(['order_id', 'date']).doNothing())
    .returningAll()
    .execute();
  await auditMany(
    trx,
    created.map((o) => ({ userId: actor.userId, action: 'create', entity: 'ocurrence', entityId: o.id, after: o })),
  );
  const rows = await trx
    .selectFrom('ocurrences')
    .select(['id', 'date', 'shipped'])
    .where('order_id', '=', orderId)
    .where('date', 'in', unique)
    .execute();
  for (const r of rows) out.set(r.date, { id: r.id, shipped: r.shipped });
  return out;
}

/** Deletes the order's occurrences that have no service left and are not shipped (with their call notes). */
export async function removeEmptyOccurrences(trx: Trx, actor: Actor, orderId: number): Promise<void> {
  const empty = await trx
    .selectFrom('ocurrences as o')
    .selectAll('o')
    .where('o.order_id', '=', orderId)
    .where('o.shipped', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('services as s').select(sql.lit(1).as('one')).whereRef('s.ocurrence_id', '=', 'o.id'))),
    )
    .execute();
  if (empty.length === 0) return;
  const ids = empty.map((o) => o.id);
  const notes = await trx.deleteFrom('call_notes').where('ocurrence_id', 'in', ids).returningAll().execute();
  // Written while the occurrences still exist, so each row is traced to its order's patient.
  await auditMany(trx, [
    ...notes.map((n) => deleted(actor, 'call_note', n)),
    ...empty.map((o) => deleted(actor, 'ocurrence', o)),
  ]);
  await trx.deleteFrom('ocurrences').where('id', 'in', ids).execute();
}

export async function insertServices(trx: Trx, actor: Actor, values: Insertable<ServicesTable>[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await trx.insertInto('services').values(values).returningAll().execute();
  await auditMany(
    trx,
    rows.map((s) => ({ userId: actor.userId, action: 'create', entity: 'service', entityId: s.id, after: s })),
  );
  return rows.map((r) => r.id);
}

export async function deleteServices(trx: Trx, actor: Actor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await trx.deleteFrom('services').where('id', 'in', ids).returningAll().execute();
  await auditMany(
    trx,
    rows.map((s) => deleted(actor, 'service', s)),
  );
}

export interface ProductSnapshot {
  name: string;
  internal_code: string;
}

export async function productSnapshot(trx: Trx, productId: number): Promise<ProductSnapshot | undefined> {
  return trx.selectFrom('products').select(['name', 'internal_code']).where('id', '=', productId).executeTakeFirst();
}

/** The values of a new service generated by a line on one occurrence. */
function serviceFromLine(
  line: LineRow,
  product: ProductSnapshot,
  occurrenceId: number,
  date: string,
  taxRate: number,
): Insertable<ServicesTable> {
  const prices = {
    sale_price: line.sale_price,
    percentage: line.percentage,
    added_percentage: line.added_percentage,
    tax_applied: line.tax_applied,
    quantity: line.quantity,
  };
  return {
    ocurrence_id: occurrenceId,
    order_product_id: line.id,
    product_id: line.product_id,
    variant_id: line.variant_id,
    date,
    quantity: line.quantity,
    sale_price: line.sale_price,
    percentage: line.percentage,
    added_percentage: line.added_percentage,
    tax_applied: line.tax_applied,
    locked_price: line.locked_price,
    ...serviceAmounts(prices, taxRate),
    product_name: product.name,
    product_reference: product.internal_code,
    unit_measure: line.unit_measure,
  };
}

/**
 * Brings a line's services in step with the line: one service per date of its recurrence.
 * Shipped services are never touched; a date that already has a service of this line keeps it
 * (updated when unshipped); unshipped services on dates the line no longer covers are deleted;
 * a date whose occurrence has already shipped gets no new service. An unshipped service with
 * a locked price keeps its own prices unless this edit switched the line's lock.
 */
export async function syncLineServices(
  trx: Trx,
  actor: Actor,
  line: LineRow,
  opts: { lockChanged: boolean },
): Promise<void> {
  const product = await productSnapshot(trx, line.product_id);
  if (!product) throw new Error(`product ${line.product_id} vanished inside the transaction`);
  const dates = occurrenceDates(line.service_date, line.end_date, line.recurrence_id);
  const wanted = new Set(dates);
  const existing = await trx.selectFrom('services').selectAll().where('order_product_id', '=', line.id).execute();

  await deleteServices(
    trx,
    actor,
    existing.filter((s) => !s.shipped && !wanted.has(s.date)).map((s) => s.id),
  );

  const updates: AuditEntry[] = [];
  for (const s of existing.filter((x) => !x.shipped && wanted.has(x.date))) {
    const keepPrices = s.locked_price && !opts.lockChanged;
    const prices = keepPrices
      ? { sale_price: s.sale_price, percentage: s.percentage, added_percentage: s.added_percentage }
      : { sale_price: line.sale_price, percentage: line.percentage, added_percentage: line.added_percentage };
    const changes = {
      product_id: line.product_id,
      variant_id: line.variant_id,
      quantity: line.quantity,
      tax_applied: line.tax_applied,
      locked_price: opts.lockChanged ? line.locked_price : s.locked_price,
      ...prices,
      ...serviceAmounts({ ...prices, tax_applied: line.tax_applied, quantity: line.quantity }, actor.taxRate),
      product_name: product.name,
      product_reference: product.internal_code,
      unit_measure: line.unit_measure,
    };
    const after = await trx
      .updateTable('services')
      .set({ ...changes, updated_at: sql`now()` })
      .where('id', '=', s.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (JSON.stringify({ ...s, updated_at: null }) !== JSON.stringify({ ...after, updated_at: null })) {
      updates.push({ userId: actor.userId, action: 'update', entity: 'service', entityId: s.id, before: s, after });
    }
  }
  await auditMany(trx, updates);

  const covered = new Set(existing.filter((s) => wanted.has(s.date)).map((s) => s.date));
  const missing = dates.filter((d) => !covered.has(d));
  const occurrences = await ensureOccurrences(trx, actor, line.order_id, missing);
  const values = missing.flatMap((date) => {
    const o = occurrences.get(date);
    return o && !o.shipped ? [serviceFromLine(line, product, o.id, date, actor.taxRate)] : [];
  });
  await insertServices(trx, actor, values);
  await removeEmptyOccurrences(trx, actor, line.order_id);
}
