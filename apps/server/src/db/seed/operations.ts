import { sql } from 'kysely';
import { shiftDate, todayWire } from '@dme/shared';
import type { Db } from '../database.ts';
import { weekOf } from '../../operations/expirations.ts';

/**
 * The work queues of the demo office (issue 11): after seedDemoOrders, makes sure every queue has
 * work for the current week (Sunday to Saturday around today) and the next: occurrences eligible
 * and not, patients with and without call before delivery (several with two or more contacts),
 * some approved, and expirations green, yellow and red whose dates and yellow dates fall in this
 * week, on both waiver tabs. Deterministic apart from dates, which follow today. No audit rows:
 * this is demo data.
 */

const RELATIONS = ['Daughter', 'Son', 'Spouse', 'Caregiver', 'Neighbor'];
const CONTACT_NAMES = ['Linda Harper', 'Mark Harper', 'Joan Whitfield', 'Carl Benson', 'Rita Okafor', 'Dale Price'];

interface WindowOccurrence {
  id: number;
  order_id: number;
  date: string;
  patient_id: number;
}

export async function seedDemoOperations(db: Db): Promise<void> {
  const today = todayWire();
  const thisWeek = weekOf(today);
  const nextWeekEnd = shiftDate(thisWeek.end, 7, 'day');
  const days = (date: string, n: number) => shiftDate(date, n, 'day');

  await db.transaction().execute(async (trx) => {
    const occurrences: WindowOccurrence[] = await trx
      .selectFrom('ocurrences as oc')
      .innerJoin('orders as o', 'o.id', 'oc.order_id')
      .select(['oc.id', 'oc.order_id', 'oc.date', 'o.patient_id'])
      .where('oc.date', '>=', thisWeek.start)
      .where('oc.date', '<=', nextWeekEnd)
      .where('oc.shipped', '=', false)
      .orderBy('oc.date')
      .orderBy('oc.id')
      .execute();
    if (occurrences.length === 0) return;

    // Patients of the window: about half call before delivery, the first few of those with two or more contacts.
    const patientIds = [...new Set(occurrences.map((o) => o.patient_id))].sort((a, b) => a - b);
    const callFirst = patientIds.filter((_, i) => i % 2 === 0);
    const noCall = patientIds.filter((_, i) => i % 2 === 1);
    if (callFirst.length) {
      await trx.updateTable('patients').set({ call_before_delivery: true }).where('id', 'in', callFirst).execute();
    }
    if (noCall.length) {
      await trx.updateTable('patients').set({ call_before_delivery: false }).where('id', 'in', noCall).execute();
    }
    const withContacts = callFirst.slice(0, Math.max(3, Math.ceil(callFirst.length / 3)));
    const counts = withContacts.length
      ? await trx
          .selectFrom('patient_contacts')
          .select([
            'patient_id',
            sql<number>`count(*)::int`.as('n'),
            sql<number>`coalesce(max(position), -1)::int`.as('last'),
          ])
          .where('patient_id', 'in', withContacts)
          .groupBy('patient_id')
          .execute()
      : [];
    const countOf = new Map(counts.map((c) => [c.patient_id, c]));
    const contacts = withContacts.flatMap((patientId, k) => {
      const have = countOf.get(patientId);
      const missing = Math.max(0, 2 + (k % 2) - (have?.n ?? 0));
      return Array.from({ length: missing }, (_, j) => ({
        patient_id: patientId,
        position: (have?.last ?? -1) + 1 + j,
        contact_name: CONTACT_NAMES[(k + j) % CONTACT_NAMES.length],
        contact_number: `(515) 555-${String(1200 + k * 10 + j).padStart(4, '0')}`,
        contact_relation: RELATIONS[(k + j) % RELATIONS.length],
      }));
    });
    if (contacts.length) await trx.insertInto('patient_contacts').values(contacts).execute();
    if (withContacts.length) {
      await trx
        .updateTable('patients')
        .set({ contact_different_patient: true })
        .where('id', 'in', withContacts)
        .execute();
    }

    // Switches: two thirds eligible; a quarter approved (so some rows are completed and some not).
    const eligible = occurrences.filter((_, k) => k % 3 !== 2).map((o) => o.id);
    const notEligible = occurrences.filter((_, k) => k % 3 === 2).map((o) => o.id);
    const approved = occurrences.filter((_, k) => k % 4 === 0).map((o) => o.id);
    const notApproved = occurrences.filter((_, k) => k % 4 !== 0).map((o) => o.id);
    if (eligible.length) {
      await trx.updateTable('ocurrences').set({ eligibility_toggle: true }).where('id', 'in', eligible).execute();
    }
    if (notEligible.length) {
      await trx.updateTable('ocurrences').set({ eligibility_toggle: false }).where('id', 'in', notEligible).execute();
    }
    if (approved.length) {
      await trx.updateTable('ocurrences').set({ customer_approved: true }).where('id', 'in', approved).execute();
    }
    if (notApproved.length) {
      await trx.updateTable('ocurrences').set({ customer_approved: false }).where('id', 'in', notApproved).execute();
    }

    // Expirations on the orders of this week's occurrences: each kind of row of the Expirations list.
    const thisWeekOccurrences = occurrences.filter((o) => o.date <= thisWeek.end);
    const seen = new Set<number>();
    const picks = thisWeekOccurrences.filter((o) => (seen.has(o.order_id) ? false : (seen.add(o.order_id), true)));
    const kinds = [
      // red: the expiration date is this week's occurrence
      (o: WindowOccurrence, waiver: boolean) => ({ date: o.date, note: 'CMN renewal due', waiver }),
      // yellow: the yellow date is this week, the expiration in three weeks
      (o: WindowOccurrence, waiver: boolean) => ({
        date: days(thisWeek.end, 14),
        yellow: true,
        yellow_date: o.date,
        note: 'Prior authorization expires',
        waiver,
      }),
      // green: solved this week
      (o: WindowOccurrence, waiver: boolean) => ({
        date: o.date,
        note: 'Prescription renewal',
        solved: true,
        red_solved_date: thisWeek.start,
        waiver,
      }),
      // red with the yellow date this week too
      (o: WindowOccurrence, waiver: boolean) => ({
        date: o.date,
        yellow: true,
        yellow_date: thisWeek.start,
        note: 'Face-to-face visit needed',
        waiver,
      }),
      // green: the yellow warning handled, the expiration next month
      (o: WindowOccurrence, waiver: boolean) => ({
        date: days(thisWeek.end, 30),
        yellow: true,
        yellow_date: o.date,
        yellow_solved_date: thisWeek.start,
        note: 'Insurance re-verification',
        waiver,
      }),
    ];
    const expirations = picks.slice(0, kinds.length * 3).map((o, k) => ({
      order_id: o.order_id,
      // Two rows of each kind on the Waiver False tab, one on Waiver True.
      ...kinds[k % kinds.length](o, Math.floor(k / kinds.length) === 2),
    }));
    // Next week: the expiration date is the occurrence's date.
    const nextWeek = occurrences.filter((o) => o.date > thisWeek.end && !seen.has(o.order_id)).slice(0, 3);
    for (const o of nextWeek)
      expirations.push({ order_id: o.order_id, date: o.date, note: 'CMN renewal due', waiver: false });
    if (expirations.length) await trx.insertInto('expirations').values(expirations).execute();
  });
}

/**
 * Load-test expirations (benchmarks): one for every fourth order without any, dated on one of its
 * occurrences; a third yellow (yellow date three weeks before), a fifth solved, a seventh with
 * waiver. Set-based SQL; answers how many were added.
 */
export async function seedManyExpirations(db: Db): Promise<number> {
  const result = await sql`
    INSERT INTO expirations (order_id, date, note, yellow, yellow_date, waiver, solved, red_solved_date)
    SELECT o.id, oc.date,
           (ARRAY['CMN renewal due', 'Prior authorization expires', 'Prescription renewal', 'Insurance re-verification'])[1 + o.id % 4],
           o.id % 3 = 0, CASE WHEN o.id % 3 = 0 THEN oc.date - 21 END,
           o.id % 7 = 0, o.id % 5 = 0, CASE WHEN o.id % 5 = 0 THEN oc.date END
    FROM orders o
    JOIN LATERAL (
      SELECT date FROM ocurrences WHERE order_id = o.id ORDER BY date OFFSET (o.id % 12) LIMIT 1
    ) oc ON true
    WHERE o.id % 4 = 0 AND NOT EXISTS (SELECT 1 FROM expirations e WHERE e.order_id = o.id)
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
