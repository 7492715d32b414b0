import { sql } from 'kysely';
import type { Db } from '../database.ts';

export interface ManyOrdersOptions {
  /** Months covered by each monthly line (default 12). */
  months?: number;
  /** Sales-tax rate applied to the taxed lines (default 0). */
  taxRate?: number;
}

/**
 * Load-test orders (`npm run seed`): every other patient without an order gets one with one or
 * two monthly lines over `months` months around today, generated set-based in SQL
 * (INSERT ... SELECT with generate_series), so 100,000 patients take a few minutes at most.
 * Past occurrences are shipped. No audit rows: this is bulk test data. Answers the order count.
 */
export async function seedManyOrders(db: Db, opts: ManyOrdersOptions = {}): Promise<number> {
  // Two months at least, so a line's end date lies past its first month.
  const months = Math.max(2, Math.floor(opts.months ?? 12));
  const taxRate = String(opts.taxRate ?? 0);
  return db.transaction().execute(async (trx) => {
    await sql`
      CREATE TEMP TABLE seed_products ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY p.id) - 1)::int AS idx, p.id, p.name, p.internal_code, p.type_id,
             v.id AS variant_id, v.sale_price, v.unit_measure
      FROM products p
      JOIN LATERAL (
        SELECT id, sale_price, unit_measure FROM price_variants
        WHERE product_id = p.id ORDER BY (price_variant = 'General') DESC, id LIMIT 1
      ) v ON true
      WHERE p.type_id IN (1, 4) OR NOT EXISTS (SELECT 1 FROM products WHERE type_id IN (1, 4))
    `.execute(trx);
    const { rows: counted } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM seed_products`.execute(trx);
    const productCount = counted[0]?.n ?? 0;
    if (productCount === 0) return 0;

    await sql`CREATE TEMP TABLE seed_orders (order_id integer PRIMARY KEY, patient_id integer NOT NULL, start_date date NOT NULL) ON COMMIT DROP`.execute(
      trx,
    );
    await sql`
      WITH chosen AS (
        SELECT p.id AS patient_id, row_number() OVER (ORDER BY p.id) AS rn
        FROM patients p
        WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.patient_id = p.id)
      ), picked AS (
        SELECT patient_id, rn FROM chosen WHERE rn % 2 = 1
      ), inserted AS (
        INSERT INTO orders (name, patient_id, delivery_id, status_id, po_number, expired_at, customer_approved, user_creator_id)
        SELECT (ARRAY['Monthly Supplies', 'CPAP Resupply', 'Diabetic Supplies', 'Incontinence Supplies'])[1 + (rn % 4)::int],
               patient_id, 1 + (rn % 3)::int, 2, '', (current_date + interval '1 year')::date, rn % 3 = 0,
               (SELECT id FROM users WHERE username = 'admin')
        FROM picked
        RETURNING id, patient_id
      )
      INSERT INTO seed_orders (order_id, patient_id, start_date)
      SELECT id, patient_id,
             (date_trunc('month', current_date) - make_interval(months => ${Math.floor(months / 2)}) + make_interval(days => patient_id % 28))::date
      FROM inserted
    `.execute(trx);

    await sql`
      INSERT INTO order_products (order_id, product_id, variant_id, service_date, end_date, quantity, recurrence_id,
        sale_price, percentage, adjusted_sale_price, added_percentage, nutritional, tax_applied, locked_price, unit_measure)
      SELECT so.order_id, sp.id, sp.variant_id, so.start_date,
             (so.start_date + make_interval(months => ${months - 1}))::date,
             1 + so.patient_id % 3, 1, sp.sale_price, 0, sp.sale_price, false, sp.type_id = 4, so.patient_id % 5 = 0, false,
             sp.unit_measure
      FROM seed_orders so
      CROSS JOIN generate_series(1, 2) AS k
      JOIN seed_products sp ON sp.idx = (so.patient_id * 7 + k * 13) % ${productCount}
      WHERE k = 1 OR so.patient_id % 3 = 0
    `.execute(trx);

    await sql`
      INSERT INTO ocurrences (order_id, date, eligibility_toggle, customer_approved, shipped, shipped_date)
      SELECT DISTINCT so.order_id, d.date, d.date < current_date, d.date < current_date,
             d.date < current_date - 7, CASE WHEN d.date < current_date - 7 THEN d.date + 1 END
      FROM seed_orders so
      CROSS JOIN LATERAL (
        SELECT (so.start_date + make_interval(months => m))::date AS date FROM generate_series(0, ${months - 1}) AS m
      ) d
      ON CONFLICT (order_id, date) DO NOTHING
    `.execute(trx);

    await sql`
      INSERT INTO services (ocurrence_id, order_product_id, product_id, variant_id, date, quantity, sale_price,
        adjusted_sale_price, added_percentage, percentage, tax_applied, tax_amount, total, shipped, locked_price,
        product_name, product_reference, unit_measure)
      SELECT o.id, l.id, l.product_id, l.variant_id, o.date, l.quantity, l.sale_price, l.adjusted_sale_price, false, 0,
             l.tax_applied,
             CASE WHEN l.tax_applied THEN round(round(l.sale_price * l.quantity, 2) * ${taxRate}::numeric, 2) ELSE 0 END,
             round(l.sale_price * l.quantity, 2), o.shipped, false, p.name, p.internal_code, l.unit_measure
      FROM seed_orders so
      JOIN order_products l ON l.order_id = so.order_id
      JOIN products p ON p.id = l.product_id
      CROSS JOIN generate_series(0, ${months - 1}) AS m
      JOIN ocurrences o ON o.order_id = l.order_id AND o.date = (l.service_date + make_interval(months => m))::date
    `.execute(trx);

    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM seed_orders`.execute(trx);
    return rows[0]?.n ?? 0;
  });
}
