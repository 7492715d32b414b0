import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { activitySentence, shiftDate, type AsyncBatch, type ExportBatch, type PatientActivity } from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { addLine, createOrder, createPatient, createProduct, lineBody } from '../test/factories.ts';
import { invoicedOccurrence } from '../test/remittance.ts';
import { occurrence, patchShipping, ticket, type OccurrenceFixture } from '../test/shipping.ts';

/**
 * Reads of a patient's data beyond the record (issue 28): order, invoice, call and remittance
 * details and the documents (invoice PDF, delivery tickets, batch prints) each write an audit row
 * naming the reader and the patient, shown in the patient's activity in plain words; a read that
 * fails writes nothing, and lists write nothing.
 */
let t: TestContext;
let staff: { id: number; username: string; token: string };

beforeAll(async () => {
  t = await setupTestApp();
  staff = await t.userWithRole(2);
});
afterAll(async () => {
  await t?.close();
});

const read = (url: string, token = staff.token) => t.app.inject({ method: 'GET', url, headers: auth(token) });

async function expectStatus(url: string, status: number): Promise<void> {
  const res = await read(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
}

/** The patient's read entries, newest first, as the Activity tab words them. */
async function readsOf(patientId: number): Promise<{ entries: PatientActivity[]; words: string[] }> {
  const res = await read(`/api/patients/${patientId}/audit/?page_size=100`, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  const entries = (res.json() as { results: PatientActivity[] }).results.filter((r) => r.action === 'read');
  return { entries, words: entries.map(activitySentence) };
}

const auditRows = async () =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;

/** A second occurrence of the fixture's order on `date`, ready for a batch (eligibility on). */
async function anotherOccurrence(o: OccurrenceFixture, date: string): Promise<number> {
  const product = await createProduct(t);
  await addLine(
    t,
    o.orderId,
    lineBody(product, { recurrence_id: 5, service_date: date, end_date: shiftDate(date, 1, 'month') }),
  );
  const { id } = await t.db
    .updateTable('ocurrences')
    .set({ eligibility_toggle: true })
    .where('order_id', '=', o.orderId)
    .where('date', '=', date)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe('reads of a patient’s details', () => {
  it('records who viewed an order and its products, for its patient', async () => {
    const patient = await createPatient(t);
    const order = await createOrder(t, patient.id);
    const before = await auditRows();
    await expectStatus('/api/orders/999999/', 404);
    await expectStatus('/api/order_products/999999', 404);
    await expectStatus(`/api/orders/${order.id}/`, 200);
    await expectStatus(`/api/order_products/${order.id}`, 200);
    expect(await auditRows()).toBe(before + 2);

    const { entries, words } = await readsOf(patient.id);
    expect(words).toEqual([`S. Staff viewed products of order #${order.id}`, `S. Staff viewed order #${order.id}`]);
    expect(entries[1]).toMatchObject({ entity: 'order', entity_id: String(order.id), user: { id: staff.id } });
  });

  it('records who viewed or printed an invoice, and not its creation or the list', async () => {
    const o = await occurrence(t, { date: '2026-03-02' });
    await ticket(t, o.id);
    expect((await patchShipping(t, o.id, { shipped: true, eligibility_toggle: true })).statusCode).toBe(200);
    const { id: invoiceId } = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('ocurrence_id', '=', o.id)
      .executeTakeFirstOrThrow();
    await expectStatus('/api/invoices/999999/', 404);
    await expectStatus('/api/invoice_export/999999/', 404);
    await expectStatus(`/api/invoices/${invoiceId}/`, 200);
    const pdf = await read(`/api/invoice_export/${invoiceId}/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const before = await auditRows();
    await expectStatus(`/api/invoices/?search=${o.lastName}`, 200);
    expect(await auditRows()).toBe(before);

    const { entries, words } = await readsOf(o.patientId);
    expect(words).toEqual([
      `S. Staff printed invoice #${invoiceId}`,
      `S. Staff viewed invoice #${invoiceId}`,
      `A. Admin printed delivery ticket for occurrence ${o.id} (03/02/2026)`,
    ]);
    expect(entries[0]).toMatchObject({ entity: 'invoice_pdf', entity_id: String(invoiceId), user: { id: staff.id } });
    // Shipping wrote the invoice's creation for this patient too: that is billing's trail, not a read.
    const created = await t.db
      .selectFrom('audit_log')
      .select('patient_id')
      .where('entity', '=', 'invoice')
      .where('entity_id', '=', String(invoiceId))
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(created.patient_id).toBe(o.patientId);
    const activity = await read(`/api/patients/${o.patientId}/audit/`, t.adminToken);
    const listed = (activity.json() as { results: PatientActivity[] }).results;
    expect(listed.filter((r) => r.entity === 'invoice').map((r) => r.action)).toEqual(['read']);
  });

  it('records who opened the call detail (either queue) and the call notes of an occurrence', async () => {
    const o = await occurrence(t, { date: '2026-05-04' });
    const before = await auditRows();
    await expectStatus('/api/call-patient-eligibility/999999/', 404);
    await expectStatus('/api/call-customers/999999', 404);
    await expectStatus('/api/users/service_notes/999999/', 404);
    await expectStatus(
      `/api/call-patient-eligibility/?start_date=2026-05-01&end_date=2026-05-31&search=${o.lastName}`,
      200,
    );
    expect(await auditRows()).toBe(before);

    await expectStatus(`/api/call-patient-eligibility/${o.id}/`, 200);
    await expectStatus(`/api/call-customers/${o.id}`, 200);
    await expectStatus(`/api/users/service_notes/${o.id}/`, 200);
    const { entries, words } = await readsOf(o.patientId);
    expect(words).toEqual([
      `S. Staff viewed call notes for occurrence ${o.id} (05/04/2026)`,
      `S. Staff viewed call detail for occurrence ${o.id} (05/04/2026)`,
      `S. Staff viewed call detail for occurrence ${o.id} (05/04/2026)`,
    ]);
    expect(entries[1]).toMatchObject({
      entity: 'call_detail',
      entity_id: String(o.id),
      details: { date: '2026-05-04' },
    });
  });

  it('records who viewed the remittance and the payments of an occurrence', async () => {
    const inv = await invoicedOccurrence(t, { prices: ['25.00'], date: '2026-03-02' });
    const notInvoiced = await invoicedOccurrence(t, { prices: ['25.00'], date: '2026-03-02', ship: false });
    await expectStatus('/api/remmitance/999999', 404);
    await expectStatus(`/api/remmitance/${notInvoiced.occurrenceId}`, 404);
    const none = await read('/api/remmitance_payments?ocurrence=999999');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);

    await expectStatus(`/api/remmitance/${inv.occurrenceId}`, 200);
    await expectStatus(`/api/remmitance_payments?ocurrence=${inv.occurrenceId}`, 200);
    expect((await readsOf(inv.patientId)).words).toEqual([
      `S. Staff viewed payments for occurrence ${inv.occurrenceId} (03/02/2026)`,
      `S. Staff viewed remittance for occurrence ${inv.occurrenceId} (03/02/2026)`,
    ]);
    expect((await readsOf(notInvoiced.patientId)).words).toEqual([]);
  });
});

describe('reads of a patient’s documents', () => {
  it('records who printed and reprinted a delivery ticket, not a refused print', async () => {
    const o = await occurrence(t, { date: '2026-10-02' });
    const refused = await occurrence(t, { date: '2026-10-02', eligible: false });
    await expectStatus(`/api/export/${refused.id}/print/`, 409);
    await expectStatus(`/api/export/${refused.id}/reprint/`, 409);
    await expectStatus('/api/export/999999/print/', 404);
    await expectStatus(`/api/export/${o.id}/print/`, 200);
    await expectStatus(`/api/export/${o.id}/print/`, 409);
    await expectStatus(`/api/export/${o.id}/reprint/`, 200);

    const { entries, words } = await readsOf(o.patientId);
    expect(words).toEqual([
      `S. Staff reprinted delivery ticket for occurrence ${o.id} (10/02/2026)`,
      `S. Staff printed delivery ticket for occurrence ${o.id} (10/02/2026)`,
    ]);
    expect(entries.every((e) => e.user?.id === staff.id && e.entity_id === String(o.id))).toBe(true);
    expect((await readsOf(refused.patientId)).words).toEqual([]);
  });

  it('records a batch print once for each patient in it, in one statement', async () => {
    const lastName = unique('Audit');
    const twice = await occurrence(t, { date: '2033-01-03', lastName });
    await anotherOccurrence(twice, '2033-01-05');
    const once = await occurrence(t, { date: '2033-01-04', lastName });
    const outside = await occurrence(t, { date: '2033-01-04', lastName, eligible: false });
    const created = await read(`/api/export_batch?start_date=2033-01-01&end_date=2033-01-07&search=${lastName}`);
    expect(created.statusCode, created.body).toBe(200);
    const batch = created.json() as ExportBatch;
    expect(batch.count).toBe(3);

    await expectStatus('/api/confirm_export_batch?batchPrintId=999999', 404);
    await expectStatus(`/api/confirm_export_batch?batchPrintId=${batch.batchPrintId}`, 200);
    const words = `S. Staff printed shipping batch #${batch.batchPrintId} (2 patients)`;
    expect((await readsOf(twice.patientId)).words).toEqual([words]);
    expect((await readsOf(once.patientId)).words).toEqual([words]);
    expect((await readsOf(outside.patientId)).words).toEqual([]);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['patient_id', 'user_id', sql<Date>`created_at`.as('created_at')])
      .where('entity', '=', 'shipping_batch')
      .where('entity_id', '=', String(batch.batchPrintId))
      .execute();
    expect(rows.map((r) => r.patient_id).sort()).toEqual([twice.patientId, once.patientId].sort());
    expect(rows.every((r) => r.user_id === staff.id)).toBe(true);
    // now() is the statement's transaction time: rows written one by one would carry different times.
    expect(new Set(rows.map((r) => r.created_at.getTime())).size).toBe(1);
  });

  it('records a large batch download for each patient in it, and nothing while it cannot be downloaded', async () => {
    const lastName = unique('Audit');
    const first = await occurrence(t, { date: '2033-02-07', lastName });
    const second = await occurrence(t, { date: '2033-02-08', lastName });
    const res = await read(
      `/api/async_confirm_export_batch?start_date=2033-02-06&end_date=2033-02-12&search=${lastName}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json() as AsyncBatch;
    const url = `/api/batch_prints/${queued.batchPrintId}/download/`;
    await t.app.ctx.jobs.idle();

    await expectStatus(url, 200);
    const words = `S. Staff downloaded large batch #${queued.batchPrintId} (2 patients)`;
    expect((await readsOf(first.patientId)).words).toEqual([words]);
    expect((await readsOf(second.patientId)).words).toEqual([words]);

    // The file gone from storage: 404, and no read recorded.
    const { file_key } = await t.db
      .selectFrom('batch_prints')
      .select('file_key')
      .where('id', '=', queued.batchPrintId)
      .executeTakeFirstOrThrow();
    await t.app.ctx.storage.remove(file_key!);
    await expectStatus(url, 404);
    await expectStatus('/api/batch_prints/999999/download/', 404);
    expect((await readsOf(first.patientId)).words).toEqual([words]);
    // A batch still rendering is refused (409) and read by nobody.
    await t.db.updateTable('batch_prints').set({ status: 'rendering' }).where('id', '=', queued.batchPrintId).execute();
    await expectStatus(url, 409);
    expect((await readsOf(second.patientId)).words).toEqual([words]);
  });

  it('records an expirations batch print for each patient it lists', async () => {
    const tag = unique('Exp');
    const listed = [];
    for (const note of ['CMN renewal', 'Prescription renewal']) {
      const patient = await createPatient(t, { last_name: `${tag} ${note.split(' ')[0]}` });
      const order = await createOrder(t, patient.id);
      for (const date of ['2026-03-02', '2026-03-05']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/orders/${order.id}/expirations/`,
          headers: auth(t.adminToken),
          payload: { date, note, yellow: false, waiver: false },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      listed.push(patient);
    }
    const range = 'start_date=2026-03-01&end_date=2026-03-07&waiver=false';
    await expectStatus(`/api/export_expirations?${range}&search=zzz${tag}`, 200);
    expect((await readsOf(listed[0].id)).words).toEqual([]);

    await expectStatus(`/api/export_expirations?${range}&search=${tag}`, 200);
    for (const patient of listed) {
      expect((await readsOf(patient.id)).words).toEqual([
        'S. Staff printed expirations 03/01/2026 to 03/07/2026 (2 patients)',
      ]);
    }
  });
});
