import type { Insertable } from 'kysely';
import { adjustedPrice, lineTax, lineTotal, occurrenceDates, RECURRENCE, shiftDate, todayWire } from '@dme/shared';
import type { Db, Executor } from '../database.ts';
import type { Database } from '../types.ts';
import { batchesOf, idBatches } from './batch.ts';

export { seedManyOrders } from './orders-bulk.ts';

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** Product type ids seeded by migration 0003: supplies and nutrition recur, equipment is one time. */
const RECURRING_TYPES = [1, 4];
const ONE_TIME_TYPES = [2, 3];
const NUTRITION_TYPE = 4;

const ORDER_NAMES = [
  'Monthly Supplies',
  'CPAP Resupply',
  'Diabetic Supplies',
  'Incontinence Supplies',
  'Wound Care',
  'Enteral Nutrition',
  'Ostomy Supplies',
  '',
];
const EXPIRATION_NOTES = [
  'CMN renewal due',
  'Prior authorization expires',
  'Prescription renewal',
  'Face-to-face visit needed',
  'Insurance re-verification',
];
const CALL_NOTES = [
  'Called patient, confirmed delivery address and supplies needed.',
  'Left a voicemail; will call back tomorrow.',
  'Spoke with caregiver, approved shipment.',
  'Patient asked to add an extra box next month.',
];

interface SeedProduct {
  id: number;
  name: string;
  internal_code: string;
  type_id: number;
  variant_id: number;
  sale_price: string;
  unit_measure: string;
}

/** Each product with its General variant (else its first), for the order lines. */
async function productsWithVariants(db: Db): Promise<SeedProduct[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('price_variants as v', 'v.product_id', 'p.id')
    .select([
      'p.id',
      'p.name',
      'p.internal_code',
      'p.type_id',
      'v.id as variant_id',
      'v.sale_price',
      'v.unit_measure',
      'v.price_variant',
    ])
    .orderBy('p.id')
    .orderBy('v.id')
    .execute();
  const byProduct = new Map<number, SeedProduct & { price_variant: string }>();
  for (const r of rows) {
    const seen = byProduct.get(r.id);
    if (!seen || (seen.price_variant !== 'General' && r.price_variant === 'General')) byProduct.set(r.id, r);
  }
  return [...byProduct.values()];
}

async function insertChunked<T extends keyof Database>(db: Executor, table: T, rows: Row<T>[]): Promise<void> {
  for (const batch of batchesOf(rows)) {
    // Kysely cannot type a generic table name through insertInto; the rows are typed by the caller.
    await db
      .insertInto(table)
      .values(batch as never)
      .execute();
  }
}

interface LinePlan {
  product: SeedProduct;
  recurrence: number;
  start: string;
  end: string;
  quantity: number;
  taxApplied: boolean;
  percentage: string;
}

/**
 * Demo orders of the first run: about half of the patients get an order with monthly and
 * every-15-days lines from three months ago to three months ahead (a few one-time equipment
 * lines too); past occurrences are eligible, approved and, when older than a week, shipped.
 * A few expirations (some yellow) and call notes by the administrator. Deterministic apart from
 * dates, which follow today.
 */
