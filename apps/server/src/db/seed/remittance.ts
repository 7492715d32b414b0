import { applyEntry, shiftDate, sumAmounts, todayWire, type PaymentMethod, type RemitEntry } from '@dme/shared';
import type { Db } from '../database.ts';
import { postRemittance } from '../../remittance/posting.ts';

const CHECK_SIZE = 4;
const METHODS: PaymentMethod[] = ['Bank', 'Bank', 'Cash', 'Bank'];

/**
 * The demo office's posted checks: about two of every three invoices are paid by checks of a
 * few occurrences each (entire remits, an 80 % payment, now and then a write-off of a small
 * balance), through the same posting code staff use. The rest stay open for the Remittance
 * screen. Runs after the shipping seed (invoices) and the billing seed (vendors).
 */
export async function seedDemoRemittances(db: Db): Promise<void> {
  const vendors = await db.selectFrom('vendors').select('id').orderBy('id').execute();
  const user = await db.selectFrom('users').select('id').where('username', '=', 'jwilson').executeTakeFirst();
  const invoices = await db
    .selectFrom('invoices as i')
    .innerJoin('ocurrences as o', 'o.id', 'i.ocurrence_id')
    .select(['o.id', 'i.date'])
    .orderBy('i.date')
    .orderBy('o.id')
    .execute();
  if (!vendors.length || !user) return;
  const paid = invoices.filter((_inv, i) => i % 3 !== 2);
  for (let k = 0; k * CHECK_SIZE < paid.length; k++) {
    const group = paid.slice(k * CHECK_SIZE, (k + 1) * CHECK_SIZE);
    const postings = [];
    for (const [j, inv] of group.entries()) {
      const services = await db
        .selectFrom('services')
        .select(['id', 'total', 'tax_amount', 'outstanding', 'amount_ajusted', 'write_off'])
        .where('ocurrence_id', '=', inv.id)
        .orderBy('id')
        .execute();
      const lines = services.map((s, n) => {
        const entry: RemitEntry =
          (j + n) % 5 === 3
            ? { mode: 'percentage', percentage: 80 }
            : (j + n) % 7 === 6
              ? { mode: 'writeOff' }
              : { mode: 'entire' };
        const result = applyEntry(
          {
            invoice_amount: sumAmounts([s.total, s.tax_amount]),
            outstanding: s.outstanding ?? '0',
            amount_ajusted: s.amount_ajusted,
            write_off: s.write_off,
          },
          entry,
        );
        return { id: s.id, before: s.outstanding ?? '0', ...result };
      });
      postings.push({ occurrenceId: inv.id, lines });
    }
    const total = sumAmounts(postings.flatMap((p) => p.lines.map((l) => l.applied)));
    const check = {
      check_number: String(204_100 + k * 17),
      // A check arrives about two weeks after the invoices it pays, never in the future.
      check_date: [shiftDate(group[group.length - 1].date, 12, 'day'), todayWire()].sort()[0],
      total_amount: total,
      payment_method: METHODS[k % METHODS.length],
      vendor_id: vendors[k % vendors.length].id,
      memo_notes: k % 2 ? 'EOB received by mail' : '',
    };
    for (const p of postings) {
      const services = p.lines
        .filter((l) => Number(l.outstanding) !== Number(l.before))
        .map(({ id, outstanding, amount_ajusted, write_off }) => ({ id, outstanding, amount_ajusted, write_off }));
      if (!services.length) continue;
      await postRemittance(
        db,
        { userId: user.id, taxRate: 0 },
        { checks: [check], ocurrence_id: p.occurrenceId, services },
      );
    }
  }
}
