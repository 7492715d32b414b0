import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_MESSAGES as M,
  formatDisplayDate as display,
  shiftDate,
  todayIn,
  type DocumentsQueueRow,
  type PatientDocument,
} from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { createOrder, createPatient, markShipped } from '../test/factories.ts';
import {
  addDocument,
  addOccurrence,
  authorizationBody,
  coveredOccurrence,
  holdPayer,
  orderBody,
} from '../test/documents.ts';

let t: TestContext;
let today: string;
const day = (n: number) => shiftDate(today, n, 'day');
const practitioner = { practitioner_name: 'Dr. Alan Brooks', practitioner_npi: '1234567893' };

beforeAll(async () => {
  t = await setupTestApp();
  today = todayIn(t.config.officeTimeZone);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, payload?: Record<string, unknown>, token = t.adminToken) {
  return t.app.inject({ method, url, headers: auth(token), ...(payload && { payload }) });
}

async function attachment(patientId: number, name = 'signed-ticket.pdf'): Promise<number> {
  const { id } = await t.db
    .insertInto('patient_attachments')
    .values({
      patient_id: patientId,
      name,
      storage_key: unique('attachments/'),
      content_type: 'application/pdf',
      size: 10,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

function audits(entity: string, entityId: number) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'user_id', 'patient_id', 'before', 'after'])
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}

describe('access', () => {
  it('401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/patients/1/documents/'],
      ['POST', '/api/patients/1/documents/'],
      ['GET', '/api/documents/1/'],
      ['PATCH', '/api/documents/1/'],
      ['DELETE', '/api/documents/1/'],
      ['POST', '/api/ocurrences/1/hold_release/'],
      ['GET', '/api/documents_queue/'],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method !== 'GET' && method !== 'DELETE' && { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('404 for an unknown patient, document or occurrence (and a malformed id)', async () => {
    expect((await call('GET', '/api/patients/999999/documents/')).statusCode).toBe(404);
    const post = await call('POST', '/api/patients/999999/documents/', orderBody(today, ['E0601']));
    expect(post.statusCode).toBe(404);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(method, '/api/documents/999999/', method === 'PATCH' ? { number: 'x' } : undefined);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await call('GET', '/api/documents/abc/')).statusCode).toBe(404);
    const release = await call('POST', '/api/ocurrences/999999/hold_release/', { reason: 'Faxed' });
    expect(release.statusCode).toBe(404);
  });

  it('office staff read and write documents; only an administrator releases a hold (403 before the body)', async () => {
    const staff = await t.userWithRole(2);
    const patient = await createPatient(t);
    const created = await call(
      'POST',
      `/api/patients/${patient.id}/documents/`,
      orderBody(today, ['E0601']),
      staff.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user).toBe(staff.username);
    expect((await call('GET', `/api/patients/${patient.id}/documents/`, undefined, staff.token)).statusCode).toBe(200);
    for (const body of [{ reason: 'Faxed' }, {}]) {
      const res = await call('POST', '/api/ocurrences/1/hold_release/', body, staff.token);
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('documents', () => {
  it('creates a standard written order: codes from its items, good through its length of need, audited', async () => {
    const patient = await createPatient(t);
    const order = await createOrder(t, patient.id);
    const res = await call('POST', `/api/patients/${patient.id}/documents/`, {
      ...orderBody('2026-01-05', ['e0601', 'A7030']),
      order_id: order.id,
      // Fields of another type are not kept.
      number: 'X1',
      units: 4,
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json() as PatientDocument;
    expect(doc).toEqual({
      id: expect.any(Number),
      patient_id: patient.id,
      type: 'standard_written_order',
      date: '2026-01-05',
      order_id: order.id,
      attachment_id: null,
      attachment_name: null,
      practitioner_name: 'Dr. Alan Brooks',
      practitioner_npi: '1234567893',
      items: [
        { hcpcs: 'E0601', quantity: 1 },
        { hcpcs: 'A7030', quantity: 1 },
      ],
      length_of_need_months: 12,
      vendor_id: null,
      vendor_name: null,
      number: '',
      hcpcs: ['E0601', 'A7030'],
      units: null,
      units_used: 0,
      start_date: null,
      end_date: null,
      valid_through: '2027-01-04',
      state: expect.any(String),
      ocurrence_id: null,
      delivery: null,
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      user: 'admin',
    });
    expect((await call('GET', `/api/documents/${doc.id}/`)).json()).toEqual(doc);
    expect((await call('GET', `/api/documents/${doc.id}`)).statusCode).toBe(200);
    const [row] = await audits('document', doc.id);
    expect(row).toMatchObject({ action: 'create', patient_id: patient.id, after: { hcpcs: ['E0601', 'A7030'] } });
  });

  it('lists newest date first, then the latest added', async () => {
    const patient = await createPatient(t);
    const older = await addDocument(t, patient.id, orderBody('2026-01-05', ['E0601']));
    const first = await addDocument(t, patient.id, { type: 'face_to_face', date: '2026-02-01', ...practitioner });
    const second = await addDocument(t, patient.id, { type: 'face_to_face', date: '2026-02-01', ...practitioner });
    const res = await call('GET', `/api/patients/${patient.id}/documents/`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as PatientDocument[]).map((d) => d.id)).toEqual([second.id, first.id, older.id]);
    const empty = await createPatient(t);
    expect((await call('GET', `/api/patients/${empty.id}/documents`)).json()).toEqual([]);
  });

  it('422 with clear messages: dates, units, NPI, items, and references of another patient', async () => {
    const patient = await createPatient(t);
    const other = await createPatient(t);
    const otherOrder = await createOrder(t, other.id);
    const otherFile = await attachment(other.id);
    const payer = await holdPayer(t);
    const post = (body: Record<string, unknown>) => call('POST', `/api/patients/${patient.id}/documents/`, body);

    const period = await post(authorizationBody(payer.id, ['E0193'], '2026-03-01', '2026-02-01'));
    expect(period.statusCode).toBe(422);
    expect(period.json()).toEqual({ end_date: [M.endBeforeStart] });
    const units = await post(authorizationBody(payer.id, ['E0193'], '2026-01-01', '2026-02-01', { units: 0 }));
    expect(units.json()).toEqual({ units: [M.unitsInvalid] });
    const npi = await post(orderBody(today, ['E0601'], { practitioner_npi: '1234567890' }));
    expect(npi.json()).toEqual({ practitioner_npi: [M.npiInvalid] });
    const items = await post(orderBody(today, []));
    expect(items.json()).toEqual({ items: [M.itemsRequired] });
    const type = await post({ type: 'letter', date: today });
    expect(type.json()).toMatchObject({ type: [M.typeInvalid] });
    const proof = await post({ type: 'proof_of_delivery', date: today });
    expect(proof.json()).toEqual({ attachment_id: [M.attachmentRequired] });

    const refs = await post({
      ...authorizationBody(999999, ['E0193'], '2026-01-01', '2026-02-01'),
      order_id: otherOrder.id,
      attachment_id: otherFile,
    });
    expect(refs.statusCode).toBe(422);
    expect(refs.json()).toEqual({
      order_id: [M.orderNotFound],
      attachment_id: [M.attachmentNotFound],
      vendor_id: [M.payerNotFound],
    });
    expect((await call('GET', `/api/patients/${patient.id}/documents/`)).json()).toEqual([]);
  });

  it('PATCH lays the fields over the stored document, checks the whole, keeps the type; DELETE 204; each audited', async () => {
    const patient = await createPatient(t);
    const payer = await holdPayer(t, { name: unique('Aetna ') });
    const file = await attachment(patient.id, 'pa-letter.pdf');
    const pa = await addDocument(t, patient.id, authorizationBody(payer.id, ['E0193'], '2026-01-01', '2026-06-30'));
    expect(pa).toMatchObject({ vendor_name: payer.name, valid_through: '2026-06-30', units: 10 });

    const bad = await call('PATCH', `/api/documents/${pa.id}/`, { end_date: '2025-12-31' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ end_date: [M.endBeforeStart] });
    const cleared = await call('PATCH', `/api/documents/${pa.id}/`, { number: null });
    expect(cleared.json()).toEqual({ number: [M.numberRequired] });

    const res = await call('PATCH', `/api/documents/${pa.id}/`, {
      type: 'face_to_face',
      end_date: '2026-09-30',
      hcpcs: 'E0193, e0277',
      attachment_id: file,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...pa,
      type: 'prior_authorization',
      end_date: '2026-09-30',
      valid_through: '2026-09-30',
      hcpcs: ['E0193', 'E0277'],
      attachment_id: file,
      attachment_name: 'pa-letter.pdf',
      state: expect.any(String),
    });

    expect((await call('DELETE', `/api/documents/${pa.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `/api/documents/${pa.id}/`)).statusCode).toBe(404);
    const rows = await audits('document', pa.id);
    expect(rows.map((r) => [r.action, r.patient_id])).toEqual([
      ['create', patient.id],
      ['update', patient.id],
      ['delete', patient.id],
    ]);
    expect(rows[1]!.before).toMatchObject({ end_date: '2026-06-30' });
    expect(rows[1]!.after).toMatchObject({ end_date: '2026-09-30' });
  });

  it('answers the state: valid, expiring, expired, not yet valid, used up', async () => {
    const patient = await createPatient(t);
    const payer = await holdPayer(t);
    const state = async (body: Record<string, unknown>) => (await addDocument(t, patient.id, body)).state;
    expect(await state(authorizationBody(payer.id, ['E0193'], day(-10), day(100)))).toBe('valid');
    expect(await state(authorizationBody(payer.id, ['E0193'], day(-10), day(20)))).toBe('expiring');
    expect(await state(authorizationBody(payer.id, ['E0193'], day(-100), day(-1)))).toBe('expired');
    expect(await state(authorizationBody(payer.id, ['E0193'], day(5), day(100)))).toBe('not_yet_valid');
    expect(await state(orderBody(today, ['E0601'], { length_of_need_months: 99 }))).toBe('valid');
    expect(await state(orderBody(shiftDate(today, -13, 'month'), ['E0601']))).toBe('expired');
    expect(await state({ type: 'face_to_face', date: today, ...practitioner })).toBe('valid');
  });

  it("counts units used from the shipped services of the authorization's codes within its dates", async () => {
    const payer = await holdPayer(t, { priorAuth: ['E0193'] });
    const shipped = await coveredOccurrence(t, { payer, date: '2026-02-10', items: [{ hcpcs: 'E0193', quantity: 3 }] });
    const patientId = shipped.patientId;
    await markShipped(t, shipped.occurrenceId, '2026-02-10');
    // Not counted: unshipped, another code, outside the dates.
    await addOccurrence(t, patientId, '2026-02-20', [{ hcpcs: 'E0193', quantity: 2 }]);
    const otherCode = await addOccurrence(t, patientId, '2026-02-21', [{ hcpcs: 'E0601', quantity: 5 }]);
    await markShipped(t, otherCode.occurrenceId, '2026-02-21');
    const outside = await addOccurrence(t, patientId, '2026-05-01', [{ hcpcs: 'E0193', quantity: 4 }]);
    await markShipped(t, outside.occurrenceId, '2026-05-01');

    const pa = await addDocument(t, patientId, authorizationBody(payer.id, ['E0193'], '2026-02-01', '2026-03-31'));
    expect(pa.units_used).toBe(3);
    const full = await call('PATCH', `/api/documents/${pa.id}/`, { units: 3 });
    expect(full.json()).toMatchObject({ units_used: 3, state: 'used_up' });
    const swo = await addDocument(t, patientId, orderBody('2026-02-01', ['E0193']));
    expect(swo.units_used).toBe(0);
  });

  it('a proof of delivery by hand needs its signed ticket; one the delivery recorded cannot change (409)', async () => {
    const patient = await createPatient(t);
    const file = await attachment(patient.id);
    const byHand = await addDocument(t, patient.id, { type: 'proof_of_delivery', date: today, attachment_id: file });
    expect(byHand).toMatchObject({ attachment_name: 'signed-ticket.pdf', delivery: null, state: 'valid' });
    expect((await call('PATCH', `/api/documents/${byHand.id}/`, { date: day(-1) })).statusCode).toBe(200);

    const { occurrenceId } = await addOccurrence(t, patient.id, today, [{ hcpcs: 'E0601' }]);
    const deliveredAt = new Date('2026-03-02T15:30:00Z');
    const { id } = await t.db
      .insertInto('documents')
      .values({
        patient_id: patient.id,
        type: 'proof_of_delivery',
        date: '2026-03-02',
        ocurrence_id: occurrenceId,
        recipient_name: 'Tom Miller',
        relationship: 'spouse',
        delivered_at: deliveredAt,
        address: '18 Walnut Street, Ames, IA 50010',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const read = await call('GET', `/api/documents/${id}/`);
    expect(read.json()).toMatchObject({
      ocurrence_id: occurrenceId,
      delivery: {
        recipient_name: 'Tom Miller',
        relationship: 'spouse',
        delivered_at: deliveredAt.toISOString(),
        address: '18 Walnut Street, Ames, IA 50010',
      },
      user: '',
    });
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await call(method, `/api/documents/${id}/`, method === 'PATCH' ? { date: today } : undefined);
      expect(res.statusCode, method).toBe(409);
      expect(res.json()).toMatchObject({ detail: M.proofMadeByDelivery });
    }
    expect(await audits('document', id)).toEqual([]);
  });
});

describe('hold release', () => {
  const detail = (id: number) => call('GET', `/api/call-patient-eligibility/${id}/`);

  it('shows the holds, releases them once with the reason, audited, and shows the release', async () => {
    const payer = await holdPayer(t);
    const held = await coveredOccurrence(t, { payer, date: day(3) });
    const before = await detail(held.occurrenceId);
    expect(before.json()).toMatchObject({ holds: ['No standard written order for E0601'], hold_release: null });

    const empty = await call('POST', `/api/ocurrences/${held.occurrenceId}/hold_release/`, { reason: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ reason: [M.releaseReasonRequired] });

    const res = await call('POST', `/api/ocurrences/${held.occurrenceId}/hold_release/`, { reason: 'SWO faxed' });
    expect(res.statusCode, res.body).toBe(201);
    const release = {
      reason: 'SWO faxed',
      holds: ['No standard written order for E0601'],
      user: 'admin',
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    };
    expect(res.json()).toEqual({ holds: [], hold_release: release });
    expect((await detail(held.occurrenceId)).json()).toMatchObject({ holds: [], hold_release: release });

    const again = await call('POST', `/api/ocurrences/${held.occurrenceId}/hold_release/`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: M.alreadyReleased });
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'patient_id', 'after'])
      .where('entity', '=', 'hold_release')
      .where('patient_id', '=', held.patientId)
      .execute();
    expect(rows).toEqual([
      {
        action: 'create',
        patient_id: held.patientId,
        after: expect.objectContaining({ ocurrence_id: held.occurrenceId, reason: 'SWO faxed' }),
      },
    ]);
  });

  it('422 for an occurrence that is not on hold; the document lifts the hold at once', async () => {
    const payer = await holdPayer(t);
    const held = await coveredOccurrence(t, { payer, date: day(3) });
    await addDocument(t, held.patientId, orderBody(today, ['E0601']));
    expect((await detail(held.occurrenceId)).json()).toMatchObject({ holds: [], hold_release: null });
    const res = await call('POST', `/api/ocurrences/${held.occurrenceId}/hold_release/`, { reason: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ holds: [M.notHeld] });
  });

  it('two releases at once: one 201, one 409, one release row', async () => {
    const held = await coveredOccurrence(t, { payer: await holdPayer(t), date: day(4) });
    const url = `/api/ocurrences/${held.occurrenceId}/hold_release/`;
    const answers = await Promise.all([call('POST', url, { reason: 'A' }), call('POST', url, { reason: 'B' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db
      .selectFrom('hold_releases')
      .select('id')
      .where('ocurrence_id', '=', held.occurrenceId)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('documents queue', () => {
  type QueuePage = { results: DocumentsQueueRow[]; count: number; page_size: number; current: number };
  const queue = async (query: string): Promise<QueuePage> => {
    const res = await call('GET', `/api/documents_queue/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('lists expiring documents and held occurrences, with filters, ordering, paging and count', async () => {
    const tag = unique('Q').toLowerCase();
    const medicare = await holdPayer(t, { priorAuth: ['E0193'] });
    // Ann: a prior authorization ending in 10 days (and one ending in 40: not listed), a held occurrence.
    const ann = await coveredOccurrence(t, {
      payer: medicare,
      date: day(5),
      items: [{ hcpcs: 'E0601' }, { hcpcs: 'E0193' }],
      patient: { first_name: 'Ann', last_name: `${tag}Able`, state_id: 16, facility: false },
    });
    const pa = await addDocument(
      t,
      ann.patientId,
      authorizationBody(medicare.id, ['E0193', 'E0277'], day(-20), day(10), { number: '88123' }),
    );
    await addDocument(t, ann.patientId, authorizationBody(medicare.id, ['E0193'], day(-20), day(40)));
    // Bob (a facility patient in another state): an order running out in 20 days, no held occurrence.
    const bob = await createPatient(t, { first_name: 'Bob', last_name: `${tag}Baker`, state_id: 5, facility: true });
    const swo = await addDocument(t, bob.id, orderBody(shiftDate(day(21), -12, 'month'), ['E0601']));
    expect(swo.valid_through).toBe(day(20));
    // Cy: held, but shipped; and held outside the default range: neither listed.
    const cy = await coveredOccurrence(t, {
      payer: medicare,
      date: day(2),
      patient: { first_name: 'Cy', last_name: `${tag}Cole` },
    });
    await markShipped(t, cy.occurrenceId, today);
    const late = await addOccurrence(t, cy.patientId, day(60), [{ hcpcs: 'E0601' }]);

    const all = await queue(`search=${tag}`);
    expect(all.count).toBe(3);
    expect(all.results.map((r) => [r.kind, r.id])).toEqual([
      ['ocurrence', ann.occurrenceId],
      ['document', pa.id],
      ['document', swo.id],
    ]);
    const [heldRow, paRow, swoRow] = all.results;
    expect(paRow).toEqual({
      kind: 'document',
      id: pa.id,
      date: day(10),
      patient: {
        id: ann.patientId,
        first_name: 'Ann',
        last_name: `${tag}Able`,
        state: { id: 16, name: expect.any(String), abbreviation: expect.any(String) },
      },
      order: null,
      document: { id: pa.id, type: 'prior_authorization', number: '88123', hcpcs: ['E0193', 'E0277'] },
      description: `Prior authorization 88123 (E0193, E0277) ends ${display(day(10))}`,
      holds: [],
    });
    expect(heldRow).toMatchObject({ date: day(5), order: { id: ann.orderId }, document: null });
    expect(heldRow!.holds).toEqual(['No standard written order for E0601', 'No standard written order for E0193']);
    expect(heldRow!.description).toBe('On hold: No standard written order for E0601 and 1 more');
    expect(swoRow!.description).toBe(
      `Standard written order of ${display(String(swo.date))} (E0601) runs out ${display(day(20))}`,
    );

    expect((await queue(`search=${tag}&ordering=date`)).results.map((r) => r.id)).toEqual([
      ann.occurrenceId,
      pa.id,
      swo.id,
    ]);
    expect((await queue(`search=${tag}&ordering=-patient_name`)).results.map((r) => r.id)).toEqual([
      swo.id,
      pa.id,
      ann.occurrenceId,
    ]);
    expect((await queue(`search=${tag}&facility=Yes`)).results.map((r) => r.id)).toEqual([swo.id]);
    expect((await queue(`search=${tag}&facility=No&state=16`)).count).toBe(2);
    expect((await queue(`search=${tag}&state=5`)).results.map((r) => r.id)).toEqual([swo.id]);

    const second = await queue(`search=${tag}&page=2&page_size=2`);
    expect(second).toEqual({ results: [expect.objectContaining({ id: swo.id })], count: 3, page_size: 2, current: 2 });

    const range = await queue(`search=${tag}&start_date=${day(50)}&end_date=${day(70)}`);
    expect(range.results.map((r) => [r.kind, r.id])).toEqual([
      ['document', pa.id],
      ['document', swo.id],
      ['ocurrence', late.occurrenceId],
    ]);

    // Released, the occurrence leaves the queue.
    await call('POST', `/api/ocurrences/${ann.occurrenceId}/hold_release/`, { reason: 'Faxed' });
    expect((await queue(`search=${tag}`)).count).toBe(2);
  });

  it('422 for a start after the end and a bad facility', async () => {
    const res = await call('GET', `/api/documents_queue/?start_date=${day(5)}&end_date=${day(1)}`);
    expect(res.statusCode).toBe(422);
    expect((await call('GET', '/api/documents_queue/?facility=maybe')).statusCode).toBe(422);
  });
});
