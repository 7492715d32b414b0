import type { Db } from '../database.ts';
import { lineRentsSql } from '../../lib/payment-category.ts';
import { refreshRentals } from '../../orders/rentals.ts';

/**
 * The demo office's rentals: its rented items (CPAPs, beds, wheelchairs, concentrators: the
 * capped-rental and oxygen codes of the fee schedule) counted by the rental ledger, at different
 * months: most began with their order, some patients came from another supplier at month 8 or
 * 11, so Rentals tabs show items early in their rental, near the cap and owned.
 */
export async function seedDemoRentals(db: Db, taxRate: number): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('username', '=', 'jwilson').executeTakeFirst();
  if (!user) return;
  const lines = await db
    .selectFrom('order_products as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.id', 'o.patient_id'])
    .where(lineRentsSql('l', 'p'))
    .orderBy('l.id')
    .execute();
  if (lines.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const transferred = lines.filter((_, k) => k % 4 === 1).map((l) => l.id);
    const nearCap = lines.filter((_, k) => k % 4 === 2).map((l) => l.id);
    if (transferred.length)
      await trx.updateTable('order_products').set({ rental_start_month: 8 }).where('id', 'in', transferred).execute();
    if (nearCap.length)
      await trx.updateTable('order_products').set({ rental_start_month: 11 }).where('id', 'in', nearCap).execute();
    for (const patientId of [...new Set(lines.map((l) => l.patient_id))])
      await refreshRentals(trx, { userId: user.id, taxRate }, patientId, taxRate, { includeShipped: true });
  });
}
