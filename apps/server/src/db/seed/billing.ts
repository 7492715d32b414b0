import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { DEMO_PAYERS } from './payers.ts';

/** The demo office's payers (seed/payers.ts), with their electronic claim fields. */
export const DEMO_VENDORS = DEMO_PAYERS;

/** A complete, valid set of settings: the demo's claims pass the checks without a visit to Settings. */
export const DEMO_BILLING_SETTINGS = {
  organization_name: 'DME Office Demo Supply',
  npi: '1245319599',
  tax_id: '421234567',
  taxonomy_code: '332B00000X',
  address_1: '1420 Grand Ave',
  address_2: 'Suite 200',
  city: 'Des Moines',
  state: 'IA',
  zip: '503092930',
  phone: '5155550100',
  submitter_name: 'DME Office Demo Supply',
  submitter_id: 'DMEDEMO01',
  submitter_contact_name: 'Billing Office',
  submitter_contact_phone: '5155550101',
  receiver_name: 'Demo Clearinghouse',
  receiver_id: 'DEMOCH',
  production: false,
  facility_place_of_service: '32',
};

/**
 * The office's payers and its billing settings (the billing provider, submitter and receiver of
 * its 837P files). Idempotent: a vendor that exists (any case) is left as it is, and settings
 * someone already filled in are kept.
 */
export async function seedDemoBilling(db: Db): Promise<void> {
  await db
    .insertInto('vendors')
    .values(DEMO_VENDORS)
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
  await db
    .insertInto('billing_settings')
    .values({ id: 1, ...DEMO_BILLING_SETTINGS })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet(DEMO_BILLING_SETTINGS).where('billing_settings.organization_name', '=', ''),
    )
    .execute();
}
