import { sql } from 'kysely';
import type { Db } from '../database.ts';

/**
 * Gives every shipped occurrence its invoice (dated the day it shipped) and every shipped
 * service its outstanding amount, as shipping does for one occurrence: seeders write shipped
 * occurrences in bulk, and no shipped occurrence may be without an invoice. Idempotent (the
 * unique occurrence id skips invoices that exist: an anti-join planned while the table looked
 * empty rescanned it for every row).
 */
export async function invoiceShippedOccurrences(db: Db): Promise<void> {
  await sql`
    INSERT INTO invoices (ocurrence_id, date)
    SELECT o.id, coalesce(o.shipped_date, o.date) FROM ocurrences o WHERE o.shipped
    ON CONFLICT (ocurrence_id) DO NOTHING
  `.execute(db);
  await sql`
    UPDATE services s SET outstanding = s.total + s.tax_amount, shipped = true
    FROM ocurrences o
    WHERE o.id = s.ocurrence_id AND o.shipped AND s.outstanding IS NULL
  `.execute(db);
}
