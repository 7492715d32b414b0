import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CLAIM_MESSAGES, type HcpcsLookup } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { multipart, type Part } from '../test/multipart.ts';
import { HcpcsFileError, parseHcpcsFile } from '../lib/hcpcs-file.ts';
import { loadShippedHcpcs, SHIPPED_HCPCS_FILE } from '../db/hcpcs-reference.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const shipped = () => fs.readFileSync(SHIPPED_HCPCS_FILE);

/** One fixed-width record of the annual file: code 1-5, sequence 6-10, record id 11, long 12-91, short 92-119. */
function record(code: string, seq: number, id: '3' | '4' | '7' | '8', long: string, short = ''): string {
  return `${code.padStart(5, ' ')}${String(seq).padStart(5, '0')}${id}${long.padEnd(80, ' ')}${short.padEnd(28, ' ')}`.padEnd(
    320,
    ' ',
  );
}

function annualFile(lines: string[]): Buffer {
  return Buffer.from(['Disclaimer: a few lines of text come first.', '', ...lines, ''].join('\r\n'), 'latin1');
}

const NEWER = annualFile([
  record('A0021', 100, '3', 'Outside state ambulance serv', 'Outside state ambulance serv'),
  record('D0120', 100, '3', 'Periodic oral evaluation', 'Periodic oral evaluation'),
  record('D0120', 200, '4', 'established patient'),
  record(
    'E0601',
    100,
    '3',
    'Continuous positive airway pressure (cpap) device, 2026 wording',
    'Cont airway pressure device',
  ),
  record(
    'E9876',
    100,
    '3',
    'Imaginary home device for the import test, with a description long enough',
    'Imaginary device',
  ),
  record('E9876', 200, '4', 'to need a continuation line'),
  record('RR', 100, '7', 'Rental (use the rr modifier when dme is to be rented)', 'Rental (dme)'),
  record('Z9', 100, '7', 'A made-up modifier of the import', 'Made-up modifier'),
  record('Z9', 200, '8', 'continued'),
]);

const count = async (table: 'hcpcs_codes' | 'hcpcs_modifiers') =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.db)).rows[0].n;

const describeCode = async (code: string) =>
  t.db.selectFrom('hcpcs_codes').selectAll().where('code', '=', code).executeTakeFirst();

function post(parts: Part[], token: string | null = t.adminToken) {
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/settings/hcpcs/',
    payload: form.payload,
    headers: { ...form.headers, ...(token ? auth(token) : {}) },
  });
}

const upload = (data: Buffer, token = t.adminToken, filename = 'HCPC2026_JAN_ANWEB.txt') =>
  post([{ name: 'file', filename, contentType: 'text/plain', data }], token);

