import { todayWire } from '@dme/shared';
import type { Db } from '../database.ts';
import { createClaims, listReady } from '../../claims/claims.ts';
import { createBatch } from '../../claims/batches.ts';

/**
 * The demo office's claims: of the invoices Ready to Bill shows ready, most get claims through
 * the same code a clerk uses; half of those go out in a batch (submitted), the rest wait to be
 * batched; a few ready invoices and the ones with problems stay in Ready to Bill. Runs after the
 * remittance seed, so the open invoices are the ones still owed.
 */
export async function seedDemoClaims(db: Db): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('username', '=', 'jwilson').executeTakeFirst();
  if (!user) return;
  const page = await listReady(db, { search: '', page: 1, page_size: 100, ordering: 'invoice_id' }, todayWire());
  const ready = page.results.filter((r) => r.problems.length === 0).map((r) => r.invoice_id);
  const billed = ready.slice(0, Math.max(0, ready.length - 3));
  if (billed.length === 0) return;
  const { created } = await createClaims(db, user.id, billed);
  const sent = created.slice(0, Math.ceil(created.length / 2)).map((c) => c.id);
  if (sent.length > 0) await createBatch(db, user.id, sent);
}
