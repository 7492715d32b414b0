import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { CheckExpirations, ExpirationOccurrenceRow, ExpirationRow, Page } from '@dme/shared';
import { solvedSwitchPayload, todayIn, todayWire } from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { createProduct, markShipped, type ProductFixture } from '../test/factories.ts';
import { addExpiration, makeOrder, makePatient } from './test-data.ts';
import { weekOf } from './expirations.ts';

let t: TestContext;
let product: ProductFixture;

beforeAll(async () => {
  t = await setupTestApp();
  product = await createProduct(t);
});
afterAll(async () => {
  await t.close();
});

const RANGE = { start: '2026-03-01', end: '2026-03-07' };
const WEEK = `start_date=${RANGE.start}&end_date=${RANGE.end}`;

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: auth(t.adminToken) });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const patchExpiration = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/expirations/${id}/`, headers: auth(t.adminToken), payload });

/** A patient named with `tag` (the lists are searched by it) and an order with occurrences 03-02, 04-02, 05-02. */
async function orderFor(tag: string, spec: Parameters<typeof makePatient>[1] = {}) {
  const patient = await makePatient(t, { last_name: `${tag}${unique('E')}`, ...spec });
  const order = await makeOrder(t, patient.id, product);
  return { patient, order };
}

/** The week's expirations of one tag: red, yellow, red-solved, waiver, outside the range, red with yellow. */
async function scenario() {
  const tag = unique('Ex');
  const red = await orderFor(tag, { first_name: 'Ada' });
  const redExp = await addExpiration(t, red.order.id, { date: '2026-03-02', note: 'CMN renewal due' });
  await markShipped(t, red.order.ocurrences.find((o) => o.date === '2026-03-02')!.id, '2026-03-03');
  const yellow = await orderFor(tag, { first_name: 'Bo', state_id: 9, facility: true });
  const yellowExp = await addExpiration(t, yellow.order.id, {
    date: '2026-03-20',
    yellow: true,
    yellow_date: '2026-03-05',
    note: 'Prior authorization expires',
  });
  const solved = await orderFor(tag, { first_name: 'Cy' });
  const solvedExp = await addExpiration(t, solved.order.id, { date: '2026-03-03', note: 'Prescription renewal' });
  expect((await patchExpiration(solvedExp.id, { solved: true, color: 'red' })).statusCode).toBe(200);
  const waiver = await orderFor(tag, { first_name: 'Di' });
  const waiverExp = await addExpiration(t, waiver.order.id, {
    date: '2026-03-02',
    waiver: true,
    note: 'Waiver on file',
  });
  const outside = await orderFor(tag, { first_name: 'Ed' });
  await addExpiration(t, outside.order.id, { date: '2026-04-15', note: 'Later' });
  const both = await orderFor(tag, { first_name: 'Flo' });
  const bothExp = await addExpiration(t, both.order.id, {
    date: '2026-03-07',
    yellow: true,
    yellow_date: '2026-03-06',
    note: 'Face-to-face visit needed',
  });
  return { tag, red, redExp, yellow, yellowExp, solved, solvedExp, waiver, waiverExp, bothExp };
}

describe('GET /api/expirations/', () => {
  it('needs both dates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/expirations/', headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ start_date: ['Start date is required'], end_date: ['End date is required'] });
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/expirations/?start_date=2026-03-07&end_date=2026-03-01',
      headers: auth(t.adminToken),
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json()).toEqual({ start_date: ['The start date cannot be after the end date'] });
  });

  it('lists the range by expiration or yellow date with patient, DOS, last service and colour', async () => {
    const s = await scenario();
    const page = await get<Page<ExpirationRow>>(`/api/expirations/?${WEEK}&search=${s.tag}`);
    // Waiver defaults to true: only the waiver expiration.
    expect(page.results.map((r) => r.id)).toEqual([s.waiverExp.id]);
    const list = await get<Page<ExpirationRow>>(`/api/expirations/?${WEEK}&search=${s.tag}&waiver=false`);
    expect(list.count).toBe(4);
    // Ordered by expiration date.
    expect(list.results.map((r) => r.id)).toEqual([s.redExp.id, s.solvedExp.id, s.bothExp.id, s.yellowExp.id]);
    const byId = new Map(list.results.map((r) => [r.id, r]));
    expect(byId.get(s.redExp.id)).toEqual({
      id: s.redExp.id,
      order_id: s.red.order.id,
      date: '2026-03-02',
      note: 'CMN renewal due',
      yellow: false,
      yellow_date: null,
      waiver: false,
      solved: false,
      red_solved_date: null,
      yellow_solved_date: null,
      order: { id: s.red.order.id, patient_id: s.red.patient.id },
      patient: { id: s.red.patient.id, first_name: 'Ada', last_name: s.red.patient.last_name },
      dos: '2026-03-02',
      last_service: { date: '2026-03-02' },
      color: 'red',
    });
    expect(byId.get(s.yellowExp.id)).toMatchObject({ color: 'yellow', dos: '2026-04-02', last_service: null });
    expect(byId.get(s.solvedExp.id)).toMatchObject({ color: 'green', solved: true, red_solved_date: todayWire() });
    expect(byId.get(s.bothExp.id)).toMatchObject({ color: 'red', dos: '2026-04-02' });
  });

  it('filters: hide solved, state, facility, search; orders by patient name; pages', async () => {
    const s = await scenario();
    const base = `/api/expirations/?${WEEK}&search=${s.tag}&waiver=false`;
    const open = await get<Page<ExpirationRow>>(`${base}&hide_solved=true`);
    expect(open.results.map((r) => r.id)).not.toContain(s.solvedExp.id);
    expect(open.count).toBe(3);
    expect((await get<Page<ExpirationRow>>(`${base}&state=9`)).results.map((r) => r.id)).toEqual([s.yellowExp.id]);
    expect((await get<Page<ExpirationRow>>(`${base}&facility=Yes`)).results.map((r) => r.id)).toEqual([s.yellowExp.id]);
    expect((await get<Page<ExpirationRow>>(`${base}&facility=No`)).count).toBe(3);
    const named = await get<Page<ExpirationRow>>(`${base}&ordering=-patient_name`);
    const names = named.results.map((r) => r.patient.last_name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    const paged = await get<Page<ExpirationRow>>(`${base}&page_size=3&page=2`);
    expect(paged).toMatchObject({ count: 4, page_size: 3, current: 2 });
    expect(paged.results.map((r) => r.id)).toEqual([s.yellowExp.id]);
    const nobody = await get<Page<ExpirationRow>>(`/api/expirations/?${WEEK}&search=zzz${s.tag}`);
    expect(nobody).toMatchObject({ count: 0, results: [] });
  });
});

describe('Solved switch and Edit Expiration (PATCH /api/expirations/{id}/)', () => {
  async function row(tag: string, id: number): Promise<ExpirationRow> {
    const page = await get<Page<ExpirationRow>>(`/api/expirations/?${WEEK}&search=${tag}&waiver=false`);
    return page.results.find((r) => r.id === id)!;
  }

  it('solving a red row stamps red_solved_date and turns it green; unsolving clears it', async () => {
    const s = await scenario();
    const before = await row(s.tag, s.redExp.id);
    const payload = solvedSwitchPayload(before, RANGE)!;
    expect(payload).toEqual({ solved: true, color: 'red' });
    expect((await patchExpiration(s.redExp.id, { ...payload })).statusCode).toBe(200);
    const solved = await row(s.tag, s.redExp.id);
    expect(solved).toMatchObject({ color: 'green', solved: true, red_solved_date: todayWire() });
    const back = solvedSwitchPayload(solved, RANGE)!;
    expect(back).toEqual({ solved: false, color: 'red' });
    await patchExpiration(s.redExp.id, { ...back });
    expect(await row(s.tag, s.redExp.id)).toMatchObject({ color: 'red', solved: false, red_solved_date: null });
  });

  it('solving a yellow row stamps yellow_solved_date; the audit records each change', async () => {
    const s = await scenario();
    const payload = solvedSwitchPayload(await row(s.tag, s.yellowExp.id), RANGE)!;
    expect(payload).toEqual({ solved: true, color: 'yellow' });
    await patchExpiration(s.yellowExp.id, { ...payload });
    expect(await row(s.tag, s.yellowExp.id)).toMatchObject({
      color: 'green',
      yellow_solved_date: todayWire(),
      red_solved_date: null,
    });
    await patchExpiration(s.yellowExp.id, { solved: false, color: 'yellow' });
    expect(await row(s.tag, s.yellowExp.id)).toMatchObject({ color: 'yellow', yellow_solved_date: null });
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'expiration')
      .where('entity_id', '=', String(s.yellowExp.id))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'update']);
  });

  it('the edit dialog saves date, yellow and yellow date, note and waiver with the spec messages', async () => {
    const s = await scenario();
    const bad = await patchExpiration(s.redExp.id, { note: '  ', yellow: true, yellow_date: null });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ note: ['Note is required'] });
    const noYellowDate = await patchExpiration(s.redExp.id, { yellow: true, yellow_date: null });
    expect(noYellowDate.statusCode).toBe(422);
    expect(noYellowDate.json()).toEqual({ yellow_date: ['Yellow date is required'] });
    const ok = await patchExpiration(s.redExp.id, {
      date: '2026-03-25',
      yellow: true,
      yellow_date: '2026-03-04',
      note: 'Call the physician',
      waiver: false,
    });
    expect(ok.statusCode).toBe(200);
    expect(await row(s.tag, s.redExp.id)).toMatchObject({
      date: '2026-03-25',
      yellow_date: '2026-03-04',
      note: 'Call the physician',
      color: 'yellow',
    });
    expect((await patchExpiration(99999999, { note: 'x' })).statusCode).toBe(404);
  });
});

describe('GET /api/export_expirations', () => {
  function pdfText(pdf: Buffer): string {
    return execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
  }

  it('streams the filtered rows as a PDF named expirations-{start}-{end}.pdf', async () => {
    const s = await scenario();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/export_expirations?${WEEK}&search=${s.tag}&waiver=false`,
      headers: auth(t.adminToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="expirations-2026-03-01-2026-03-07.pdf"');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Expirations');
    expect(text).toContain('From 03/01/2026 to 03/07/2026');
    expect(text).toContain('Waiver: False');
    // Long test names are cut to the column with an ellipsis.
    for (const name of [`Ada ${s.red.patient.last_name}`, `Bo ${s.yellow.patient.last_name}`]) {
      expect(text).toContain(name.slice(0, 14));
    }
    expect(text).toContain('CMN renewal due');
    expect(text).toContain('Prior authorization expires');
    expect(text).not.toContain('Waiver on file');
    expect(text).toMatch(/03\/02\/2026/);
    expect(text).toContain('Total expirations: 4');

    const waiverOnly = pdfText(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/export_expirations?${WEEK}&search=${s.tag}`,
          headers: auth(t.adminToken),
        })
      ).rawPayload,
    );
    expect(waiverOnly).toContain('Waiver on file');
    expect(waiverOnly).toContain('Total expirations: 1');
    const none = pdfText(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/export_expirations?${WEEK}&search=zzz${s.tag}`,
          headers: auth(t.adminToken),
        })
      ).rawPayload,
    );
    expect(none).toContain('No expirations.');
  });

  it('answers 422 without the dates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export_expirations', headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toHaveProperty('start_date');
  });
});

