import type { Db } from '../database.ts';
import type { Storage } from '../../plugins/storage.ts';
import { recordDelivery } from '../../shipping/delivery.ts';
import { drawnSignaturePng } from '../../lib/signature-image.ts';

/**
 * The demo office's signed deliveries (issue 34): one ticketed occurrence of this week is
 * delivered half an hour ago through the code the Record delivery dialog runs, so Shipping Status
 * shows a proof to view and the patient's Documents tab a proof of delivery. Held occurrences are
 * refused by that code and passed over.
 */
export async function seedDemoDeliveries(db: Db, storage: Storage, timeZone: string): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', '=', 'jwilson')
    .executeTakeFirst();
  if (!user) return;
  const candidates = await db
    .selectFrom('ocurrences as oc')
    .innerJoin('orders as o', 'o.id', 'oc.order_id')
    .innerJoin('patients as p', 'p.id', 'o.patient_id')
    .select(['oc.id', 'p.first_name', 'p.last_name', 'p.address_1', 'p.city', 'p.zip'])
    .where('oc.ticket_created', 'is not', null)
    .where('oc.shipped', '=', false)
    .orderBy('oc.date')
    .orderBy('oc.id')
    .limit(10)
    .execute();
  const signature = `data:image/png;base64,${drawnSignaturePng(360, 110, 4).toString('base64')}`;
  for (const c of candidates) {
    try {
      await recordDelivery({ db, storage, timeZone }, user, c.id, {
        recipient_name: `${c.first_name} ${c.last_name}`,
        relationship: 'self',
        delivered_at: new Date(Date.now() - 30 * 60_000).toISOString(),
        address:
          [c.address_1, c.city, c.zip].filter((part) => part.trim() !== '').join(', ') || "At the patient's home",
        signature,
      });
      return;
    } catch {
      // A held or otherwise refused occurrence: the next one is delivered instead.
    }
  }
}
