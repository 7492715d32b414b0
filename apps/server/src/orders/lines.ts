import { sql } from 'kysely';
import type { OrderProductLine, ProductLineBody, ProductLineUpdateBody } from '@dme/shared';
import { adjustedPrice, ORDER_MESSAGES, productLineProblems } from '@dme/shared';
import type { Db } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { notFound, validation, type FieldErrors } from '../lib/errors.ts';
import { unknownHcpcs } from '../lib/hcpcs.ts';
import {
  type Actor,
  deleteServices,
  type LineRow,
  lockOrder,
  removeEmptyOccurrences,
  syncLineServices,
  type Trx,
} from './occurrences.ts';
import { readLine } from '../lib/order-views.ts';
import { refreshRentals } from './rentals.ts';

/** Product lines of an order: add, edit and delete, each regenerating the line's unshipped services. */

/**
 * Checks product, variant (it must belong to the product), recurrence and the line's own
 * modifiers (in the CMS list); returns the unit measure to store (the variant's when none was
 * chosen).
 */
async function checkLineReferences(trx: Trx, line: ProductLineBody): Promise<string> {
  const errors: FieldErrors = await unknownHcpcs(trx, { modifiers: line.modifiers });
  const product = await trx.selectFrom('products').select('id').where('id', '=', line.product_id).executeTakeFirst();
  if (!product) errors.product_id = [ORDER_MESSAGES.productRequired];
  const variant = await trx
    .selectFrom('price_variants')
    .select(['id', 'product_id', 'unit_measure'])
    .where('id', '=', line.variant)
    .executeTakeFirst();
  if (!variant) errors.variant = [ORDER_MESSAGES.variantRequired];
  else if (product && variant.product_id !== line.product_id) errors.variant = [ORDER_MESSAGES.variantNotOfProduct];
  const recurrence = await trx
    .selectFrom('recurrences')
    .select('id')
    .where('id', '=', line.recurrence_id)
    .executeTakeFirst();
  if (!recurrence) errors.recurrence_id = [ORDER_MESSAGES.recurrenceRequired];
  if (Object.keys(errors).length || !variant) throw validation(errors);
  return line.unit_measure ?? variant.unit_measure;
}

/** The columns of a line; the adjusted price is always computed here, never taken from the client. */
function lineColumns(line: ProductLineBody, unitMeasure: string) {
  const percentage = line.percentage ?? '0';
  return {
    product_id: line.product_id,
    variant_id: line.variant,
    service_date: line.service_date,
    end_date: line.end_date,
    quantity: line.quantity,
    recurrence_id: line.recurrence_id,
    sale_price: line.sale_price,
    percentage,
    adjusted_sale_price: adjustedPrice(line.sale_price, percentage),
    added_percentage: line.added_percentage,
    nutritional: line.nutritional,
    tax_applied: line.tax_applied,
    locked_price: line.locked_price,
    unit_measure: unitMeasure,
    modifiers: line.modifiers ?? null,
    rental: line.rental ?? null,
    rental_start_month: line.rental_start_month ?? 1,
  };
}

function checkRules(line: ProductLineBody): void {
  const problems = productLineProblems(line);
  if (Object.keys(problems).length) throw validation(problems);
}

export async function addLine(db: Db, actor: Actor, orderId: number, body: ProductLineBody): Promise<OrderProductLine> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    checkRules(body);
    const unitMeasure = await checkLineReferences(trx, body);
    const line = await trx
      .insertInto('order_products')
      .values({ order_id: orderId, ...lineColumns(body, unitMeasure) })
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
    await refreshRentals(trx, actor, order.patient_id, actor.taxRate);
    return (await readLine(trx, line.id))!;
  });
}

async function findLine(trx: Trx, orderId: number, lineId: number): Promise<LineRow & { patient_id: number }> {
  const order = await lockOrder(trx, orderId);
  const line = await trx
    .selectFrom('order_products')
    .selectAll()
    .where('id', '=', lineId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!line) throw notFound();
  return { ...line, patient_id: order.patient_id };
}

/** The saved line in the shape of a request body, so a partial edit can be merged onto it. */
function asBody(l: LineRow): ProductLineBody {
  return {
    product_id: l.product_id,
    variant: l.variant_id ?? 0,
    recurrence_id: l.recurrence_id,
    quantity: l.quantity,
    sale_price: l.sale_price,
    percentage: l.added_percentage || Number(l.percentage) !== 0 ? l.percentage : null,
    added_percentage: l.added_percentage,
    service_date: l.service_date,
    end_date: l.end_date,
    tax_applied: l.tax_applied,
    nutritional: l.nutritional,
    locked_price: l.locked_price,
    unit_measure: null,
    modifiers: l.modifiers,
    rental: l.rental,
    rental_start_month: l.rental_start_month,
  };
}

export async function updateLine(
  db: Db,
  actor: Actor,
  orderId: number,
  lineId: number,
  body: ProductLineUpdateBody,
): Promise<OrderProductLine> {
  return db.transaction().execute(async (trx) => {
    const { patient_id: patientId, ...before } = await findLine(trx, orderId, lineId);
    const saved = asBody(before);
    const defined = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const merged: ProductLineBody = { ...saved, ...defined };
    // A new product or variant without a unit measure takes the variant's; otherwise the saved one stays.
    const keepsUnit = merged.product_id === before.product_id && merged.variant === before.variant_id;
    if (merged.unit_measure === null && keepsUnit)
      merged.unit_measure = before.unit_measure as ProductLineBody['unit_measure'];
    checkRules(merged);
    const unitMeasure = await checkLineReferences(trx, merged);
    const after = await trx
      .updateTable('order_products')
      .set({ ...lineColumns(merged, unitMeasure), updated_at: sql`now()` })
      .where('id', '=', lineId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      userId: actor.userId,
      action: 'update',
      entity: 'order_product',
      entityId: lineId,
      before,
      after,
    });
    await syncLineServices(trx, actor, after, { lockChanged: before.locked_price !== after.locked_price });
    await refreshRentals(trx, actor, patientId, actor.taxRate);
    return (await readLine(trx, lineId))!;
  });
}

/** Deletes a line and its unshipped services; its shipped services stay (their line becomes null). */
export async function deleteLine(db: Db, actor: Actor, orderId: number, lineId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { patient_id: patientId, ...before } = await findLine(trx, orderId, lineId);
    const unshipped = await trx
      .selectFrom('services')
      .select('id')
      .where('order_product_id', '=', lineId)
      .where('shipped', '=', false)
      .execute();
    await deleteServices(
      trx,
      actor,
      unshipped.map((s) => s.id),
    );
    await trx.deleteFrom('order_products').where('id', '=', lineId).execute();
    await audit(trx, { userId: actor.userId, action: 'delete', entity: 'order_product', entityId: lineId, before });
    await removeEmptyOccurrences(trx, actor, orderId);
    await refreshRentals(trx, actor, patientId, actor.taxRate);
  });
}
