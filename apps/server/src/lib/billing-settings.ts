import { BILLING_SETTINGS_FIELDS, type BillingSettings } from '@dme/shared';
import type { Executor } from '../db/database.ts';

/**
 * The office's one row of billing settings (id 1, made by migration 0031): read by the settings
 * screen and by every claim and batch (the billing provider, submitter and receiver).
 */

export const SETTINGS_ID = 1;

export const BILLING_SETTINGS_COLUMNS = BILLING_SETTINGS_FIELDS;

/** The row (made again with its defaults should it be missing), optionally locked for a save. */
export async function readBillingSettings(db: Executor, opts: { lock?: boolean } = {}): Promise<BillingSettings> {
  const read = () =>
    db
      .selectFrom('billing_settings')
      .select(BILLING_SETTINGS_COLUMNS)
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
