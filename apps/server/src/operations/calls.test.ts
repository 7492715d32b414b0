import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CallCustomerRow, CallEligibilityRow, CallOccurrence, CheckEligibilityRow, Page } from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { createProduct, markShipped, type ProductFixture } from '../test/factories.ts';
import { addExpiration, auditRows, makeOrder, makePatient, setOccurrence } from './test-data.ts';

let t: TestContext;
let product: ProductFixture;

beforeAll(async () => {
  t = await setupTestApp({ SALES_TAX_RATE: '0.1' });
  product = await createProduct(t, '12.50');
});
afterAll(async () => {
  await t.close();
});

const WEEK = 'start_date=2026-03-01&end_date=2026-03-07';

async function get<T>(url: string, token = t.adminToken): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: auth(token) });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const patch = (url: string, payload: unknown, token = t.adminToken) =>
  t.app.inject({ method: 'PATCH', url, headers: auth(token), payload: payload as Record<string, unknown> });

/** A patient (named with a unique tag the lists are searched by) with an order from 2026-03-02 monthly. */
async function patientWithOrder(tag: string, spec: Parameters<typeof makePatient>[1] = {}) {
  const patient = await makePatient(t, { last_name: `${tag}${unique('L')}`, ...spec });
  const order = await makeOrder(t, patient.id, product);
  const occurrence = order.ocurrences.find((o) => o.date === '2026-03-02')!;
  return { patient, order, occurrence };
}

