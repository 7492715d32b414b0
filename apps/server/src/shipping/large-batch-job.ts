import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { LARGE_BATCH_ATTEMPTS, SHIPPING_MESSAGES } from '@dme/shared';
import type { Database } from '../db/types.ts';
import type { JobContext, Jobs, RecoverOptions } from '../plugins/jobs.ts';
import type { Storage } from '../plugins/storage.ts';
import type { TicketPdfOptions } from './pdf.ts';
import {
  ANALYZE_JOB,
  HEARTBEAT_SECONDS,
  LARGE_BATCH_JOB,
  sendRender,
  stalledRendering,
  streamBatch,
} from './batches.ts';

/**
 * The large batch job and its recovery. A rendering worker owns its batch through the key of the
 * file it writes (`partial_key`, recorded before the first byte): its heartbeat, its finish and
 * its failure all match on that key, so a worker that was taken for dead and replaced changes
 * nothing. The recovery (every working process, every few seconds) takes a rendering whose
 * heartbeat went stale for dead: it removes the file left half-written and queues the batch
 * again, or marks it failed once it has had all its attempts.
 */

type Db = Kysely<Database>;
const STORAGE_FOLDER = 'batch-prints';

export interface LargeBatchDeps {
  db: Db;
  storage: Storage;
  business: TicketPdfOptions['business'];
  officeToday: () => string;
  log: FastifyBaseLogger;
}

/** The batch was recovered by another worker while this one rendered it. */
class TakenOver extends Error {}

/**
 * While a batch renders: its heartbeat and progress written every HEARTBEAT_SECONDS. `signal`
 * aborts on shutdown, or when the batch is no longer this worker's (recovered by another one).
 */
function startHeartbeat(deps: LargeBatchDeps, batchPrintId: number, key: string, shutdown: AbortSignal) {
  const taken = new AbortController();
  let written = 0;
  let failing = false;
  let beating: Promise<void> | null = null;
  const beat = async () => {
    try {
      const result = await deps.db
        .updateTable('batch_prints')
        .set({ heartbeat_at: sql`now()`, rendered_count: written })
        .where('id', '=', batchPrintId)
        .where('partial_key', '=', key)
        .executeTakeFirst();
      failing = false;
      if (result.numUpdatedRows === 0n) taken.abort();
    } catch (err) {
      // The rendering's own queries fail too if the database stays away; a stale heartbeat lets
      // another worker take over in the end.
      if (!failing) deps.log.warn({ err, batchPrintId }, 'large batch heartbeat not written');
      failing = true;
    }
  };
  const timer = setInterval(() => {
    beating ??= beat().finally(() => (beating = null));
  }, HEARTBEAT_SECONDS * 1000);
  return {
    signal: AbortSignal.any([shutdown, taken.signal]),
    taken: () => taken.signal.aborted,
    progress: (n: number) => void (written = n),
    async stop() {
      clearInterval(timer);
      await beating;
    },
  };
}

/**
 * The large batch job: renders the batch to a file in storage and marks it done only once the
 * file is complete, so a half-written file is never listed. Idempotent: only a queued batch is
 * taken; one done, failed or rendering elsewhere is left alone.
 */
export async function renderLargeBatch(
  deps: LargeBatchDeps,
  data: { batchPrintId: number },
  job: JobContext,
): Promise<void> {
  const { db, storage, log } = deps;
  const key = storage.newKey(STORAGE_FOLDER, 'pdf');
  const claimed = await db
    .updateTable('batch_prints')
    .set({
      status: 'rendering',
      attempts: sql`attempts + 1`,
      rendered_count: 0,
      error: null,
      partial_key: key,
      heartbeat_at: sql`now()`,
      rendered_by: job.worker,
    })
    .where('id', '=', data.batchPrintId)
    .where('kind', '=', 'large')
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return;
  const batchPrintId = claimed.id;
  const heartbeat = startHeartbeat(deps, batchPrintId, key, job.signal);
  try {
    const stream = streamBatch(db, claimed, {
      business: deps.business,
      printedOn: deps.officeToday(),
      printedAt: new Date(),
      log,
      signal: heartbeat.signal,
      onProgress: async (written) => heartbeat.progress(written),
    });
    const { size } = await storage.put(STORAGE_FOLDER, stream, { key });
    await heartbeat.stop();
    const done = await db
      .updateTable('batch_prints')
      .set({
        status: 'done',
        file_key: key,
        partial_key: null,
        size_bytes: size,
        rendered_count: claimed.record_count,
        heartbeat_at: sql`now()`,
        finished_at: sql`now()`,
      })
      .where('id', '=', batchPrintId)
      .where('partial_key', '=', key)
      .returning('id')
      .executeTakeFirst();
    if (!done) throw new TakenOver();
    log.info({ batchPrintId, tickets: claimed.record_count, size, worker: job.worker }, 'large batch rendered');
  } catch (err) {
    await heartbeat.stop();
    // Whatever stopped the rendering, its file goes (a complete one too, if only marking it done failed).
    await storage.remove(key);
    if (err instanceof TakenOver || heartbeat.taken()) {
      log.warn({ batchPrintId, worker: job.worker }, 'large batch taken over by another worker');
      return;
    }
    // A shutdown is not the batch's fault: the rendering it stopped is not counted.
    const interrupted = job.signal.aborted;
    const final = !interrupted && claimed.attempts >= LARGE_BATCH_ATTEMPTS;
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await db
      .updateTable('batch_prints')
      .set(
        interrupted
          ? { status: 'queued', partial_key: null, attempts: sql`attempts - 1` }
          : final
            ? { status: 'failed', partial_key: null, error: message, finished_at: sql`now()` }
            : { status: 'queued', partial_key: null, error: message },
      )
      .where('id', '=', batchPrintId)
      .where('partial_key', '=', key)
      .execute();
    if (!final) throw err;
    log.error({ err, batchPrintId, attempts: claimed.attempts }, 'large batch failed');
  }
}

