import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { multipart } from '../test/multipart.ts';
import { createPatient, patientBody } from '../test/factories.ts';

let t: TestContext;
let small: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
  small = await setupTestApp({ MAX_UPLOAD_MB: '0.01' });
});
afterAll(async () => {
  await t.close();
  await small.close();
});

async function newPatient(ctx: TestContext): Promise<number> {
  return (await createPatient(ctx, patientBody())).id;
}

function storedFiles(ctx: TestContext): string[] {
  const dir = path.join(ctx.config.dataDir, 'files', 'attachments');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('attachments', () => {
  it('uploads (201 {id,name,url}), downloads with its type, and deletes row and file', async () => {
    const h = auth(t.adminToken);
    const patientId = await newPatient(t);
    const body = multipart([
      { name: 'file', filename: 'Prescription CPAP.pdf', contentType: 'application/pdf', data: pdf },
      { name: 'patient', value: String(patientId) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/attachments/',
      headers: { ...h, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const att = res.json();
    expect(att).toEqual({ id: att.id, name: 'Prescription CPAP.pdf', url: `/api/attachments/${att.id}/download/` });
    expect(storedFiles(t)).toHaveLength(1);

    const detail = await t.app.inject({ method: 'GET', url: `/api/patients/${patientId}/`, headers: h });
    expect(detail.json().attachments).toEqual([att]);

    const download = await t.app.inject({ method: 'GET', url: att.url, headers: h });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment; filename="Prescription CPAP.pdf"');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: att.url })).statusCode).toBe(401);

    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'patient_attachment')
      .where('entity_id', '=', String(att.id))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([{ action: 'create' }, { action: 'read' }]);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/attachments/${att.id}/`, headers: h })).statusCode).toBe(
      204,
    );
    expect(storedFiles(t)).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: att.url, headers: h })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/attachments/${att.id}/`, headers: h })).statusCode).toBe(
      404,
    );
  });

  it('takes the patient field before the file too, and removes the files when the patient is deleted', async () => {
    const h = auth(t.adminToken);
    const patientId = await newPatient(t);
    const body = multipart([
      { name: 'patient', value: String(patientId) },
      { name: 'file', filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('Leave at the side door.') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/attachments/',
      headers: { ...h, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(storedFiles(t)).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/patients/${patientId}/`, headers: h })).statusCode).toBe(
      204,
    );
    expect(storedFiles(t)).toHaveLength(0);
  });

  it('refuses a disallowed type, a missing file and an unknown patient, storing nothing', async () => {
    const h = auth(t.adminToken);
    const patientId = await newPatient(t);
    const cases: [Parameters<typeof multipart>[0], Record<string, string[]>][] = [
      [
        [
          { name: 'patient', value: String(patientId) },
          {
            name: 'file',
            filename: 'setup.exe',
            contentType: 'application/x-msdownload',
            data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]),
          },
        ],
        { file: ['This file type is not allowed (pdf, images, txt, csv, doc, docx, xls, xlsx)'] },
      ],
      [[{ name: 'patient', value: String(patientId) }], { file: ['A file is required'] }],
      [
        [
          { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: pdf },
          { name: 'patient', value: '999999' },
        ],
        { patient: ['Select a valid patient'] },
      ],
      [
        [{ name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: pdf }],
        { patient: ['Select a valid patient'] },
      ],
    ];
    for (const [parts, expected] of cases) {
      const body = multipart(parts);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/attachments/',
        headers: { ...h, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(expected);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/attachments/',
      headers: h,
      payload: { patient: patientId },
    });
    expect(json.statusCode).toBe(422);
    for (const payload of [
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nabc',
      'garbage',
    ]) {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/attachments/',
        headers: { ...h, 'content-type': 'multipart/form-data; boundary=xyz' },
        payload,
      });
      expect(broken.statusCode).toBe(400);
    }
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/attachments/',
      headers: { ...h, 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(storedFiles(t)).toHaveLength(0);
    const rows = await t.db
      .selectFrom('patient_attachments')
      .select('id')
      .where('patient_id', '=', patientId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a file over the size limit with 422 and stores nothing', async () => {
    const h = auth(small.adminToken);
    const patientId = await newPatient(small);
    const big = Buffer.alloc(20 * 1024, 0x41);
    for (const order of ['file-first', 'patient-first']) {
      const parts: Parameters<typeof multipart>[0] = [
        { name: 'file', filename: 'scan.pdf', contentType: 'application/pdf', data: big },
      ];
      if (order === 'file-first') parts.push({ name: 'patient', value: String(patientId) });
      else parts.unshift({ name: 'patient', value: String(patientId) });
      const body = multipart(parts);
      const res = await small.app.inject({
        method: 'POST',
        url: '/api/attachments/',
        headers: { ...h, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ file: ['The file is too large (max 0.01 MB)'] });
    }
    expect(storedFiles(small)).toHaveLength(0);
    expect(await small.db.selectFrom('patient_attachments').select('id').execute()).toEqual([]);

    const fits = multipart([
      { name: 'patient', value: String(patientId) },
      { name: 'file', filename: 'ok.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    const ok = await small.app.inject({
      method: 'POST',
      url: '/api/attachments/',
      headers: { ...h, ...fits.headers },
      payload: fits.payload,
    });
    expect(ok.statusCode).toBe(201);
  });
});
