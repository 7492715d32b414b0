import { sql } from 'kysely';
import type { Db } from '../database.ts';

/**
 * The demo office's payers: Medicare, the state Medicaid plans, the commercial insurers an Iowa
 * home medical equipment office bills most, and Cash for patients who pay themselves.
 * Idempotent: a vendor that exists (any case) is left as it is.
 */
export const DEMO_VENDORS: { name: string; phone: string }[] = [
  { name: 'Medicare (Noridian JD DME)', phone: '877-320-0390' },
  { name: 'Iowa Medicaid (IME)', phone: '800-338-8366' },
  { name: 'Amerigroup Iowa', phone: '800-600-4441' },
  { name: 'Iowa Total Care', phone: '833-404-1061' },
  { name: 'Wellmark Blue Cross Blue Shield', phone: '800-524-9242' },
  { name: 'Aetna', phone: '800-872-3862' },
  { name: 'UnitedHealthcare', phone: '877-842-3210' },
  { name: 'Humana Medicare Advantage', phone: '800-457-4708' },
  { name: 'Cash', phone: '515-555-0142' },
];

export async function seedDemoBilling(db: Db): Promise<void> {
  await db
    .insertInto('vendors')
    .values(DEMO_VENDORS)
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
}
