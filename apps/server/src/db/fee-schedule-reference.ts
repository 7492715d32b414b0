import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { parseDmeposCsv, parseRuralZipCsv, quarterOf, type FeeRow, type RuralZip } from '@dme/shared';
import type { Db, Trx } from './database.ts';
import { decodeText } from '../lib/text-upload.ts';

/**
 * The CMS DMEPOS fee schedule of January 2025 and its rural ZIP codes, shipped with the product
 * (public domain; see reference/cms/dmepos-2025-jan/README.md). Loaded into fee_schedules when it
 * holds no schedule (first start, every test database); an office imports a newer quarter with
 * POST /api/reference/fee_schedule/.
 */
const SHIPPED_FOLDER = path.resolve(import.meta.dirname, '../../reference/cms/dmepos-2025-jan');
export const SHIPPED_DMEPOS_FILE = path.join(SHIPPED_FOLDER, 'DMEPOS_JAN.csv');
export const SHIPPED_RURAL_ZIP_FILE = path.join(SHIPPED_FOLDER, 'DME Rural ZIP Code Quarter 1, 2025.csv');
export const SHIPPED_SCHEDULE = { effective_date: '2025-01-01', source: 'CMS DMEPOS January 2025' } as const;

interface ScheduleFiles {
  rows: FeeRow[];
  zips: RuralZip[];
}

let shipped: Promise<ScheduleFiles> | null = null;

/** The shipped files, read and parsed once per process. */
function shippedFiles(): Promise<ScheduleFiles> {
  shipped ??= Promise.all([fs.readFile(SHIPPED_DMEPOS_FILE), fs.readFile(SHIPPED_RURAL_ZIP_FILE)]).then(
    ([dmepos, zips]) => ({ rows: parseDmeposCsv(decodeText(dmepos)), zips: parseRuralZipCsv(decodeText(zips)) }),
  );
  return shipped;
}

/** Rows per INSERT: one parameter per column of a batch, so the statement stays a few hundred kB. */
const BATCH = 1000;

/**
 * Writes a schedule's rows in batches of BATCH, each batch one JSON parameter read with
 * jsonb_to_recordset (a text[] of JSON documents costs an array literal's escaping and parse, and
 * measured about twice as slow).
 */
async function insertRows(trx: Trx, scheduleId: number, rows: readonly FeeRow[]): Promise<void> {
  for (let from = 0; from < rows.length; from += BATCH) {
    const batch = rows.slice(from, from + BATCH).map((r) => ({
      hcpcs: r.hcpcs,
      modifier_1: r.modifier1,
      modifier_2: r.modifier2,
      jurisdiction: r.jurisdiction,
      category: r.category,
      description: r.description,
      fees: r.fees,
    }));
    await sql`
      INSERT INTO fee_schedule_rows (schedule_id, hcpcs, modifier_1, modifier_2, jurisdiction, category, description, fees)
      SELECT ${scheduleId}, r.hcpcs, r.modifier_1, r.modifier_2, r.jurisdiction, r.category, r.description, r.fees
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        AS r(hcpcs text, modifier_1 text, modifier_2 text, jurisdiction text, category text, description text, fees jsonb)
    `.execute(trx);
  }
}

async function insertZips(
  trx: Trx,
  scheduleId: number,
  zips: readonly Pick<RuralZip, 'zip' | 'state'>[],
): Promise<void> {
  for (let from = 0; from < zips.length; from += BATCH * 5) {
    const batch = zips.slice(from, from + BATCH * 5);
    await sql`
      INSERT INTO fee_schedule_rural_zips (schedule_id, zip, state)
      SELECT ${scheduleId}, z.zip, z.state
      FROM unnest(${batch.map((z) => z.zip)}::text[], ${batch.map((z) => z.state)}::text[]) AS z(zip, state)
    `.execute(trx);
  }
}

/**
 * The schedule whose rural ZIP codes a new schedule without its own file takes: the one in force
 * on its date (the one it replaces, or the latest before it), else the earliest after it.
 */
async function zipDonor(trx: Trx, effectiveDate: string): Promise<number | null> {
  const row = await trx
    .selectFrom('fee_schedules')
    .select('id')
    .orderBy(sql`effective_date <= ${effectiveDate}::date`, 'desc')
    .orderBy(sql`abs(effective_date - ${effectiveDate}::date)`)
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface NewSchedule {
  effective_date: string;
  source: string;
  userId: number | null;
}

/**
 * Writes a schedule in the caller's transaction, replacing the one of the same effective date
 * (others are kept). Without `zips` it copies the rural ZIP codes of the schedule in force on its
 * date. Answers the new schedule's id.
 */
export async function writeFeeSchedule(
  trx: Trx,
  schedule: NewSchedule,
  rows: readonly FeeRow[],
  zips: readonly RuralZip[] | null,
): Promise<number> {
  // Two imports of one date at once: the second waits, then replaces the first.
  await sql`SELECT pg_advisory_xact_lock(hashtext('fee_schedules'))`.execute(trx);
  const donor = zips === null ? await zipDonor(trx, schedule.effective_date) : null;
  const donorZips =
    donor === null
      ? []
      : await trx
          .selectFrom('fee_schedule_rural_zips')
          .select(['zip', 'state'])
          .where('schedule_id', '=', donor)
          .execute();
  await trx.deleteFrom('fee_schedules').where('effective_date', '=', schedule.effective_date).execute();
  const ruralZips = zips ?? donorZips;
  const { id } = await trx
    .insertInto('fee_schedules')
    .values({
      effective_date: schedule.effective_date,
      quarter: quarterOf(schedule.effective_date),
      source: schedule.source,
      row_count: rows.length,
      zip_count: ruralZips.length,
      user_id: schedule.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertRows(trx, id, rows);
  await insertZips(trx, id, ruralZips);
  return id;
}

/**
 * Loads the shipped schedule, in one transaction, when fee_schedules is empty; answers whether it
 * did. Safe with several processes starting at once: the lock serializes them and the second
 * finds the schedule there.
 */
export async function loadShippedFeeSchedule(db: Db): Promise<boolean> {
  const any = await db.selectFrom('fee_schedules').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const files = await shippedFiles();
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('fee_schedules'))`.execute(trx);
    const again = await trx.selectFrom('fee_schedules').select('id').limit(1).executeTakeFirst();
    if (again) return false;
    await writeFeeSchedule(trx, { ...SHIPPED_SCHEDULE, userId: null }, files.rows, files.zips);
    return true;
  });
}