/**
 * Puts a rendering whose worker is gone back in the queue (or marks it failed once it has had all
 * its attempts), its half-written file removed first. Row by row, each locked, so two processes
 * recovering at once never both take the same batch.
 */
async function recoverStalled(deps: LargeBatchDeps, jobs: Jobs, batchPrintId: number, opts: RecoverOptions) {
  const { db, storage, log } = deps;
  const requeued = await db.transaction().execute(async (trx) => {
    let row = trx
      .selectFrom('batch_prints')
      .select(['id', 'attempts', 'partial_key', 'rendered_by', 'rendered_count'])
      .where('id', '=', batchPrintId)
      .where('kind', '=', 'large')
      .where('status', '=', 'rendering');
    if (!opts.soleRunnerStarting) row = row.where(stalledRendering);
    const batch = await row.forUpdate().skipLocked().executeTakeFirst();
    if (!batch) return false;
    if (batch.partial_key) await storage.remove(batch.partial_key);
    const failed = batch.attempts >= LARGE_BATCH_ATTEMPTS;
    await trx
      .updateTable('batch_prints')
      .set({
        status: failed ? 'failed' : 'queued',
        partial_key: null,
        rendered_count: 0,
        error: SHIPPING_MESSAGES.batchInterrupted,
        ...(failed ? { finished_at: sql`now()` } : {}),
      })
      .where('id', '=', batch.id)
      .execute();
    log.warn(
      { batchPrintId, worker: batch.rendered_by, attempts: batch.attempts, rendered: batch.rendered_count },
      failed ? 'large batch interrupted once too often, marked failed' : 'large batch interrupted, queued again',
    );
    if (!failed && jobs.transactional) await sendRender(trx, jobs, batch.id);
    return !failed;
  });
  if (requeued && !jobs.transactional) await sendRender(db, jobs, batchPrintId);
}

/** Gives a queued batch whose job is gone (retries used up while the database was away, a restart) a new job. */
async function resendQueued(deps: LargeBatchDeps, jobs: Jobs, batchPrintId: number, jobId: string | null) {
  const { db } = deps;
  if (jobId !== null && (await jobs.isLive(LARGE_BATCH_JOB, jobId))) return;
  const resent = await db.transaction().execute(async (trx) => {
    const batch = await trx
      .selectFrom('batch_prints')
      .select('id')
      .where('id', '=', batchPrintId)
      .where('status', '=', 'queued')
      .where((eb) => (jobId === null ? eb('job_id', 'is', null) : eb('job_id', '=', jobId)))
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!batch) return false;
    if (jobs.transactional) await sendRender(trx, jobs, batch.id);
    return true;
  });
  if (resent && !jobs.transactional) await sendRender(db, jobs, batchPrintId);
}

/** The large batch job's recovery: stalled renderings first, then queued batches without a job. */
export async function recoverLargeBatches(deps: LargeBatchDeps, jobs: Jobs, opts: RecoverOptions): Promise<void> {
  const unfinished = await deps.db
    .selectFrom('batch_prints')
    .select(['id', 'status', 'job_id'])
    .select(stalledRendering.as('stalled'))
    .where('status', 'in', ['queued', 'rendering'])
    .where('kind', '=', 'large')
    .orderBy('id')
    .execute();
  for (const batch of unfinished) {
    if (batch.status === 'rendering' && (batch.stalled || opts.soleRunnerStarting)) {
      await recoverStalled(deps, jobs, batch.id, opts);
    }
  }
  for (const batch of unfinished) {
    if (batch.status === 'queued') await resendQueued(deps, jobs, batch.id, batch.job_id);
  }
}

/** The large batch and statistics jobs of the shipping area (the same handlers in every runner). */
export function defineShippingJobs(jobs: Jobs, deps: LargeBatchDeps): void {
  jobs.define<{ batchPrintId: number }>({
    name: LARGE_BATCH_JOB,
    handler: (data, job) => renderLargeBatch(deps, data, job),
    attempts: LARGE_BATCH_ATTEMPTS,
    retryDelaySeconds: 5,
    // Liveness is the batch's heartbeat (the recovery); the queue's expiry only frees a job whose
    // end could not be recorded.
    expireInSeconds: 600,
    recover: (opts) => recoverLargeBatches(deps, jobs, opts),
    keyOf: (data) => String(data.batchPrintId),
  });
  jobs.define<Record<string, never>>({
    name: ANALYZE_JOB,
    // Many occurrences changed at once: refresh the planner's statistics of the tables touched.
    handler: async () => {
      await sql`ANALYZE ocurrences, batch_prints`.execute(deps.db);
    },
    attempts: 1,
    retryDelaySeconds: 1,
    expireInSeconds: 300,
    keyOf: () => 'ocurrences',
  });
}
