import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { multipart } from '../test/multipart.ts';
import { patientBody } from '../test/factories.ts';

/** Attachments are judged by their bytes against an allow-list, never by name or claimed type (issue 9, item 10). */
let t: TestContext;
let patientId: number;

beforeAll(async () => {
  t = await setupTestApp();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patients/',
    headers: auth(t.adminToken),
    payload: patientBody(),
  });
  patientId = res.json().data.id;
});
afterAll(async () => {
  await t?.close();
});

function storedFiles(): string[] {
  const dir = path.join(t.config.dataDir, 'files', 'attachments');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function upload(filename: string, contentType: string, data: Buffer) {
  const body = multipart([
    { name: 'patient', value: String(patientId) },
    { name: 'file', filename, contentType, data },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/attachments/',
    headers: { ...auth(t.adminToken), ...body.headers },
    payload: body.payload,
  });
}

const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const refused = { file: ['This file type is not allowed (pdf, images, txt, csv, doc, docx, xls, xlsx)'] };

describe('attachment types', () => {
  it('refuses executables, HTML and SVG whatever their name and claimed type, storing nothing', async () => {
    const cases: [string, string, Buffer][] = [
      ['scan.png', 'image/png', exe],
      ['report.pdf.exe', 'application/pdf', exe],
      ['notes.txt', 'text/plain', Buffer.from('<html><body><script>fetch("/api/users/")</script></body></html>')],
      ['logo.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
      ['archive.docx', 'application/zip', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(60, 0)])],
      // Text that turns binary after the sniffed head is followed to its end.
      ['log.txt', 'text/plain', Buffer.concat([Buffer.alloc(70 * 1024, 0x41), Buffer.from([0x00, 0x01])])],
      ['late.txt', 'text/plain', Buffer.concat([Buffer.alloc(70 * 1024, 0x20), Buffer.from('<script>x()</script>')])],
    ];
    for (const [name, type, data] of cases) {
      const res = await upload(name, type, data);
      expect(res.statusCode, name).toBe(422);
      expect(res.json()).toEqual(refused);
    }
    expect(storedFiles()).toEqual([]);
    expect(await t.db.selectFrom('patient_attachments').select('id').execute()).toEqual([]);
  });

  it('stores what the bytes show, with a clean name whose extension matches', async () => {
    const png = await upload('photo.png', 'image/png', jpeg);
    expect(png.statusCode).toBe(201);
    expect(png.json().name).toBe('photo.jpg');
    const download = await t.app.inject({ method: 'GET', url: png.json().url, headers: auth(t.adminToken) });
    expect(download.headers['content-type']).toBe('image/jpeg');

    const pdf = await upload('invoice\u202Efdp.exe', 'application/octet-stream', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().name).toBe('invoicefdp.pdf');

    const csv = await upload('patients.csv', 'application/vnd.ms-excel', Buffer.from('name,phone\nRose,515\n'));
    expect(csv.statusCode).toBe(201);
    expect(csv.json().name).toBe('patients.csv');

    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200 * 1024, 0x20)]);
    const large = await upload('scan.pdf', 'application/pdf', big);
    expect(large.statusCode).toBe(201);
    const stored = await t.app.inject({ method: 'GET', url: large.json().url, headers: auth(t.adminToken) });
    expect(stored.rawPayload.equals(big)).toBe(true);
    expect(storedFiles()).toHaveLength(4);
  });
});
