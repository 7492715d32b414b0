import { sql, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import type { AsyncBatch, BatchPrintItem, ShippingFilters } from '@dme/shared';
import { batchFileName, DOCUMENT_MESSAGES, SHIPPING_MESSAGES } from '@dme/shared';
import type { Database } from '../db/types.ts';
import type { BatchPrintsTable } from '../db/tables/billing.ts';
import { audit, auditBatchRead } from '../lib/audit.ts';
import { heldCondition } from '../lib/holds-sql.ts';
import { conflict, notFound } from '../lib/errors.ts';
import type { Jobs } from '../plugins/jobs.ts';
import { occurrencesWithin, type Executor } from './records.ts';
import { streamTickets, type TicketPdfOptions } from './pdf.ts';
import { batchTickets } from './tickets.ts';

type Db = Kysely<Database>;
type BatchRow = Selectable<BatchPrintsTable>;

export const LARGE_BATCH_JOB = 'shipping.large-batch';
export const ANALYZE_JOB = 'shipping.analyze';
/** A batch that marks at least this many occurrences refreshes the planner's statistics after. */
export const ANALYZE_MIN_ROWS = 1000;
/** A worker rendering a large batch writes its heartbeat (and progress) this often. */
export const HEARTBEAT_SECONDS = 2;
/**
 * A rendering whose heartbeat is older is taken for dead (its process crashed, or lost the
 * database) and started again: with the recovery's round every few seconds and the queue's poll, a
 * crashed batch is rendering again within a minute of a worker being there.
 */
export const STALE_AFTER_SECONDS = 40;

/** A batch marked rendering whose worker stopped answering (the database's clock on both sides). */
export const stalledRendering = sql<boolean>`(status = 'rendering' AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS})))`;

/**
 * What a batch prints (shared rule isAvailableForBatch): within the filters, eligibility on,
 * approved unless the patient is not called before delivery, no ticket yet, not in a batch, not
 * shipped. The partial index ocurrences_available_print_idx holds exactly these rows, with what
 * the count reads (migration 0014).
 */
export function availableOccurrences(db: Executor, filters: ShippingFilters) {
  return occurrencesWithin(db, { ...filters, hidden_shipped: false })
    .where('oc.eligibility_toggle', '=', true)
    .where('oc.printed', '=', false)
    .where('oc.ticket_created', 'is', null)
    .where('oc.shipped', '=', false)
    .where((eb) => eb.or([eb('oc.patient_call_before_delivery', '=', false), eb('oc.customer_approved', '=', true)]));
}

/** What a batch prints: the available occurrences that are not on hold (issue 34). */
export function printableOccurrences(db: Executor, filters: ShippingFilters) {
  return availableOccurrences(db, filters).where(sql<SqlBool>`NOT ${heldCondition('oc', rangeOf(filters))}`);
}

/** The filters' dates, when both are set (the held test then reads their services at once). */
const rangeOf = (filters: ShippingFilters) =>
  filters.start_date !== undefined && filters.end_date !== undefined
    ? { start: filters.start_date, end: filters.end_date }
    : null;

/** GET /getCountOcurrencesAvailablesForPrint/: how many a batch would print, and how many it leaves out as held. */
export async function countAvailable(db: Executor, filters: ShippingFilters): Promise<{ count: number; held: number }> {
  // The held test runs once: what is available less what is held is what a batch prints.
  const { available, held } = await availableOccurrences(db, filters)
    .select([
      sql<number>`count(*)::int`.as('available'),
      sql<number>`(count(*) FILTER (WHERE ${heldCondition('oc', rangeOf(filters))}))::int`.as('held'),
    ])
    .executeTakeFirstOrThrow();
  return { count: available - held, held };
}

/**
 * Step one of a batch: a batch row and the occurrences it prints, marked printed, in the batch,
 * and ticketed by the user (the batch prints their first ticket), in one transaction. The UPDATE
 * re-checks the availability under each row's lock, so two batches never share an occurrence.
 */
export function createBatch(
  db: Db,
  actor: { userId: number },
  filters: ShippingFilters,
  kind: 'batch' | 'large',
): Promise<{ batch: BatchRow; count: number; held: number }> {
  return db.transaction().execute((trx) => createBatchIn(trx, actor, filters, kind));
}

/** createBatch inside the caller's transaction. */
export async function createBatchIn(
  trx: Transaction<Database>,
  actor: { userId: number },
  filters: ShippingFilters,
  kind: 'batch' | 'large',
): Promise<{ batch: BatchRow; count: number; held: number }> {
  const { id } = await trx
    .insertInto('batch_prints')
    .values({
      kind,
      status: kind === 'large' ? 'queued' : 'created',
      filters: JSON.stringify(filters),
      user_id: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const marked = await trx
    .updateTable('ocurrences')
    .set({
      printed: true,
      batch_print_id: id,
      ticket_created: sql`now()`,
      user_ticket_id: actor.userId,
      updated_at: sql`now()`,
    })
    .where('id', 'in', printableOccurrences(trx, filters).select('oc.id'))
    .where('printed', '=', false)
    .where('ticket_created', 'is', null)
    .where('shipped', '=', false)
    .where('eligibility_toggle', '=', true)
    .returning(['id', 'date'])
    .execute();
  // What stayed available after the marking is what the batch left out: the held occurrences.
  const { held } = await availableOccurrences(trx, filters)
    .select(sql<number>`count(*)::int`.as('held'))
    .executeTakeFirstOrThrow();
  if (marked.length === 0) {
    throw conflict(held > 0 ? DOCUMENT_MESSAGES.heldSkipped(held) : SHIPPING_MESSAGES.nothingToPrint, 409);
  }
  let first = marked[0].date;
  let last = marked[0].date;
  for (const m of marked) {
    if (m.date < first) first = m.date;
    if (m.date > last) last = m.date;
  }
  const start = filters.start_date ?? first;
  const end = filters.end_date ?? last;
  const batch = await trx
    .updateTable('batch_prints')
    .set({ record_count: marked.length, start_date: start, end_date: end, file_name: batchFileName(start, end) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, {
    userId: actor.userId,
    action: 'create',
    entity: 'batch_print',
    entityId: id,
    after: { ...batch, ocurrence_ids: marked.map((m) => m.id) },
  });
  return { batch, count: marked.length, held };
}

export async function batchRow(db: Executor, id: number): Promise<BatchRow> {
  const batch = await db.selectFrom('batch_prints').selectAll().where('id', '=', id).executeTakeFirst();
  if (!batch) throw notFound();
  return batch;
}

/**
 * Who read a batch's tickets, in each of its patients' activity: one row per patient in one
 * statement ("printed shipping batch #12 (12 patients)" for the streamed PDF, "downloaded large
 * batch #12" for the file). Answers the number of patients.
 */
export function auditBatchTickets(
  db: Executor,
  userId: number,
  batchPrintId: number,
  entity: 'shipping_batch' | 'large_batch',
): Promise<number> {
  return auditBatchRead(
    db,
    { userId, entity, entityId: batchPrintId },
    db.selectFrom('ocurrences').select('patient_id').where('batch_print_id', '=', batchPrintId),
  );
}

export const batchName = (b: Pick<BatchRow, 'id' | 'file_name'>) => b.file_name ?? `shipping-status-batch-${b.id}.pdf`;

/** Step two of a batch: its tickets as one streamed PDF. */
export function streamBatch(
  db: Executor,
  batch: BatchRow,
  opts: TicketPdfOptions & {
    printedAt: Date;
    log: FastifyBaseLogger;
    onProgress?: (n: number) => Promise<void>;
    signal?: AbortSignal;
  },
): Readable {
  return streamTickets(batchTickets(db, batch.id), {
    ...opts,
    title: `Shipping batch ${batch.id}`,
    onError: (err) => opts.log.error({ err, batchPrintId: batch.id }, 'batch print failed'),
  });
}

/**
 * GET /async_confirm_export_batch: with a batch id, that batch is rendered to a file; otherwise a
 * new large batch is made of the available occurrences. The job is queued after the commit.
 */
export async function queueLargeBatch(
  db: Db,
  jobs: Jobs,
  actor: { userId: number },
  filters: ShippingFilters,
  batchPrintId: number | undefined,
): Promise<AsyncBatch> {
  // The job is sent once, when the batch becomes a queued large batch: with pg-boss in the same
  // transaction, in-process after the commit (the runner must see the committed batch).
  const { batch, queued } = await db.transaction().execute(async (trx) => {
    const result = await largeBatchIn(trx, actor, filters, batchPrintId);
    if (result.queued && jobs.transactional) await sendRender(trx, jobs, result.batch.id);
    return result;
  });
  if (queued && !jobs.transactional) await sendRender(db, jobs, batch.id);
  if (queued && batch.record_count >= ANALYZE_MIN_ROWS) await jobs.send(ANALYZE_JOB, {});
  return { batchPrintId: batch.id, count: batch.record_count, status: batch.status };
}

/**
 * Sends the job that renders a large batch and records its id on the batch (the recovery gives a
 * queued batch whose job is gone a new one). Inside `db`'s transaction when the runner is transactional.
 */
export async function sendRender(db: Executor, jobs: Jobs, batchPrintId: number): Promise<string> {
  const jobId = await jobs.send(LARGE_BATCH_JOB, { batchPrintId }, jobs.transactional ? db : undefined);
  await db.updateTable('batch_prints').set({ job_id: jobId }).where('id', '=', batchPrintId).execute();
  return jobId;
}

/** A new large batch of the filters, or batch `batchPrintId` made large; `queued` when it just became one. */
async function largeBatchIn(
  trx: Transaction<Database>,
  actor: { userId: number },
  filters: ShippingFilters,
  batchPrintId: number | undefined,
): Promise<{ batch: BatchRow; queued: boolean }> {
  if (batchPrintId === undefined)
    return { batch: (await createBatchIn(trx, actor, filters, 'large')).batch, queued: true };
  const before = await trx
    .selectFrom('batch_prints')
    .selectAll()
    .where('id', '=', batchPrintId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw notFound();
  if (before.kind === 'large') return { batch: before, queued: false };
  const after = await trx
    .updateTable('batch_prints')
    .set({ kind: 'large', status: 'queued' })
    .where('id', '=', batchPrintId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, {
    userId: actor.userId,
    action: 'update',
    entity: 'batch_print',
    entityId: after.id,
    before,
    after,
  });
  return { batch: after, queued: true };
}

export const batchDownloadUrl = (id: number) => `/api/batch_prints/${id}/download/`;

/** GET /list_batch_prints/: large batches newest first; finished ones carry their file's url. */
export async function listBatchPrints(db: Executor, page: number, pageSize: number): Promise<BatchPrintItem[]> {
  const rows = await db
    .selectFrom('batch_prints')
    .selectAll()
    .select(stalledRendering.as('stalled'))
    .where('kind', '=', 'large')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return rows.map((b) => ({
    id: b.id,
    name: batchName(b),
    url: b.status === 'done' && b.file_key ? batchDownloadUrl(b.id) : null,
    status: b.status,
    size: b.status === 'done' ? b.size_bytes : null,
    time: b.created_at.toISOString(),
    finished_at: b.finished_at ? b.finished_at.toISOString() : null,
    record_count: b.record_count,
    rendered_count: b.rendered_count,
    attempts: b.attempts,
    stalled: b.stalled,
    error: b.error,
  }));
}

/** A finished large batch's file; 404 unknown, 409 while it is still rendering. */
export async function batchFile(db: Executor, id: number): Promise<{ key: string; name: string; size: number | null }> {
  const b = await batchRow(db, id);
  if (b.kind !== 'large') throw notFound();
  if (b.status !== 'done' || !b.file_key) throw conflict(SHIPPING_MESSAGES.batchNotReady, 409);
  return { key: b.file_key, name: batchName(b), size: b.size_bytes };
}
