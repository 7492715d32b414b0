import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SHIPPING_MESSAGES, type AsyncBatch, type BatchPrintItem, type ExportBatch } from '@dme/shared';
import { setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { createPgBossJobs } from '../plugins/pg-boss-jobs.ts';
import { createLocalStorage } from '../plugins/storage.ts';
import { LARGE_BATCH_JOB, queueLargeBatch } from './batches.ts';
import { defineShippingJobs } from './large-batch-job.ts';
import { get, occurrence, readPdf } from '../test/shipping.ts';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Five occurrences of one week for one last name: three a batch prints, two it does not. */
async function week(start: string) {
  const lastName = unique('Batch');
  const day = (n: number) => `${start.slice(0, 8)}${String(Number(start.slice(8)) + n).padStart(2, '0')}`;
  const printable = [
    await occurrence(t, { date: day(0), lastName, quantities: [4] }),
    await occurrence(t, { date: day(1), lastName, callBeforeDelivery: true, approved: true, quantities: [6] }),
    await occurrence(t, { date: day(2), lastName, quantities: [9] }),
  ];
  const skipped = [
    await occurrence(t, { date: day(3), lastName, eligible: false }),
    await occurrence(t, { date: day(4), lastName, callBeforeDelivery: true, approved: false }),
  ];
  const query = `start_date=${day(0)}&end_date=${day(6)}&search=${lastName}`;
  return { lastName, printable, skipped, query, start: day(0), end: day(6) };
}

const count = async (query: string) => {
  const res = await get(t, `/api/getCountOcurrencesAvailablesForPrint/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { count: number }).count;
};

const listBatches = async () => {
  const res = await get(t, '/api/list_batch_prints/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BatchPrintItem[];
};

describe('batch print', () => {
  it('counts, marks and prints exactly the available records, once', async () => {
    const w = await week('2032-01-05');
    // A ticket printed on its own is no longer available for a batch.
    const single = await occurrence(t, { date: w.start, lastName: w.lastName });
    expect((await get(t, `/api/export/${single.id}/print/`)).statusCode).toBe(200);
    expect(await count(w.query)).toBe(3);

    const created = await get(t, `/api/export_batch?${w.query}`);
    expect(created.statusCode, created.body).toBe(200);
    const batch = created.json() as ExportBatch;
    expect(batch).toMatchObject({ count: 3, name: `shipping-status-${w.start}-${w.end}.pdf` });

    const marked = await t.db
      .selectFrom('ocurrences')
      .select(['id', 'printed', 'batch_print_id', 'ticket_created', 'user_ticket_id'])
      .where('batch_print_id', '=', batch.batchPrintId)
      .orderBy('id')
      .execute();
    expect(marked.map((m) => m.id)).toEqual(w.printable.map((p) => p.id));
    expect(marked.every((m) => m.printed && m.ticket_created !== null && m.user_ticket_id !== null)).toBe(true);
    expect(await count(w.query)).toBe(0);
    const again = await get(t, `/api/export_batch?${w.query}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: SHIPPING_MESSAGES.nothingToPrint });

    const pdf = await get(t, `/api/confirm_export_batch?batchPrintId=${batch.batchPrintId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="shipping-status-${w.start}-${w.end}.pdf"`);
    const { text, pages } = readPdf(pdf.rawPayload);
    expect(pages).toBe(3);
    for (const p of w.printable) expect(text).toContain(`Ticket #${p.id}`);
    for (const p of [...w.skipped, single]) expect(text).not.toContain(`Ticket #${p.id}`);
    expect(text).toContain('Total quantity: 4');
    expect(text).toContain('Total quantity: 6');
    expect(text).toContain('Total quantity: 9');
    // Tickets follow the date order, one per page.
    expect(text.indexOf(`Ticket #${w.printable[0].id}`)).toBeLessThan(text.indexOf(`Ticket #${w.printable[2].id}`));
  });

  it('never puts an occurrence in two batches made at the same time', async () => {
    const w = await week('2032-02-02');
    const answers = await Promise.all([1, 2, 3, 4].map(() => get(t, `/api/export_batch?${w.query}`)));
    const made = answers.filter((r) => r.statusCode === 200).map((r) => r.json() as ExportBatch);
    expect(made.reduce((sum, b) => sum + b.count, 0)).toBe(3);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
  });

  it('answers 404 for an unknown batch and 422 without a batch id', async () => {
    expect((await get(t, '/api/confirm_export_batch?batchPrintId=999999')).statusCode).toBe(404);
    expect((await get(t, '/api/confirm_export_batch')).statusCode).toBe(422);
    expect((await get(t, '/api/getCountOcurrencesAvailablesForPrint/?start_date=nope')).statusCode).toBe(422);
  });
});

