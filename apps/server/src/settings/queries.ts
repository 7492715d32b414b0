import { sql } from 'kysely';
import type { BillingSettings, BillingSettingsBody } from '@dme/shared';
import type { Db } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { BILLING_SETTINGS_COLUMNS, readBillingSettings, SETTINGS_ID } from '../lib/billing-settings.ts';

/** The office's one row of billing settings (id 1, made by migration 0031). */

export function getBillingSettings(db: Db): Promise<BillingSettings> {
  return readBillingSettings(db);
}

/** Saves every field (an unfinished setting saves too; the claim checks name what is missing), audited. */
export function saveBillingSettings(db: Db, actorId: number, body: BillingSettingsBody): Promise<BillingSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await readBillingSettings(trx, { lock: true });
    if (BILLING_SETTINGS_COLUMNS.every((c) => before[c] === body[c])) return before;
    const after = await trx
      .updateTable('billing_settings')
      .set({ ...body, updated_by: actorId, updated_at: sql`now()` })
      .where('id', '=', SETTINGS_ID)
      .returning(BILLING_SETTINGS_COLUMNS)
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