describe('the HCPCS annual file', () => {
  it('reads the shipped 2020 file: 6,710 codes and 369 modifiers, descriptions joined over continuations', () => {
    const file = parseHcpcsFile(shipped());
    expect(file.codes).toHaveLength(6710);
    expect(file.modifiers).toHaveLength(369);
    expect(file.codes.find((c) => c.code === 'E0601')).toEqual({
      code: 'E0601',
      long_description: 'Continuous positive airway pressure (cpap) device',
      short_description: 'Cont airway pressure device',
    });
    expect(file.codes.find((c) => c.code === 'A4253')?.long_description).toBe(
      'Blood glucose test or reagent strips for home blood glucose monitor, per 50 strips',
    );
    expect(file.modifiers.find((m) => m.code === 'RR')?.description).toBe(
      "Rental (use the 'rr' modifier when dme is to be rented)",
    );
    expect(file.modifiers.find((m) => m.code === 'AQ')?.description).toMatch(/\(hpsa\)$/);
    expect(file.codes.every((c) => /^[A-CEGHJ-MP-V][0-9]{4}$/.test(c.code) && c.long_description !== '')).toBe(true);
  });

  it('skips dental (D) codes and reads a file saved as UTF-8', () => {
    const file = parseHcpcsFile(NEWER);
    expect(file.codes.map((c) => c.code)).toEqual(['A0021', 'E0601', 'E9876']);
    expect(file.codes[2].long_description).toBe(
      'Imaginary home device for the import test, with a description long enough to need a continuation line',
    );
    expect(file.modifiers).toEqual([
      { code: 'RR', description: 'Rental (use the rr modifier when dme is to be rented)' },
      { code: 'Z9', description: 'A made-up modifier of the import continued' },
    ]);
    const utf8 = parseHcpcsFile(
      Buffer.from(record('E0100', 100, '3', 'Cane, includes canes of all materials ®'), 'utf8'),
    );
    expect(utf8.codes[0].long_description).toBe('Cane, includes canes of all materials ®');
  });

  it('refuses what is not in the layout, saying where', () => {
    const refused = (text: string | Buffer) => {
      try {
        parseHcpcsFile(Buffer.isBuffer(text) ? text : Buffer.from(text));
      } catch (err) {
        expect(err).toBeInstanceOf(HcpcsFileError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused('HCPCS,Mod,Description\nE0601,,CPAP\n')).toMatch(/holds no HCPCS codes/);
    expect(refused('')).toMatch(/holds no HCPCS codes/);
    expect(refused(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]))).toMatch(/not text/);
    expect(refused([record('E0601', 100, '3', 'CPAP'), 'a stray line'].join('\n'))).toMatch(
      /^Line 2 is not a HCPCS record/,
    );
    expect(refused(record('E0601', 200, '4', 'continued'))).toMatch(/^Line 1 continues E0601/);
    expect(refused([record('E0601', 100, '3', 'CPAP'), record('E0602', 200, '4', 'x')].join('\n'))).toMatch(
      /^Line 2 continues E0602/,
    );
    expect(refused(record('E06X1', 100, '3', 'CPAP'))).toMatch(/"E06X1" is not a HCPCS code/);
    expect(refused([record('E0601', 100, '3', 'a'), record('E0601', 100, '3', 'b')].join('\n'))).toMatch(
      /code E0601 appears twice/,
    );
  });

  it('is loaded into every test database, once', async () => {
    expect(await count('hcpcs_codes')).toBe(6710);
    expect(await count('hcpcs_modifiers')).toBe(369);
    expect(await describeCode('E1390')).toMatchObject({
      long_description:
        'Oxygen concentrator, single delivery port, capable of delivering 85 percent or greater oxygen concentration at the prescribed flow rate',
      source: 'HCPC2020_ANWEB_w_disclaimer.txt',
    });
    expect(await loadShippedHcpcs(t.db)).toBe(false);
    expect(await count('hcpcs_codes')).toBe(6710);
  });
});

