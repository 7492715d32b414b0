import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitySentence, type PatientActivity } from '@dme/shared';
import { requestLogSerializers } from '../lib/request-log.ts';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { multipart } from '../test/multipart.ts';
import { createOrder, createPatient, patientBody } from '../test/factories.ts';

/** Who read or changed which patient (issue 9, item 13): read audits, the activity route, clean logs. */
let t: TestContext;
let staff: { id: number; username: string; token: string };

beforeAll(async () => {
  t = await setupTestApp();
  staff = await t.userWithRole(2);
});
afterAll(async () => {
  await t?.close();
});

async function newPatient(): Promise<number> {
  return (await createPatient(t, patientBody({ phone: '515-555-0100' }))).id;
}

async function activity(patientId: number, query = ''): Promise<{ results: PatientActivity[]; count: number }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/patients/${patientId}/audit/${query}`,
    headers: auth(t.adminToken),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('patient activity', () => {
  it('records reads of the record, its orders and its attachments with the reader', async () => {
    const patientId = await newPatient();
    const h = auth(staff.token);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${patientId}/`, headers: h })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders/patient-what-ever/${patientId}`, headers: h })).statusCode,
    ).toBe(200);
    const body = multipart([
      { name: 'patient', value: String(patientId) },
      { name: 'file', filename: 'rx.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n') },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/attachments/',
      headers: { ...auth(t.adminToken), ...body.headers },
      payload: body.payload,
    });
    expect((await t.app.inject({ method: 'GET', url: upload.json().url, headers: h })).statusCode).toBe(200);

    const { results } = await activity(patientId);
    const reads = results.filter((r) => r.action === 'read');
    expect(reads.map((r) => [r.entity, r.user?.username])).toEqual([
      ['patient_attachment', staff.username],
      ['orders', staff.username],
      ['patient', staff.username],
    ]);
    expect(reads[0]).toMatchObject({ entity_id: String(upload.json().id), changes: [], details: { name: 'rx.pdf' } });
    expect(reads.map(activitySentence)).toEqual([
      'S. Staff opened attachment rx.pdf',
      'S. Staff viewed the orders',
      'S. Staff viewed the record',
    ]);
    expect(reads[2]).toMatchObject({ entity_id: String(patientId), user: { id: staff.id, full_name: 'Sam Staff' } });
    // A missing patient or attachment is no read.
    await t.app.inject({ method: 'GET', url: '/api/patients/999999/', headers: h });
    expect((await activity(patientId)).count).toBe(results.length);
  });

  it('shows changes to the record and its children, and its orders, newest first and paged', async () => {
    const patientId = await newPatient();
    const h = auth(t.adminToken);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/patients/${patientId}/`,
      headers: h,
      payload: { phone: '515-555-0199', facility: true },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/patients/${patientId}/insurances/`,
      headers: h,
      payload: { name: 'Medicare', policy_number: '1EG4-TE5-MK72' },
    });
    const order = await createOrder(t, patientId, { name: 'CPAP supplies' });

    const { results, count } = await activity(patientId);
    expect(results.map((r) => [r.action, r.entity])).toEqual([
      ['create', 'order'],
      ['create', 'patient_insurance'],
      ['update', 'patient'],
      ['create', 'patient'],
    ]);
    expect(count).toBe(4);
    expect(results[0].entity_id).toBe(String(order.id));
    expect(results[0].changes).toContainEqual({ field: 'name', from: '', to: 'CPAP supplies' });
    expect(results[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: '', to: 'Medicare' },
        { field: 'policy_number', from: '', to: '1EG4TE5MK72' },
      ]),
    );
    expect(results[2].changes).toEqual([
      { field: 'phone', from: '515-555-0100', to: '515-555-0199' },
      { field: 'facility', from: 'false', to: 'true' },
    ]);
    expect(results[2].user).toEqual({ id: expect.any(Number), username: 'admin', full_name: 'Ada Admin' });
    expect(Date.parse(results[0].at)).toBeGreaterThanOrEqual(Date.parse(results[3].at));

    const page2 = await activity(patientId, '?page=2&page_size=3');
    expect(page2).toMatchObject({ count: 4, page_size: 3, current: 2 });
    expect(page2.results.map((r) => r.id)).toEqual([results[3].id]);
  });

  it('is for administrators only (403), and 404 for an unknown patient', async () => {
    const patientId = await newPatient();
    const url = `/api/patients/${patientId}/audit/`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: auth(staff.token) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/patients/999999/audit/', headers: auth(t.adminToken) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}?page_size=1000`, headers: auth(t.adminToken) })).statusCode,
    ).toBe(422);
  });
});

describe('request log', () => {
  it('carries the user id and no query string', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: requestLogSerializers } });
    app.decorateRequest('user', null);
    app.get('/api/patients/', async (request) => {
      request.user = { id: 42, username: 'mgarcia', roleId: 2, sessionId: 's' };
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/api/patients/?search=Rose%20Miller&ordering=last_name' });
    await app.close();
    const text = lines.join('');
    expect(text).toContain('"url":"/api/patients/"');
    expect(text).toContain('"userId":42');
    expect(text).not.toMatch(/Rose|Miller|search=|ordering/);
  });
});
