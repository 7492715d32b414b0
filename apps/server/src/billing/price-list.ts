import { sql } from 'kysely';
import { parsePriceListCsv, VENDOR_PRICING_MESSAGES, type PriceListImportResult, type VendorPrice } from '@dme/shared';
import type { Db, Executor } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { validation } from '../lib/errors.ts';
import { getVendor } from './vendors.ts';

/** A payer's own price list (vendors priced by `price_list`): its rows, and the import that replaces them. */

/** The vendor's prices by code, modifiers and effective date (404 for an unknown vendor). */
export async function listPrices(db: Executor, vendorId: number): Promise<VendorPrice[]> {
  await getVendor(db, vendorId);
  const rows = await db
    .selectFrom('vendor_prices')
    .select(['id', 'hcpcs', 'modifiers', 'price', sql<string>`effective_date::text`.as('effective_date')])
    .where('vendor_id', '=', vendorId)
    .orderBy('hcpcs')
    .orderBy('modifiers')
    .orderBy('effective_date')
    .execute();
  return rows.map((r) => ({ ...r, price: Number(r.price) }));
}

/** Rows per INSERT ... SELECT FROM unnest(). */
const BATCH = 5000;

/**
 * Reads a CSV `hcpcs,modifiers,price,effective_date` and replaces the vendor's prices with its
 * rows in one transaction, audited; a bad row is a 422 on `file` naming its line.
 */
export async function importPriceList(
  db: Db,
  actorId: number,
  vendorId: number,
  file: { fileName: string; text: string } | undefined,
): Promise<PriceListImportResult> {
  if (!file) throw validation({ file: [VENDOR_PRICING_MESSAGES.priceListRequired] });
  let rows: ReturnType<typeof parsePriceListCsv>;
  try {
    rows = parsePriceListCsv(file.text);
  } catch (err) {
    throw validation({ file: [(err as Error).message] });
  }
  return db.transaction().execute(async (trx) => {
    await getVendor(trx, vendorId, { lock: true });
    const { numDeletedRows } = await trx
      .deleteFrom('vendor_prices')
      .where('vendor_id', '=', vendorId)
      .executeTakeFirst();
    for (let from = 0; from < rows.length; from += BATCH) {
      const batch = rows.slice(from, from + BATCH);
      // Modifiers travel as "RR:KH" text (an array of arrays does not unnest into rows).
      await sql`
        INSERT INTO vendor_prices (vendor_id, hcpcs, modifiers, price, effective_date)
        SELECT ${vendorId}, p.hcpcs, coalesce(string_to_array(nullif(p.modifiers, ''), ':'), '{}'),
          p.price::numeric, p.effective_date::date
        FROM unnest(${batch.map((r) => r.hcpcs)}::text[], ${batch.map((r) => r.modifiers.join(':'))}::text[],
          ${batch.map((r) => r.price)}::text[], ${batch.map((r) => r.effective_date)}::text[])
          AS p(hcpcs, modifiers, price, effective_date)
      `.execute(trx);
    }
    const result = { count: rows.length };
    await audit(trx, {
      userId: actorId,
      action: 'update',
      entity: 'vendor_prices',
      entityId: vendorId,
      after: { ...result, replaced: Number(numDeletedRows), file: file.fileName },
    });
    return result;
  });
}
