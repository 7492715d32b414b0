import { sql, type RawBuilder } from 'kysely';

/**
 * A product's CMS payment category (CR, OX, IN, SU...): the one set on the product by hand, else
 * the category of its HCPCS code in the fee schedule in force today (the row of the rental, RR,
 * first when the code has several). `alias` is the products table's alias in the query.
 */
export function paymentCategorySql(alias: string): RawBuilder<string | null> {
  return sql<string | null>`coalesce(${sql.ref(`${alias}.payment_category`)}, (
    SELECT r.category FROM fee_schedule_rows r
      JOIN fee_schedules f ON f.id = r.schedule_id
     WHERE r.hcpcs = ${sql.ref(`${alias}.hcpcs_code`)} AND r.category <> ''
       AND f.effective_date <= current_date
     ORDER BY f.effective_date DESC, (r.modifier_1 = 'RR') DESC, r.id
     LIMIT 1))`;
}

/**
 * Whether an order line rents: its own choice, else its product's category (capped rental,
 * oxygen, frequent servicing rent, as `defaultRental` says; the rest are bought). `line` and
 * `product` are aliases.
 */
export function lineRentsSql(line: string, product: string): RawBuilder<boolean> {
  return sql<boolean>`coalesce(${sql.ref(`${line}.rental`)}, coalesce(${paymentCategorySql(product)}, '') IN ('CR', 'OX', 'FS'))`;
}