export async function seedDemoOrders(db: Db, opts: { taxRate?: number } = {}): Promise<void> {
  const taxRate = opts.taxRate ?? 0;
  const patients = await db.selectFrom('patients').select('id').orderBy('id').execute();
  const products = await productsWithVariants(db);
  const recurring = products.filter((p) => RECURRING_TYPES.includes(p.type_id));
  const oneTime = products.filter((p) => ONE_TIME_TYPES.includes(p.type_id));
  if (patients.length === 0 || recurring.length === 0) return;
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  const today = todayWire();
  const days = (date: string, n: number) => shiftDate(date, n, 'day');
  const months = (date: string, n: number) => shiftDate(date, n, 'month');
  const chosen = patients.filter((_, i) => i % 2 === 0);

  await db.transaction().execute(async (trx) => {
    const orderValues: Row<'orders'>[] = chosen.map((p, i) => ({
      name: ORDER_NAMES[i % ORDER_NAMES.length],
      patient_id: p.id,
      delivery_id: (i % 3) + 1,
      status_id: i % 7 === 6 ? 3 : i % 5 === 4 ? 1 : 2,
      po_number: i % 4 === 0 ? `PO-${String(24000 + i * 7).padStart(6, '0')}` : '',
      office_notes: i % 6 === 0 ? 'Verify insurance before each shipment.' : '',
      patient_notes: i % 5 === 0 ? 'Prefers morning deliveries.' : '',
      expired_at: months(today, 9 + (i % 4) * 3),
      customer_approved: i % 3 === 0,
      user_creator_id: admin?.id ?? null,
    }));
    const orders: { id: number; patient_id: number }[] = [];
    for (const batch of batchesOf(orderValues)) {
      orders.push(...(await trx.insertInto('orders').values(batch).returning(['id', 'patient_id']).execute()));
    }
    const orderOfPatient = new Map(orders.map((o) => [o.patient_id, o.id]));

    const lineValues: Row<'order_products'>[] = [];
    const plans: LinePlan[] = [];
    chosen.forEach((p, i) => {
      const orderId = orderOfPatient.get(p.id)!;
      const start = days(months(today, -3), i % 28);
      const add = (plan: LinePlan) => {
        const percentage = plan.percentage;
        plans.push(plan);
        lineValues.push({
          order_id: orderId,
          product_id: plan.product.id,
          variant_id: plan.product.variant_id,
          service_date: plan.start,
          end_date: plan.end,
          quantity: plan.quantity,
          recurrence_id: plan.recurrence,
          sale_price: plan.product.sale_price,
          percentage,
          adjusted_sale_price: adjustedPrice(plan.product.sale_price, percentage),
          added_percentage: percentage !== '0',
          nutritional: plan.product.type_id === NUTRITION_TYPE,
          tax_applied: plan.taxApplied,
          locked_price: i % 4 === 1,
          unit_measure: plan.product.unit_measure,
        });
      };
      const end = months(today, 3);
      add({
        product: recurring[(i * 7) % recurring.length],
        recurrence: RECURRENCE.MONTHLY,
        start,
        end,
        quantity: 1 + (i % 3),
        taxApplied: i % 5 === 0,
        percentage: '0',
      });
      if (i % 3 === 1) {
        add({
          product: recurring[(i * 7 + 3) % recurring.length],
          recurrence: RECURRENCE.EVERY_15_DAYS,
          start,
          end,
          quantity: 2,
          taxApplied: false,
          percentage: i % 2 ? '10' : '0',
        });
      }
      if (i % 5 === 2 && oneTime.length) {
        const s = days(today, (i % 40) - 20);
        add({
          product: oneTime[i % oneTime.length],
          recurrence: RECURRENCE.ONE_TIME,
          start: s,
          end: days(s, 30),
          quantity: 1,
          taxApplied: true,
          percentage: '0',
        });
      }
    });
    // Returned in the order inserted, so lines[k] is the line of plans[k].
    const lines: { id: number; order_id: number }[] = [];
    for (const batch of batchesOf(lineValues)) {
      lines.push(...(await trx.insertInto('order_products').values(batch).returning(['id', 'order_id']).execute()));
    }

    // Occurrences: one per order and date; past dates are eligible and approved, shipped after a week.
    const occurrenceKeys = new Map<string, { order_id: number; date: string }>();
    const servicePlans: { line: (typeof lines)[number]; plan: LinePlan; date: string }[] = [];
    lines.forEach((line, k) => {
      const plan = plans[k];
      for (const date of occurrenceDates(plan.start, plan.end, plan.recurrence)) {
        occurrenceKeys.set(`${line.order_id}|${date}`, { order_id: line.order_id, date });
        servicePlans.push({ line, plan, date });
      }
    });
    const shippedBefore = days(today, -7);
    const occurrenceValues = [...occurrenceKeys.values()].map(({ order_id, date }) => {
      const past = date < today;
      const shipped = date < shippedBefore && order_id % 9 !== 0;
      return {
        order_id,
        date,
        eligibility_toggle: past || (date < days(today, 7) && order_id % 2 === 0),
        customer_approved: past,
        shipped,
        shipped_date: shipped ? days(date, 1) : null,
        ticket_created: shipped ? `${date}T09:00:00` : null,
        user_ticket_id: shipped ? (admin?.id ?? null) : null,
        po_number: shipped && order_id % 4 === 0 ? `OPO-${order_id}-${date.slice(5, 7)}` : '',
      };
    });
    await insertChunked(trx, 'ocurrences', occurrenceValues);
    const occurrenceRows: { id: number; order_id: number; date: string; shipped: boolean }[] = [];
    for (const ids of idBatches(orders.map((o) => o.id))) {
      occurrenceRows.push(
        ...(await trx
          .selectFrom('ocurrences')
          .select(['id', 'order_id', 'date', 'shipped'])
          .where('order_id', 'in', ids)
          .execute()),
      );
    }
    const occurrenceOf = new Map(occurrenceRows.map((o) => [`${o.order_id}|${o.date}`, o]));

    const serviceValues: Row<'services'>[] = servicePlans.map(({ line, plan, date }) => {
      const occurrence = occurrenceOf.get(`${line.order_id}|${date}`)!;
      const adjusted = adjustedPrice(plan.product.sale_price, plan.percentage);
      const added = plan.percentage !== '0';
      const total = lineTotal({
        sale_price: plan.product.sale_price,
        adjusted_sale_price: adjusted,
        added_percentage: added,
        quantity: plan.quantity,
      });
      return {
        ocurrence_id: occurrence.id,
        order_product_id: line.id,
        product_id: plan.product.id,
        variant_id: plan.product.variant_id,
        date,
        quantity: plan.quantity,
        sale_price: plan.product.sale_price,
        adjusted_sale_price: adjusted,
        added_percentage: added,
        percentage: plan.percentage,
        tax_applied: plan.taxApplied,
        tax_amount: lineTax(total, plan.taxApplied, taxRate),
        total,
        shipped: occurrence.shipped,
        locked_price: false,
        product_name: plan.product.name,
        product_reference: plan.product.internal_code,
        unit_measure: plan.product.unit_measure,
      };
    });
    await insertChunked(trx, 'services', serviceValues);

    const expirations: Row<'expirations'>[] = orders
      .filter((_, i) => i % 3 === 0)
      .map((o, k) => {
        const date = days(today, ((k * 11) % 75) - 15);
        const yellow = k % 2 === 0;
        return {
          order_id: o.id,
          date,
          note: EXPIRATION_NOTES[k % EXPIRATION_NOTES.length],
          yellow,
          yellow_date: yellow ? days(date, -21) : null,
          waiver: k % 4 === 1,
        };
      });
    await insertChunked(trx, 'expirations', expirations);

    if (admin) {
      const firstPast = new Map<number, number>();
      for (const o of [...occurrenceRows].sort((a, b) => a.date.localeCompare(b.date))) {
        if (o.date < today && !firstPast.has(o.order_id)) firstPast.set(o.order_id, o.id);
      }
      const notes: Row<'call_notes'>[] = [...firstPast.entries()]
        .filter(([orderId]) => orderId % 4 === 0)
        .map(([, ocurrenceId], k) => ({
          ocurrence_id: ocurrenceId,
          body: CALL_NOTES[k % CALL_NOTES.length],
          user_id: admin.id,
        }));
      await insertChunked(trx, 'call_notes', notes);
    }
  });
}