describe('GET /api/hcpcs/', () => {
  const lookup = async (search: string, token = t.adminToken) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/hcpcs/?search=${encodeURIComponent(search)}`,
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as HcpcsLookup[];
  };

  it('finds codes by their start, then by the words of their descriptions, at most 20', async () => {
    const byCode = await lookup('e060');
    expect(byCode.map((c) => c.code).slice(0, 3)).toEqual(['E0600', 'E0601', 'E0602']);
    expect(byCode.length).toBeLessThanOrEqual(20);
    expect(byCode.find((c) => c.code === 'E0601')).toEqual({
      code: 'E0601',
      long_description: 'Continuous positive airway pressure (cpap) device',
      short_description: 'Cont airway pressure device',
    });
    const byWords = await lookup('airway PRESSURE device');
    expect(byWords.map((c) => c.code)).toContain('E0601');
    expect(byWords.every((c) => /airway/i.test(c.long_description + c.short_description))).toBe(true);
    expect(await lookup('E0601')).toEqual([byCode.find((c) => c.code === 'E0601')]);
    expect(await lookup('no such words at all')).toEqual([]);
    expect(await lookup('100%_')).toEqual([]);
    expect(await lookup('')).toHaveLength(20);
  });

  it('answers any signed-in user; 401 signed out', async () => {
    const staff = await t.userWithRole(2);
    expect((await lookup('E1390', staff.token)).map((c) => c.code)).toEqual(['E1390']);
    expect((await t.app.inject({ method: 'GET', url: '/api/hcpcs/?search=E' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/hcpcs/E0601/' })).statusCode).toBe(401);
  });
});

describe('GET /api/hcpcs/{code}/', () => {
  it('answers one code in any case, 404 for an unknown or malformed one', async () => {
    const get = (code: string) =>
      t.app.inject({ method: 'GET', url: `/api/hcpcs/${code}/`, headers: auth(t.adminToken) });
    const res = await get('k0001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 'K0001',
      long_description: 'Standard wheelchair',
      short_description: 'Standard wheelchair',
    });
    for (const code of ['Z9999', 'D0120', 'E06', 'abcdefghijklmnopqrstuvwxyz'])
      expect((await get(code)).statusCode, code).toBe(404);
  });
});

describe('POST /api/settings/hcpcs/', () => {
  it('401 signed out; 403 for office staff and billing, and nothing changes', async () => {
    expect((await post([], null)).statusCode).toBe(401);
    for (const role of [2, 3]) {
      const user = await t.userWithRole(role);
      expect((await upload(NEWER, user.token)).statusCode).toBe(403);
    }
    expect(await describeCode('E9876')).toBeUndefined();
  });

  it('422 without a file, and for a file not in the layout: nothing changes', async () => {
    const none = await post([{ name: 'note', value: 'no file' }]);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ file: [CLAIM_MESSAGES.hcpcsFileRequired] });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/settings/hcpcs/',
      headers: auth(t.adminToken),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);

    const before = await describeCode('E0601');
    const bad = await upload(
      Buffer.concat([NEWER, Buffer.from('this line is not a record\r\n')]),
      t.adminToken,
      'x.txt',
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      file: [expect.stringMatching(/^Line 12 is not a HCPCS record: a CMS HCPCS annual file/)],
    });
    const csv = await upload(Buffer.from('HCPCS,Description\nE0601,CPAP\n'), t.adminToken, 'codes.csv');
    expect(csv.statusCode).toBe(422);
    expect(csv.json().file[0]).toMatch(/holds no HCPCS codes/);
    expect(await describeCode('E0601')).toEqual(before);
    expect(await describeCode('E9876')).toBeUndefined();
    expect(await count('hcpcs_codes')).toBe(6710);
    expect(await count('hcpcs_modifiers')).toBe(369);
  });

  it('adds new codes and modifiers and updates known ones, in one transaction, audited', async () => {
    const res = await upload(NEWER);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ codes: 3, modifiers: 2, source: 'HCPC2026_JAN_ANWEB.txt' });
    expect(await describeCode('E0601')).toMatchObject({
      long_description: 'Continuous positive airway pressure (cpap) device, 2026 wording',
      source: 'HCPC2026_JAN_ANWEB.txt',
    });
    expect(await describeCode('E9876')).toMatchObject({ short_description: 'Imaginary device' });
    // Codes the newer file does not hold stay known; dental codes are never taken in.
    expect(await describeCode('E1390')).toMatchObject({ source: 'HCPC2020_ANWEB_w_disclaimer.txt' });
    expect(await describeCode('D0120')).toBeUndefined();
    expect(await count('hcpcs_codes')).toBe(6711);
    expect(await count('hcpcs_modifiers')).toBe(370);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'after', 'user_id'])
      .where('entity', '=', 'hcpcs_codes')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'update',
      entity_id: 'HCPC2026_JAN_ANWEB.txt',
      after: { codes: 3, modifiers: 2, source: 'HCPC2026_JAN_ANWEB.txt' },
    });

    // The whole shipped file imports as well (the same layout as a newer year's).
    const full = await upload(shipped(), t.adminToken, 'C:\\CMS\\HCPC2020_ANWEB_w_disclaimer.txt');
    expect(full.json()).toEqual({ codes: 6710, modifiers: 369, source: 'HCPC2020_ANWEB_w_disclaimer.txt' });
    expect((await describeCode('E0601'))?.long_description).toBe('Continuous positive airway pressure (cpap) device');
  });

  it('the new routes are described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: auth(t.adminToken) });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of ['/api/hcpcs/', '/api/hcpcs/{code}/', '/api/settings/hcpcs/', '/api/settings/billing/'])
      expect(paths, path).toContain(path);
  });
});