describe('GET /api/expirations_ocurrences/ and /api/check_expirations/', () => {
  it('lists the occurrences of the range with a due, unsolved expiration and their alert', async () => {
    const s = await scenario();
    const page = await get<Page<ExpirationOccurrenceRow>>(`/api/expirations_ocurrences/?${WEEK}&search=${s.tag}`);
    const byOrder = new Map(page.results.map((r) => [r.order.id, r]));
    expect(byOrder.get(s.red.order.id)).toMatchObject({ date: '2026-03-02', alert: 'red' });
    expect(byOrder.get(s.yellow.order.id)).toMatchObject({ date: '2026-03-02', alert: 'yellow' });
    // The waiver expiration matches its occurrence too; the solved one does not.
    expect(byOrder.get(s.waiver.order.id)).toMatchObject({ alert: 'red' });
    expect(byOrder.has(s.solved.order.id)).toBe(false);
    expect(page.count).toBe(page.results.length);
    const res = await t.app.inject({ method: 'GET', url: '/api/expirations_ocurrences/', headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(422);
  });

  it('counts the unsolved expirations due in a range by colour; the current week by default', async () => {
    const tag = unique('Ck');
    const a = await orderFor(tag);
    await addExpiration(t, a.order.id, { date: '2028-08-08' });
    await addExpiration(t, a.order.id, { date: '2028-09-30', yellow: true, yellow_date: '2028-08-09' });
    const solved = await addExpiration(t, a.order.id, { date: '2028-08-10' });
    await patchExpiration(solved.id, { solved: true, color: 'red' });
    const counts = await get<CheckExpirations>('/api/check_expirations/?start_date=2028-08-06&end_date=2028-08-12');
    expect(counts).toEqual({ start_date: '2028-08-06', end_date: '2028-08-12', red: 1, yellow: 1, total: 2 });
    const week = await get<CheckExpirations>('/api/check_expirations/');
    const today = todayIn(t.config.officeTimeZone);
    expect(week.start_date <= today && today <= week.end_date).toBe(true);
    expect(dayjs(week.start_date).day()).toBe(0);
    expect(dayjs(week.end_date).diff(dayjs(week.start_date), 'day')).toBe(6);
    expect(weekOf('2026-11-25')).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(weekOf('2026-11-22')).toEqual({ start: '2026-11-22', end: '2026-11-28' });
  });
});