describe('authentication', () => {
  it('every work-queue route answers 401 without a token', async () => {
    const routes: [string, string][] = [
      ['GET', `/api/call-customers/?${WEEK}`],
      ['GET', '/api/call-customers/1'],
      ['PATCH', '/api/call-customers/1/'],
      ['GET', `/api/check-eligibility/?${WEEK}`],
      ['PATCH', '/api/check-eligibility/1/'],
      ['GET', `/api/call-patient-eligibility/?${WEEK}`],
      ['GET', '/api/call-patient-eligibility/1/'],
      ['PATCH', '/api/call-patient-eligibility/1/'],
      ['GET', `/api/expirations/?${WEEK}`],
      ['GET', `/api/export_expirations?${WEEK}`],
      ['GET', `/api/expirations_ocurrences/?${WEEK}`],
      ['GET', '/api/check_expirations/'],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method: method as 'GET' | 'PATCH',
        url,
        payload: method === 'PATCH' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every work-queue route at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/api/expirations/',
      '/api/export_expirations',
      '/api/expirations_ocurrences/',
      '/api/check_expirations/',
      '/api/call-customers/',
      '/api/call-customers/{id}',
      '/api/check-eligibility/',
      '/api/check-eligibility/{id}/',
      '/api/call-patient-eligibility/',
      '/api/call-patient-eligibility/{id}/',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});

describe('GET /api/call-customers/', () => {
  it('lists the occurrences of the range with patient, state, phones, contacts in order, and the order', async () => {
    const tag = unique('Cc');
    const contacts = [
      { contact_name: 'Mary Lane', contact_number: '(515) 555-0111', contact_relation: 'Daughter' },
      { contact_name: 'Tom Lane', contact_number: '(515) 555-0112', contact_relation: 'Son' },
    ];
    const { patient, order, occurrence } = await patientWithOrder(tag, {
      call_before_delivery: true,
      contacts,
      phone: '(515) 555-0001',
      mobile: '(515) 555-0002',
    });
    const page = await get<Page<CallCustomerRow>>(`/api/call-customers/?${WEEK}&search=${tag}`);
    expect(page).toMatchObject({ count: 1, page_size: 25, current: 1 });
    expect(page.results[0]).toEqual({
      id: occurrence.id,
      date: '2026-03-02',
      customer_approved: false,
      eligibility_toggle: false,
      shipped: false,
      order: {
        id: order.id,
        name: order.name,
        patient: {
          id: patient.id,
          first_name: 'Rose',
          last_name: patient.last_name,
          state: { id: 16, name: expect.any(String), abbreviation: expect.any(String) },
          phone: '(515) 555-0001',
          mobile: '(515) 555-0002',
          call_before_delivery: true,
          contact_person: contacts,
        },
      },
    });
  });

  it('applies the range only when both dates are given; start after end or a bad date is 422', async () => {
    const tag = unique('Cr');
    await patientWithOrder(tag);
    // Three monthly occurrences; the week holds one.
    expect((await get<Page<CallCustomerRow>>(`/api/call-customers/?${WEEK}&search=${tag}`)).count).toBe(1);
    expect((await get<Page<CallCustomerRow>>(`/api/call-customers/?search=${tag}`)).count).toBe(3);
    expect((await get<Page<CallCustomerRow>>(`/api/call-customers/?start_date=2026-03-01&search=${tag}`)).count).toBe(
      3,
    );
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/call-customers/?start_date=2026-03-08&end_date=2026-03-01`,
      headers: auth(t.adminToken),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ start_date: ['The start date cannot be after the end date'] });
    const invalid = await t.app.inject({
      method: 'GET',
      url: `/api/call-customers/?start_date=2026-02-30&end_date=2026-03-07`,
      headers: auth(t.adminToken),
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ start_date: ['Invalid date'] });
    const size = await t.app.inject({
      method: 'GET',
      url: `/api/call-customers/?page_size=101`,
      headers: auth(t.adminToken),
    });
    expect(size.statusCode).toBe(422);
  });

  it('filters by state and pages through the results in date order', async () => {
    const tag = unique('Cs');
    await patientWithOrder(tag, { state_id: 5 });
    await patientWithOrder(tag, { state_id: 5 });
    await patientWithOrder(tag, { state_id: 6 });
    const inState = await get<Page<CallCustomerRow>>(`/api/call-customers/?${WEEK}&search=${tag}&state=5`);
    expect(inState.count).toBe(2);
    expect(inState.results.every((r) => r.order.patient.state?.id === 5)).toBe(true);
    const all = await get<Page<CallCustomerRow>>(`/api/call-customers/?search=${tag}&page_size=4`);
    expect(all.count).toBe(9);
    expect(all.results).toHaveLength(4);
    const last = await get<Page<CallCustomerRow>>(`/api/call-customers/?search=${tag}&page_size=4&page=3`);
    expect(last).toMatchObject({ count: 9, current: 3, page_size: 4 });
    expect(last.results).toHaveLength(1);
    const dates = [...all.results.map((r) => r.date), ...last.results.map((r) => r.date)];
    expect([...dates].sort()).toEqual(dates);
    const beyond = await get<Page<CallCustomerRow>>(`/api/call-customers/?search=${tag}&page_size=4&page=9`);
    expect(beyond.results).toEqual([]);
  });

  it('finds patients by part of the name, case-insensitively', async () => {
    const tag = unique('Cn');
    const { patient } = await patientWithOrder(tag, { first_name: 'Philomena' });
    const page = await get<Page<CallCustomerRow>>(
      `/api/call-customers/?${WEEK}&search=${encodeURIComponent(`philomena ${patient.last_name.toUpperCase()}`)}`,
    );
    expect(page.results.map((r) => r.order.patient.id)).toEqual([patient.id]);
  });
});

describe('PATCH /api/call-customers/{id}/', () => {
  it('sets customer_approved on that occurrence only, audited, and answers the row', async () => {
    const tag = unique('Ca');
    const { order, occurrence } = await patientWithOrder(tag, { call_before_delivery: true });
    const before = await t.db.selectFrom('ocurrences').selectAll().where('order_id', '=', order.id).execute();
    const res = await patch(`/api/call-customers/${occurrence.id}/`, { customer_approved: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: occurrence.id, customer_approved: true, eligibility_toggle: false });
    const after = await t.db.selectFrom('ocurrences').selectAll().where('order_id', '=', order.id).execute();
    for (const row of after) {
      const was = before.find((b) => b.id === row.id)!;
      const { updated_at: _a, ...now } = row;
      const { updated_at: _b, ...then } = was;
      expect(now).toEqual(row.id === occurrence.id ? { ...then, customer_approved: true } : then);
    }
    const orderRow = await t.db
      .selectFrom('orders')
      .select('customer_approved')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(orderRow.customer_approved).toBe(false);
    const audits = await auditRows(t, 'ocurrence', occurrence.id);
    const update = audits.filter((a) => a.action === 'update');
    expect(update).toHaveLength(1);
    expect(update[0]).toMatchObject({ before: { customer_approved: false }, after: { customer_approved: true } });
    // And back.
    const off = await patch(`/api/call-customers/${occurrence.id}/`, { customer_approved: false });
    expect(off.json()).toMatchObject({ customer_approved: false });
  });

  it('answers 404 for an unknown occurrence and 422 for a non-boolean, changing nothing', async () => {
    const { occurrence } = await patientWithOrder(unique('Cb'));
    expect((await patch('/api/call-customers/99999999/', { customer_approved: true })).statusCode).toBe(404);
    for (const payload of [{ customer_approved: 'yes' }, { customer_approved: 1 }, {}, { customer_approved: null }]) {
      const res = await patch(`/api/call-customers/${occurrence.id}/`, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ customer_approved: ['Must be a valid boolean.'] });
    }
    expect((await patch('/api/call-customers/abc/', { customer_approved: true })).statusCode).toBe(404);
    expect(await auditRows(t, 'ocurrence', occurrence.id).then((r) => r.filter((a) => a.action === 'update'))).toEqual(
      [],
    );
  });
});

describe('check eligibility', () => {
  it('lists birthdate, state and insurances; PATCH sets eligibility_toggle, audited', async () => {
    const tag = unique('Ce');
    const insurances = [
      { name: 'Medicare', policy_number: '1EG4-TE5-MK72' },
      { name: 'Wellmark', policy_number: 'WMK-77120' },
    ];
    const { occurrence } = await patientWithOrder(tag, { insurances, birthdate: '1941-07-04' });
    const page = await get<Page<CheckEligibilityRow>>(`/api/check-eligibility/?${WEEK}&search=${tag}`);
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      id: occurrence.id,
      date: '2026-03-02',
      eligibility_toggle: false,
      order: { patient: { birthdate: '1941-07-04', insurances: insurances.map((i) => expect.objectContaining(i)) } },
    });
    const res = await patch(`/api/check-eligibility/${occurrence.id}/`, { eligibility_toggle: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: occurrence.id, eligibility_toggle: true });
    const row = await t.db
      .selectFrom('ocurrences')
      .select(['eligibility_toggle', 'customer_approved'])
      .where('id', '=', occurrence.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ eligibility_toggle: true, customer_approved: false });
    expect((await auditRows(t, 'ocurrence', occurrence.id)).filter((a) => a.action === 'update')).toHaveLength(1);
    expect((await patch('/api/check-eligibility/99999999/', { eligibility_toggle: true })).statusCode).toBe(404);
    expect((await patch(`/api/check-eligibility/${occurrence.id}/`, { eligibility_toggle: 'on' })).statusCode).toBe(
      422,
    );
  });
});

describe("the patient's insurances in the work queues", () => {
  it('carry their coverage and payer, as the patient screen answers them', async () => {
    const tag = unique('Cv');
    const { id: vendorId } = await t.db
      .insertInto('vendors')
      .values({ name: unique('Payer '), phone: '1', payer_id: '60054' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const insurances = [
      { name: 'Medicare', policy_number: '1EG4TE5MK72', vendor_id: vendorId, priority: 1 },
      { name: 'Wellmark', policy_number: 'WMK77120' },
    ];
    const { occurrence } = await patientWithOrder(tag, { insurances });
    const payer = { id: vendorId, name: expect.stringMatching(/^Payer /) };
    const expected = [
      expect.objectContaining({ name: 'Medicare', vendor_id: vendorId, priority: 1, relationship: '18', payer }),
      expect.objectContaining({ name: 'Wellmark', vendor_id: null, priority: null, group_number: '', payer: null }),
    ];
    const page = await get<Page<CheckEligibilityRow>>(`/api/check-eligibility/?${WEEK}&search=${tag}`);
    expect(page.results[0].order.patient.insurances).toEqual(expected);
    const eligibility = await get<Page<CallEligibilityRow>>(`/api/call-patient-eligibility/?${WEEK}&search=${tag}`);
    expect(eligibility.results[0].order.patient.insurances).toEqual(expected);
    const detail = await get<CallOccurrence>(`/api/call-customers/${occurrence.id}`);
    expect(detail.insurances).toEqual(expected);
    expect(detail.order.patient.insurances).toEqual(expected);
  });
});

describe('GET /api/call-patient-eligibility/', () => {
  it('hides completed occurrences by default (eligible, and approved or not call before delivery)', async () => {
    const tag = unique('Ch');
    const cases = [
      { cbd: false, eligible: true, approved: false, completed: true },
      { cbd: true, eligible: true, approved: false, completed: false },
      { cbd: true, eligible: true, approved: true, completed: true },
      { cbd: false, eligible: false, approved: true, completed: false },
      { cbd: true, eligible: false, approved: false, completed: false },
    ];
    const made: { id: number; completed: boolean }[] = [];
    for (const c of cases) {
      const { occurrence } = await patientWithOrder(tag, { call_before_delivery: c.cbd });
      await setOccurrence(t, occurrence.id, { eligibility_toggle: c.eligible, customer_approved: c.approved });
      made.push({ id: occurrence.id, completed: c.completed });
    }
    const hidden = await get<Page<CallEligibilityRow>>(`/api/call-patient-eligibility/?${WEEK}&search=${tag}`);
    expect(hidden.results.map((r) => r.id).sort()).toEqual(
      made
        .filter((m) => !m.completed)
        .map((m) => m.id)
        .sort(),
    );
    expect(hidden.count).toBe(3);
    const shown = await get<Page<CallEligibilityRow>>(
      `/api/call-patient-eligibility/?${WEEK}&search=${tag}&hidden_completed=false`,
    );
    expect(shown.count).toBe(5);
  });

  it('filters by facility and state, and orders by patient name', async () => {
    const tag = unique('Cf');
    const a = await patientWithOrder(tag, {
      facility: true,
      first_name: 'Abel',
      last_name: `${tag}Adams`,
      state_id: 7,
    });
    const b = await patientWithOrder(tag, {
      facility: false,
      first_name: 'Bea',
      last_name: `${tag}Brown`,
      state_id: 8,
    });
    const base = `/api/call-patient-eligibility/?${WEEK}&search=${tag}`;
    const yes = await get<Page<CallEligibilityRow>>(`${base}&facility=Yes`);
    expect(yes.results.map((r) => r.order.patient.id)).toEqual([a.patient.id]);
    const no = await get<Page<CallEligibilityRow>>(`${base}&facility=No`);
    expect(no.results.map((r) => r.order.patient.id)).toEqual([b.patient.id]);
    const all = await get<Page<CallEligibilityRow>>(`${base}&facility=All&ordering=-patient_name`);
    expect(all.results.map((r) => r.order.patient.id)).toEqual([b.patient.id, a.patient.id]);
    const state = await get<Page<CallEligibilityRow>>(`${base}&state=8`);
    expect(state.results.map((r) => r.order.patient.id)).toEqual([b.patient.id]);
    const bad = await t.app.inject({ method: 'GET', url: `${base}&facility=Maybe`, headers: auth(t.adminToken) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ facility: ['Facility must be All, Yes or No'] });
  });

  it('carries the alert inputs and colour: empty, green, yellow, red', async () => {
    const tag = unique('Cx');
    const none = await patientWithOrder(tag);
    const red = await patientWithOrder(tag);
    await addExpiration(t, red.order.id, { date: '2026-03-02' });
    const yellow = await patientWithOrder(tag);
    await addExpiration(t, yellow.order.id, { date: '2026-04-02', yellow: true, yellow_date: '2026-03-05' });
    const solved = await patientWithOrder(tag);
    const s = await addExpiration(t, solved.order.id, { date: '2026-03-02' });
    await patch(`/api/expirations/${s.id}/`, { solved: true, color: 'red' });
    const other = await patientWithOrder(tag);
    await addExpiration(t, other.order.id, { date: '2026-06-30' });
    const page = await get<Page<CallEligibilityRow>>(`/api/call-patient-eligibility/?${WEEK}&search=${tag}`);
    const alertOf = (id: number) => page.results.find((r) => r.id === id)!;
    expect(alertOf(none.occurrence.id)).toMatchObject({ has_expirations: false, expirations: [], alert: 'empty' });
    expect(alertOf(red.occurrence.id)).toMatchObject({ has_expirations: true, alert: 'red' });
    expect(alertOf(red.occurrence.id).expirations[0]).toMatchObject({ date: '2026-03-02', solved: false });
    expect(alertOf(yellow.occurrence.id).alert).toBe('yellow');
    expect(alertOf(solved.occurrence.id).alert).toBe('green');
    expect(alertOf(other.occurrence.id).alert).toBe('green');
  });
});

describe('PATCH /api/call-patient-eligibility/{id}/', () => {
  it('takes exactly one of eligibility_toggle or customer_approved', async () => {
    const { occurrence } = await patientWithOrder(unique('Cp'), { call_before_delivery: true });
    const url = `/api/call-patient-eligibility/${occurrence.id}/`;
    let res = await patch(url, { eligibility_toggle: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: occurrence.id, eligibility_toggle: true, customer_approved: false });
    res = await patch(url, { customer_approved: true });
    expect(res.json()).toMatchObject({ eligibility_toggle: true, customer_approved: true });
    for (const payload of [{}, { eligibility_toggle: true, customer_approved: true }]) {
      res = await patch(url, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        non_field_errors: ['Send exactly one of eligibility_toggle or customer_approved'],
      });
    }
    res = await patch(url, { eligibility_toggle: 'false' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ eligibility_toggle: ['Must be a valid boolean.'] });
    expect((await patch('/api/call-patient-eligibility/99999999/', { customer_approved: true })).statusCode).toBe(404);
    const updates = (await auditRows(t, 'ocurrence', occurrence.id)).filter((a) => a.action === 'update');
    expect(updates.map((a) => a.after)).toEqual([{ eligibility_toggle: true }, { customer_approved: true }]);
  });

  it('parallel toggles of different occurrences each land once', async () => {
    const tag = unique('Cq');
    const made = await Promise.all([0, 1, 2, 3].map(() => patientWithOrder(tag)));
    const results = await Promise.all(
      made.map((m) => patch(`/api/call-patient-eligibility/${m.occurrence.id}/`, { eligibility_toggle: true })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.db
      .selectFrom('ocurrences')
      .select('eligibility_toggle')
      .where(
        'id',
        'in',
        made.map((m) => m.occurrence.id),
      )
      .execute();
    expect(rows.every((r) => r.eligibility_toggle)).toBe(true);
  });
});

describe('call detail', () => {
  it('answers the occurrence with services, insurances, order notes, expirations and general notes', async () => {
    const tag = unique('Cd');
    const { patient, order, occurrence } = await patientWithOrder(tag, {
      call_before_delivery: true,
      notes: 'Gate code 4411',
      insurances: [{ name: 'Medicare', policy_number: 'MC-1' }],
      contacts: [{ contact_name: 'Ann Roe', contact_number: '555-0100', contact_relation: 'Wife' }],
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/`,
      headers: auth(t.adminToken),
      payload: { office_notes: 'Verify coverage', patient_notes: 'Leave at the back door' },
    });
    const exp = await addExpiration(t, order.id, { date: '2026-04-02', note: 'Prior authorization expires' });
    for (const url of [`/api/call-customers/${occurrence.id}`, `/api/call-patient-eligibility/${occurrence.id}/`]) {
      const detail = await get<CallOccurrence>(url);
      expect(detail).toMatchObject({
        id: occurrence.id,
        date: '2026-03-02',
        eligibility_toggle: false,
        customer_approved: false,
        shipped: false,
        insurances: [{ name: 'Medicare', policy_number: 'MC-1' }],
        total: 20,
        order: {
          id: order.id,
          patient_id: patient.id,
          office_notes: 'Verify coverage',
          patient_notes: 'Leave at the back door',
          user_creator_id: expect.any(Number),
          patient: {
            id: patient.id,
            patient_id: patient.id,
            notes: 'Gate code 4411',
            call_before_delivery: true,
            birthdate: '1948-03-12',
            insurances: [{ name: 'Medicare', policy_number: 'MC-1' }],
            contact_person: [{ contact_name: 'Ann Roe', contact_number: '555-0100', contact_relation: 'Wife' }],
          },
          expirations: [expect.objectContaining({ id: exp.id, note: 'Prior authorization expires' })],
        },
      });
      expect(detail.services).toHaveLength(1);
      expect(detail.services[0]).toMatchObject({
        product: { id: product.id, name: product.name, internal_code: product.internal_code },
        variant: { id: product.variantId, price_variant: 'General', unit_measure: 'Each' },
        unit_measure: 'Each',
        amount_remmited: 2,
        sale_price: 10,
        total: 20,
        shipped: false,
      });
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/call-customers/99999999', headers: auth(t.adminToken) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/call-patient-eligibility/0/', headers: auth(t.adminToken) }))
        .statusCode,
    ).toBe(404);
  });

  it('call notes are signed by the signed-in user', async () => {
    const { occurrence } = await patientWithOrder(unique('Cn'));
    const staff = await t.userWithRole(2);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/service_notes/${occurrence.id}/`,
      headers: auth(staff.token),
      payload: { body: 'Called, confirmed the address.' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      body: 'Called, confirmed the address.',
      user_stamped: { username: staff.username },
    });
    const notes = await get<{ user_stamped: { username: string } }[]>(`/api/users/service_notes/${occurrence.id}/`);
    expect(notes.map((n) => n.user_stamped.username)).toEqual([staff.username]);
  });

  it('a service quantity is edited and a service deleted from the detail, but not once shipped', async () => {
    const { order, occurrence } = await patientWithOrder(unique('Cv'));
    const detail = await get<CallOccurrence>(`/api/call-customers/${occurrence.id}`);
    const service = detail.services[0];
    const edit = await patch(`/api/services/${service.id}/`, { amount_remmited: 3 });
    expect(edit.statusCode).toBe(200);
    expect((await get<CallOccurrence>(`/api/call-customers/${occurrence.id}`)).services[0]).toMatchObject({
      amount_remmited: 3,
      total: 30,
    });

    const shipped = order.ocurrences.find((o) => o.date === '2026-04-02')!;
    await markShipped(t, shipped.id, '2026-04-03');
    const shippedDetail = await get<CallOccurrence>(`/api/call-customers/${shipped.id}`);
    expect(shippedDetail.shipped).toBe(true);
    const shippedService = shippedDetail.services[0];
    const refused = await patch(`/api/services/${shippedService.id}/`, { amount_remmited: 5 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ amount_remmited: ['A shipped service cannot be changed'] });
    const refusedDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/services/${shippedService.id}/`,
      headers: auth(t.adminToken),
    });
    expect(refusedDelete.statusCode).toBeGreaterThanOrEqual(400);
    expect(refusedDelete.statusCode).toBeLessThan(500);
    expect((await get<CallOccurrence>(`/api/call-customers/${shipped.id}`)).services).toHaveLength(1);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/services/${service.id}/`,
      headers: auth(t.adminToken),
    });
    expect(removed.statusCode).toBe(204);
  });
});

describe("the occurrence's copy of its patient's filter fields (migration 0007)", () => {
  async function mismatches(): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ocurrences oc
      JOIN orders o ON o.id = oc.order_id JOIN patients p ON p.id = o.patient_id
      WHERE oc.patient_id IS DISTINCT FROM p.id
         OR oc.patient_search_text IS DISTINCT FROM p.search_text
         OR oc.patient_state_id IS DISTINCT FROM p.state_id
         OR oc.patient_facility IS DISTINCT FROM p.facility
         OR oc.patient_call_before_delivery IS DISTINCT FROM p.call_before_delivery
    `.execute(t.db);
    return rows[0].n;
  }

  it('follows a change of the patient and of the order’s patient', async () => {
    const tag = unique('Cz');
    const { patient, order, occurrence } = await patientWithOrder(tag);
    const renamed = unique('Renamed');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/patients/${patient.id}/`,
      headers: auth(t.adminToken),
      payload: { last_name: renamed, state_id: 12, facility: true, call_before_delivery: true },
    });
    expect(res.statusCode).toBe(200);
    const found = await get<Page<CallEligibilityRow>>(
      `/api/call-patient-eligibility/?${WEEK}&search=${renamed}&state=12&facility=Yes`,
    );
    expect(found.results.map((r) => r.id)).toEqual([occurrence.id]);
    expect((await get<Page<CallCustomerRow>>(`/api/call-customers/?${WEEK}&search=${tag}`)).count).toBe(0);
    // Eligible but not approved: not completed for a call-before-delivery patient.
    await setOccurrence(t, occurrence.id, { eligibility_toggle: true });
    expect(
      (await get<Page<CallEligibilityRow>>(`/api/call-patient-eligibility/?${WEEK}&search=${renamed}`)).count,
    ).toBe(1);
    await t.db.updateTable('patients').set({ call_before_delivery: false }).where('id', '=', patient.id).execute();
    expect(
      (await get<Page<CallEligibilityRow>>(`/api/call-patient-eligibility/?${WEEK}&search=${renamed}`)).count,
    ).toBe(0);

    const other = await makePatient(t, { last_name: unique('Other') });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/`,
      headers: auth(t.adminToken),
      payload: { patient_id: other.id },
    });
    expect(moved.statusCode).toBe(200);
    const page = await get<Page<CallCustomerRow>>(`/api/call-customers/?${WEEK}&search=${other.last_name}`);
    expect(page.results.map((r) => [r.id, r.order.patient.id])).toEqual([[occurrence.id, other.id]]);
    // Without a range, the search goes through the patients' index: all three occurrences.
    expect((await get<Page<CallCustomerRow>>(`/api/call-customers/?search=${other.last_name}`)).count).toBe(3);
    expect(await mismatches()).toBe(0);
  });
});
