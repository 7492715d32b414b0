import { sql } from 'kysely';
import type { BillingSettings, BillingSettingsBody } from '@dme/shared';
import type { Db, Executor } from '../db/database.ts';
import { audit } from '../lib/audit.ts';

/** The office's one row of billing settings (id 1, made by migration 0031). */

const SETTINGS_ID = 1;

const COLUMNS = [
  'organization_name',
  'npi',
  'tax_id',
  'taxonomy_code',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip',
  'phone',
  'submitter_name',
  'submitter_id',
  'submitter_contact_name',
  'submitter_contact_phone',
  'receiver_name',
  'receiver_id',
  'production',
  'facility_place_of_service',
] as const;

/** The row (made again with its defaults should it be missing), optionally locked for a save. */
async function settingsRow(db: Executor, opts: { lock?: boolean } = {}): Promise<BillingSettings> {
  const read = () =>
    db
      .selectFrom('billing_settings')
      .select(COLUMNS)
      .where('id', '=', SETTINGS_ID)
      .$if(opts.lock === true, (qb) => qb.forUpdate())
      .executeTakeFirst();
  const row = await read();
  if (row) return row;
  await db
    .insertInto('billing_settings')
    .values({ id: SETTINGS_ID })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await read())!;
}

export function getBillingSettings(db: Db): Promise<BillingSettings> {
  return settingsRow(db);
}

/** Saves every field (an unfinished setting saves too; the claim checks name what is missing), audited. */
export function saveBillingSettings(db: Db, actorId: number, body: BillingSettingsBody): Promise<BillingSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await settingsRow(trx, { lock: true });
    if (COLUMNS.every((c) => before[c] === body[c])) return before;
    const after = await trx
      .updateTable('billing_settings')
      .set({ ...body, updated_by: actorId, updated_at: sql`now()` })
      .where('id', '=', SETTINGS_ID)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await audit(trx, {
      userId: actorId,
      action: 'update',
      entity: 'billing_settings',
      entityId: SETTINGS_ID,
      before,
      after,
    });
    return after;
  });
}