describe('large batch print', () => {
  it('queues the rendering, lists it while it renders and lists the finished file', async () => {
    const w = await week('2032-03-01');
    const res = await get(t, `/api/async_confirm_export_batch?${w.query}`);
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json() as AsyncBatch;
    expect(queued).toMatchObject({ count: 3, status: 'queued' });
    await t.app.ctx.jobs.idle();

    const items = await listBatches();
    const item = items.find((i) => i.id === queued.batchPrintId)!;
    expect(item).toMatchObject({
      name: `shipping-status-${w.start}-${w.end}.pdf`,
      url: `/api/batch_prints/${queued.batchPrintId}/download/`,
      status: 'done',
      record_count: 3,
      rendered_count: 3,
    });
    expect(item.size).toBeGreaterThan(1000);
    expect(items[0].id).toBe(Math.max(...items.map((i) => i.id)));

    const anonymous = await t.app.inject({ method: 'GET', url: item.url! });
    expect(anonymous.statusCode).toBe(401);
    const file = await get(t, item.url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${item.name}"`);
    const { text, pages } = readPdf(file.rawPayload);
    expect(pages).toBe(3);
    for (const p of w.printable) expect(text).toContain(`Ticket #${p.id}`);
  });

  it('renders a batch made in step one, and refuses the download of an unfinished one', async () => {
    const w = await week('2032-04-05');
    const { batchPrintId } = (await get(t, `/api/export_batch?${w.query}`)).json() as ExportBatch;
    expect((await get(t, `/api/batch_prints/${batchPrintId}/download/`)).statusCode).toBe(404);
    await t.db
      .updateTable('batch_prints')
      .set({ kind: 'large', status: 'queued' })
      .where('id', '=', batchPrintId)
      .execute();
    const notYet = await get(t, `/api/batch_prints/${batchPrintId}/download/`);
    expect(notYet.statusCode).toBe(409);
    expect((await listBatches()).find((i) => i.id === batchPrintId)).toMatchObject({ status: 'queued', url: null });
    await t.db
      .updateTable('batch_prints')
      .set({ kind: 'batch', status: 'created' })
      .where('id', '=', batchPrintId)
      .execute();

    const res = await get(t, `/api/async_confirm_export_batch?batchPrintId=${batchPrintId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ batchPrintId, count: 3, status: 'queued' });
    await t.app.ctx.jobs.idle();
    expect((await listBatches()).find((i) => i.id === batchPrintId)).toMatchObject({ status: 'done' });
    expect((await get(t, '/api/async_confirm_export_batch?batchPrintId=999999')).statusCode).toBe(404);
  });

  it('retries a batch interrupted by a restart and lists it only once finished', async () => {
    const w = await week('2032-05-03');
    // A process stopped in the middle of the rendering: the batch is left 'rendering', no file.
    const { batchPrintId } = (await get(t, `/api/export_batch?${w.query}`)).json() as ExportBatch;
    await t.db
      .updateTable('batch_prints')
      .set({ kind: 'large', status: 'rendering', attempts: 1, rendered_count: 1 })
      .where('id', '=', batchPrintId)
      .execute();
    expect((await listBatches()).find((i) => i.id === batchPrintId)).toMatchObject({ status: 'rendering', url: null });
    await t.app.ctx.jobs.start();
    await t.app.ctx.jobs.idle();
    const item = (await listBatches()).find((i) => i.id === batchPrintId)!;
    expect(item).toMatchObject({ status: 'done', rendered_count: 3 });
    expect(readPdf((await get(t, item.url!)).rawPayload).pages).toBe(3);
    const row = await t.db
      .selectFrom('batch_prints')
      .select('attempts')
      .where('id', '=', batchPrintId)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
  });

  it('runs the same job in pg-boss on a PostgreSQL server (in-process on embedded PGlite)', async () => {
    expect(t.app.ctx.jobs.mode).toBe('in-process');
    // pg-boss needs a PostgreSQL server: on embedded PGlite the in-process runner above is the one.
    if (!process.env.TEST_DATABASE_URL) return;
    const w = await week('2032-06-07');
    const jobs = createPgBossJobs({ db: t.db, log: t.app.log, pollingIntervalSeconds: 0.5 });
    defineShippingJobs(jobs, {
      db: t.db,
      storage: createLocalStorage(t.config.dataDir),
      business: t.config.business,
      officeToday: () => '2032-06-07',
      log: t.app.log,
    });
    try {
      await jobs.start({ worker: true });
      const admin = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      const queued = await queueLargeBatch(
        t.db,
        jobs,
        { userId: admin.id },
        { search: w.lastName, start_date: w.start, end_date: w.end, facility: 'All', hidden_shipped: false },
        undefined,
      );
      expect(queued.count).toBe(3);
      const deadline = Date.now() + 20_000;
      let status = 'queued';
      while (status !== 'done' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const row = await t.db
          .selectFrom('batch_prints')
          .select('status')
          .where('id', '=', queued.batchPrintId)
          .executeTakeFirstOrThrow();
        status = row.status;
      }
      expect(status).toBe('done');
      const item = (await listBatches()).find((i) => i.id === queued.batchPrintId)!;
      expect(readPdf((await get(t, item.url!)).rawPayload).pages).toBe(3);
      const jobRows = await sql<{
        state: string;
      }>`SELECT state FROM pgboss.job WHERE name = ${LARGE_BATCH_JOB}`.execute(t.db);
      expect(jobRows.rows.map((r) => r.state)).toContain('completed');
    } finally {
      await jobs.stop();
    }
  });
});
