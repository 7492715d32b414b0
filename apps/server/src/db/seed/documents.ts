import { sql } from 'kysely';
import { isValidNpi, shiftDate, todayWire } from '@dme/shared';
import type { Db } from '../database.ts';
import { holdsOfOccurrence } from '../../lib/holds.ts';

/** The codes Medicare authorizes in advance in the demo: power wheelchairs and pressure-reducing support surfaces. */
export const DEMO_PRIOR_AUTH_HCPCS = [
  ...['K0856', 'K0857', 'K0858', 'K0859', 'K0860', 'K0861', 'K0862', 'K0863', 'K0864'],
  ...['E0193', 'E0277', 'E0371', 'E0372', 'E0373'],
];

const DEMO_NPI = '1234567893';

/**
 * The demo office's documents (issue 34): Medicare lists its prior-authorization codes and power
 * wheelchairs need a face-to-face encounter; every Medicare patient has a standard written order
 * for the codes of their orders (two of them running out within 30 days), an authorization for
 * each support surface and an encounter before each wheelchair. One patient with an occurrence
 * this week has no written order (a hold in Call Patient w Eligibility and the Documents queue),
 * and another one's hold was released by the administrator. Runs before the shipping seed, which
 * leaves held occurrences alone.
 */
export async function seedDemoDocuments(db: Db): Promise<void> {
  const today = todayWire();
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!admin) return;
  await db
    .updateTable('vendors')
    .set({ prior_auth_hcpcs: DEMO_PRIOR_AUTH_HCPCS })
    .where('claim_filing_indicator', '=', 'MB')
    .execute();
  await db.updateTable('products').set({ face_to_face: true }).where('hcpcs_code', 'like', 'K08%').execute();

  // Each Medicare patient's codes, the first date they were delivered, and whether they have an occurrence this week.
  const patients = await db
    .selectFrom('patient_insurances as pi')
    .innerJoin('vendors as v', 'v.id', 'pi.vendor_id')
    .innerJoin('patients as p', 'p.id', 'pi.patient_id')
    .innerJoin('orders as o', 'o.patient_id', 'p.id')
    .innerJoin('ocurrences as oc', 'oc.order_id', 'o.id')
    .innerJoin('services as s', 's.ocurrence_id', 'oc.id')
    .innerJoin('products as pr', 'pr.id', 's.product_id')
    .select([
      'p.id',
      'p.physician_name',
      'p.physician_npi',
      'v.id as vendor_id',
      sql<string[]>`array_agg(DISTINCT pr.hcpcs_code)`.as('codes'),
      sql<string>`min(oc.date)::text`.as('first_date'),
      sql<boolean>`bool_or(oc.date BETWEEN ${today}::date AND ${today}::date + 6 AND NOT oc.shipped)`.as('this_week'),
    ])
    .where('pi.priority', '=', 1)
    .where('v.claim_filing_indicator', '=', 'MB')
    .where('pr.hcpcs_code', '<>', '')
    .groupBy(['p.id', 'v.id'])
    .orderBy('p.id')
    .execute();
  if (patients.length === 0) return;
  const unwritten = patients.find((p) => p.this_week);
  const released = patients.find((p) => p.this_week && p !== unwritten);

  const rows = patients.flatMap((p, k) => {
    if (p === unwritten || p === released) return [];
    const practitioner = {
      practitioner_name: p.physician_name || 'Dr. Alan Brooks',
      practitioner_npi: isValidNpi(p.physician_npi) ? p.physician_npi : DEMO_NPI,
    };
    const written = shiftDate(p.first_date, -3, 'day');
    // Two orders run out within 30 days: their length of need ends 20 days from today.
    const runningOut = k === 1 || k === 4;
    // Its length of need in whole years, long enough to cover the first delivery and ending 20 days from today.
    const months =
      [12, 24, 36, 48, 60, 72, 84, 96].find((m) => shiftDate(today, 21, 'day') <= shiftDate(written, m, 'month')) ?? 96;
    const swo = {
      patient_id: p.id,
      type: 'standard_written_order' as const,
      date: runningOut ? shiftDate(shiftDate(today, 21, 'day'), -months, 'month') : written,
      ...practitioner,
      items: JSON.stringify(p.codes.map((hcpcs) => ({ hcpcs, quantity: 1 }))),
      hcpcs: p.codes,
      length_of_need_months: runningOut ? months : 99,
      user_id: admin.id,
    };
    // Its authorized codes; two more patients were authorized ahead of a support surface (E0277).
    const listed = p.codes.filter((c) => DEMO_PRIOR_AUTH_HCPCS.includes(c));
    const surfaces = listed.length > 0 || (k !== 2 && k !== 5) ? listed : ['E0277'];
    const authorization = surfaces.length
      ? [
          {
            patient_id: p.id,
            type: 'prior_authorization' as const,
            date: written,
            vendor_id: p.vendor_id,
            number: `PA${String(88000 + p.id)}`,
            hcpcs: surfaces,
            units: 13,
            start_date: written,
            end_date: shiftDate(today, k % 2 === 0 ? 25 : 200, 'day'),
            user_id: admin.id,
          },
        ]
      : [];
    const encounter = p.codes.some((c) => c.startsWith('K08'))
      ? [{ patient_id: p.id, type: 'face_to_face' as const, date: shiftDate(written, -20, 'day'), ...practitioner }]
      : [];
    return [swo, ...authorization, ...encounter];
  });
  await db.transaction().execute(async (trx) => {
    if (rows.length) await trx.insertInto('documents').values(rows).execute();
    if (!released) return;
    const occurrence = await trx
      .selectFrom('ocurrences as oc')
      .innerJoin('orders as o', 'o.id', 'oc.order_id')
      .select('oc.id')
      .where('o.patient_id', '=', released.id)
      .where('oc.date', '>=', today)
      .where('oc.shipped', '=', false)
      .orderBy('oc.date')
      .executeTakeFirst();
    if (!occurrence) return;
    const held = await holdsOfOccurrence(trx, occurrence.id);
    if (!held?.holds.length) return;
    await trx
      .insertInto('hold_releases')
      .values({
        ocurrence_id: occurrence.id,
        reason: 'Written order requested from the physician; delivering on the verbal order',
        holds: held.holds,
        user_id: admin.id,
      })
      .execute();
  });
}
