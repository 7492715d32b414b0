import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FEE_SCHEDULE_MESSAGES, type FeeSchedule } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { multipart, type Part } from '../test/multipart.ts';
import { loadShippedFeeSchedule, SHIPPED_DMEPOS_FILE } from '../db/fee-schedule-reference.ts';

/** The CMS DMEPOS fee schedule (issue 33): the shipped January 2025 file, the list and the import. */
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const dmeposLines = fs.readFileSync(SHIPPED_DMEPOS_FILE, 'latin1').split(/\r?\n/);
/** Line 7 of DMEPOS_JAN.csv: the header; line 747: E0601 RR (IA non-rural 49.37, rural 94.93). */
const HEADER = dmeposLines[6];
const E0601 = dmeposLines[746];
/** Line 8: A4216, a quoted description with a comma. */
const A4216 = dmeposLines[7];

const count = async (table: 'fee_schedules' | 'fee_schedule_rows' | 'fee_schedule_rural_zips', scheduleId?: number) =>
  (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}
      ${scheduleId === undefined ? sql`` : sql`WHERE schedule_id = ${scheduleId}`}`.execute(t.db)
  ).rows[0].n;

const csv = (...lines: string[]) => Buffer.from([...lines, ''].join('\r\n'), 'latin1');

function post(parts: Part[], token: string | null = t.adminToken) {
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/reference/fee_schedule/',
    payload: form.payload,
    headers: { ...form.headers, ...(token ? auth(token) : {}) },
  });
}

const file = (data: Buffer, filename = 'DMEPOS_APR.csv', name = 'file'): Part => ({
  name,
  filename,
  contentType: 'text/csv',
  data,
});

async function list(token = t.adminToken): Promise<FeeSchedule[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/reference/fee_schedule/', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as FeeSchedule[];
}

describe('the shipped January 2025 schedule', () => {
  it('is loaded into every test database, once: 3,487 rows and 15,913 rural ZIP codes', async () => {
    const [shipped] = await list();
    expect(shipped).toMatchObject({
      effective_date: '2025-01-01',
      quarter: '2025 Q1',
      source: 'CMS DMEPOS January 2025',
      row_count: 3487,
      zip_count: 15913,
    });
    expect(shipped.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(await count('fee_schedule_rows', shipped.id)).toBe(3487);
    expect(await count('fee_schedule_rural_zips', shipped.id)).toBe(15913);
    const cpap = await t.db
      .selectFrom('fee_schedule_rows')
      .select(['modifier_1', 'modifier_2', 'category', 'description', 'fees'])
      .where('schedule_id', '=', shipped.id)
      .where('hcpcs', '=', 'E0601')
      .execute();
    expect(cpap).toHaveLength(1);
    expect(cpap[0]).toMatchObject({ modifier_1: 'RR', modifier_2: '', category: 'CR' });
    expect(cpap[0].description).toBe('Cont airway pressure device');
    expect(cpap[0].fees.IA).toEqual(['49.37', '94.93']);
    // "DME Rural ZIP Code Quarter 1, 2025.csv" line 7312: IA,50501.
    const zip = await t.db
      .selectFrom('fee_schedule_rural_zips')
      .select('state')
      .where('schedule_id', '=', shipped.id)
      .where('zip', '=', '50501')
      .executeTakeFirst();
    expect(zip).toEqual({ state: 'IA' });
    expect(await loadShippedFeeSchedule(t.db)).toBe(false);
    expect(await count('fee_schedules')).toBe(1);
  });

  it('the list answers any signed-in user; 401 signed out', async () => {
    const staff = await t.userWithRole(2);
    expect((await list(staff.token)).map((s) => s.effective_date)).toEqual(['2025-01-01']);
    expect((await t.app.inject({ method: 'GET', url: '/api/reference/fee_schedule/' })).statusCode).toBe(401);
  });
});

describe('POST /api/reference/fee_schedule/', () => {
  const newer = () => csv('"April 2025 Fee Schedule",,', HEADER, A4216, E0601.replace('49.37,94.93', '51.00,96.00'));

  it('401 signed out; 403 for office staff and billing, and nothing changes', async () => {
    const parts = [file(newer()), { name: 'effective_date', value: '2025-04-01' }];
    expect((await post(parts, null)).statusCode).toBe(401);
    for (const role of [2, 3]) {
      const user = await t.userWithRole(role);
      expect((await post(parts, user.token)).statusCode).toBe(403);
    }
    expect(await count('fee_schedules')).toBe(1);
  });

  it('422 without a file or date, for a bad date and for a file not in the layout, naming the line', async () => {
    const none = await post([{ name: 'note', value: 'x' }]);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({
      effective_date: [FEE_SCHEDULE_MESSAGES.effectiveDateRequired],
      file: [FEE_SCHEDULE_MESSAGES.fileRequired],
    });
    const badDate = await post([file(newer()), { name: 'effective_date', value: '2025-02-30' }]);
    expect(badDate.statusCode).toBe(422);
    expect(Object.keys(badDate.json())).toEqual(['effective_date']);

    const badRow = await post([
      file(csv(HEADER, A4216, E0601.replace('49.37', 'n/a'))),
      { name: 'effective_date', value: '2025-04-01' },
    ]);
    expect(badRow.statusCode).toBe(422);
    expect(badRow.json()).toEqual({ file: ['Line 3: "n/a" in column IA (NR) is not an amount'] });
    const hcpcsFile = await post([
      file(Buffer.from('HCPCS,Description\nE0601,CPAP\n')),
      { name: 'effective_date', value: '2025-04-01' },
    ]);
    expect(hcpcsFile.json().file[0]).toMatch(/^Line 1: the columns must start HCPCS,MOD,MOD2/);
    const badZips = await post([
      file(newer()),
      file(csv('STATE,DMEPOS RURAL ZIP CODE,YEAR/QTR', 'IA,505,2025Q2'), 'zips.csv', 'rural_zips'),
      { name: 'effective_date', value: '2025-04-01' },
    ]);
    expect(badZips.json()).toEqual({ rural_zips: ['Line 2: "2025Q2" is not a quarter (YYYY0Q)'] });
    const binary = await post([
      file(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])),
      { name: 'effective_date', value: '2025-04-01' },
    ]);
    expect(binary.json()).toEqual({ file: ['The file is not a text file'] });
    expect(await count('fee_schedules')).toBe(1);
  });

  it('a newer schedule is kept beside the older, copying its rural ZIP codes; the same date is replaced', async () => {
    const res = await post([file(newer()), { name: 'effective_date', value: '2025-04-01' }]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as FeeSchedule;
    expect(created).toMatchObject({
      effective_date: '2025-04-01',
      quarter: '2025 Q2',
      source: 'DMEPOS_APR.csv',
      row_count: 2,
      zip_count: 15913,
    });
    expect((await list()).map((s) => [s.effective_date, s.row_count])).toEqual([
      ['2025-04-01', 2],
      ['2025-01-01', 3487],
    ]);
    expect(await count('fee_schedule_rural_zips', created.id)).toBe(15913);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity', '=', 'fee_schedule')
      .execute();
    expect(audit).toEqual([{ action: 'create', entity_id: String(created.id) }]);

    // The same date again, with its own rural ZIP file: replaced, the older still kept.
    const again = await post([
      file(csv(HEADER, E0601), 'DMEPOS_APR_corrected.csv'),
      file(csv('STATE,DMEPOS RURAL ZIP CODE,YEAR/QTR', 'IA,50501,202502', 'MA,1223,202502'), 'zips.csv', 'rural_zips'),
      { name: 'effective_date', value: '2025-04-01' },
    ]);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ row_count: 1, zip_count: 2, source: 'DMEPOS_APR_corrected.csv' });
    expect(await count('fee_schedules')).toBe(2);
    expect(await count('fee_schedule_rows', created.id)).toBe(0);
    expect(await count('fee_schedule_rural_zips', (again.json() as FeeSchedule).id)).toBe(2);

    // A corrected April file without rural ZIPs keeps the ones of the schedule it replaces.
    const third = await post([file(newer()), { name: 'effective_date', value: '2025-04-01' }]);
    expect(third.json()).toMatchObject({ row_count: 2, zip_count: 2 });
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: auth(t.adminToken) });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/api/reference/fee_schedule/');
    expect(paths).toContain('/api/vendors/{id}/price_list/');
  });
});
