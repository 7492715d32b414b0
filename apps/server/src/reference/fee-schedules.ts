import { sql } from 'kysely';
import {
  FEE_SCHEDULE_MESSAGES,
  feeScheduleImportFieldsSchema,
  parseDmeposCsv,
  parseRuralZipCsv,
  type FeeSchedule,
} from '@dme/shared';
import type { Db, Executor } from '../db/database.ts';
import { writeFeeSchedule } from '../db/fee-schedule-reference.ts';
import { audit } from '../lib/audit.ts';
import { validation, type FieldErrors } from '../lib/errors.ts';
import type { TextForm } from '../lib/text-upload.ts';

/** The CMS DMEPOS fee schedules: their list, and the import of a quarter's file. */

const scheduleColumns = [
  'id',
  sql<string>`effective_date::text`.as('effective_date'),
  'quarter',
  'source',
  'row_count',
  'zip_count',
  sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created'),
] as const;

/** Every schedule, the newest effective date first. */
export function listFeeSchedules(db: Executor): Promise<FeeSchedule[]> {
  return db.selectFrom('fee_schedules').select(scheduleColumns).orderBy('effective_date', 'desc').execute();
}

/** A reader's refusal as a 422 on the file's field. */
function read<T>(field: string, parse: () => T): T | FieldErrors {
  try {
    return parse();
  } catch (err) {
    return { [field]: [(err as Error).message] };
  }
}

const isErrors = (value: unknown): value is FieldErrors =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Reads the form's DMEPOS file (`file`), optional rural ZIP file (`rural_zips`) and effective date,
 * then replaces the schedule of that date (others are kept) in one transaction, audited. Anything
 * wrong is a 422 before a row is written.
 */
export async function importFeeSchedule(db: Db, actorId: number, form: TextForm): Promise<FeeSchedule> {
  const errors: FieldErrors = {};
  const fields = feeScheduleImportFieldsSchema.safeParse(form.fields);
  if (!fields.success)
    errors.effective_date = [fields.error.issues[0]?.message ?? FEE_SCHEDULE_MESSAGES.effectiveDateRequired];
  const file = form.files.file;
  const rows = file ? read('file', () => parseDmeposCsv(file.text)) : { file: [FEE_SCHEDULE_MESSAGES.fileRequired] };
  if (isErrors(rows)) Object.assign(errors, rows);
  const ruralFile = form.files.rural_zips;
  const zips = ruralFile ? read('rural_zips', () => parseRuralZipCsv(ruralFile.text)) : null;
  if (isErrors(zips)) Object.assign(errors, zips);
  if (Object.keys(errors).length > 0 || !fields.success || isErrors(rows) || isErrors(zips) || !file)
    throw validation(errors);
  const { effective_date } = fields.data;
  return db.transaction().execute(async (trx) => {
    const id = await writeFeeSchedule(trx, { effective_date, source: file.fileName, userId: actorId }, rows, zips);
    const schedule = await trx
      .selectFrom('fee_schedules')
      .select(scheduleColumns)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: actorId, action: 'create', entity: 'fee_schedule', entityId: id, after: schedule });
    return schedule;
  });
}
