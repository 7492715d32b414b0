import { sql } from 'kysely';
import { canPrintTicket, shiftDate, todayWire } from '@dme/shared';
import dayjs from 'dayjs';
import type { Db } from '../database.ts';
import { shipOccurrence } from '../../shipping/ship.ts';
import { holdsFor } from '../../lib/holds.ts';

/**
 * The Shipping Status of the demo office (issue 12), after the orders and the work queues: in the
 * current week (Sunday to Saturday) every other occurrence whose ticket can be printed has its
 * ticket (so Re Print and the Shipped switch have rows, and batch print still has records), and
 * earlier this month most ticketed-or-printable occurrences not yet shipped are shipped the day
 * after their date, through the shipping area's own ship function (services shipped, one
 * invoice each). Deterministic apart from dates, which follow today.
 */
export async function seedDemoShipping(db: Db): Promise<void> {
  const today = todayWire();
  const weekStart = shiftDate(today, -dayjs(today).day(), 'day');
  const weekEnd = shiftDate(weekStart, 6, 'day');
  const monthStart = `${today.slice(0, 8)}01`;
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!admin) return;

  const candidates = await db
    .selectFrom('ocurrences as oc')
    .innerJoin('orders as o', 'o.id', 'oc.order_id')
    .innerJoin('patients as p', 'p.id', 'o.patient_id')
    .select([
      'oc.id',
      'oc.date',
      'oc.ticket_created',
      'oc.eligibility_toggle',
      'oc.customer_approved',
      'oc.shipped',
      'oc.shipped_date',
      'p.call_before_delivery',
    ])
    .where('oc.date', '>=', monthStart < weekStart ? monthStart : weekStart)
    .where('oc.date', '<=', weekEnd)
    .where('oc.shipped', '=', false)
    .orderBy('oc.date')
    .orderBy('oc.id')
    .execute();
  // Held occurrences (issue 34) get no ticket: the demo's holds wait for their documents.
  const holds = await holdsFor(
    db,
    candidates.map((o) => o.id),
  );
  const printable = candidates.filter(
    (o) =>
      canPrintTicket({ ...o, ticket_created: o.ticket_created ? o.ticket_created.toISOString() : null }) &&
      !holds.get(o.id)?.holds.length,
  );

  const earlier = printable.filter((o) => o.date >= monthStart && o.date < shiftDate(today, -1, 'day'));
  const toShip = earlier.filter((_, i) => i % 4 !== 3);
  const shipping = new Set(toShip.map((o) => o.id));
  const thisWeek = printable.filter((o) => o.date >= weekStart && o.date <= weekEnd && !shipping.has(o.id));
  const ticketed = thisWeek.filter((_, i) => i % 2 === 0).map((o) => o.id);

  await db.transaction().execute(async (trx) => {
    const stamp = [...ticketed, ...toShip.map((o) => o.id)];
    if (stamp.length) {
      await trx
        .updateTable('ocurrences')
        .set({ ticket_created: sql`now() - interval '1 hour'`, user_ticket_id: admin.id })
        .where('id', 'in', stamp)
        .execute();
    }
    for (const o of toShip) {
      const before = await trx.selectFrom('ocurrences').selectAll().where('id', '=', o.id).executeTakeFirstOrThrow();
      const shippedOn = shiftDate(o.date, 1, 'day') < today ? shiftDate(o.date, 1, 'day') : today;
      await shipOccurrence(trx, { userId: admin.id, today: shippedOn }, before);
    }
  });
}
