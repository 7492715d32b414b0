import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES as M, SHIPPING_MESSAGES, deliveryAnswerSchema, type DeliveryAnswer } from '@dme/shared';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { createPayer } from '../test/claims.ts';
import {
  dataUrl,
  get,
  occurrence,
  patchShipping,
  postDelivery,
  readPdf,
  signaturePng,
  ticket,
  ticketPrintedAt,
} from '../test/shipping.ts';
import { officeToday } from './records.ts';

let t: TestContext;
let staff: { id: number; username: string; token: string };

beforeAll(async () => {
  t = await setupTestApp();
  staff = await t.userWithRole(2);
});
afterAll(async () => {
  await t.close();
});

/** The signature files stored so far. */
function storedSignatures(): string[] {
  const dir = path.join(t.config.dataDir, 'files', 'signatures');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** An occurrence of 05/01/2026 whose ticket was printed at 10:00 that morning in the office (Chicago). */
async function ticketed() {
  const o = await occurrence(t, { date: '2026-05-01' });
  await ticket(t, o.id);
  await ticketPrintedAt(t, o.id, '2026-05-01T15:00:00Z');
  return o;
}

const deliveries = (id: number) =>
  t.db
    .selectFrom('documents')
    .selectAll()
    .where('ocurrence_id', '=', id)
    .where('delivered_at', 'is not', null)
    .execute();

describe('access', () => {
  it('answers 401 without a token on both routes, and 404 for an unknown occurrence or no delivery', async () => {
    for (const [method, url] of [
      ['POST', '/api/ocurrences/1/delivery/'],
      ['GET', '/api/ocurrences/1/delivery/proof/'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(401);
    }
    expect((await postDelivery(t, 999999)).statusCode).toBe(404);
    expect((await get(t, '/api/ocurrences/999999/delivery/proof/')).statusCode).toBe(404);
    const o = await ticketed();
    expect((await get(t, `/api/ocurrences/${o.id}/delivery/proof/`)).statusCode).toBe(404);
  });
});

describe('POST /ocurrences/{id}/delivery/ refusals', () => {
  it('answers 422 for each bad field, and stores nothing', async () => {
    const o = await ticketed();
    const before = storedSignatures().length;
    const broken = signaturePng();
    broken.fill(0, 40, 60);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ recipient_name: '  ' }, { recipient_name: [M.recipientRequired] }],
      [{ relationship: 'cousin' }, { relationship: [M.relationshipInvalid] }],
      [{ address: '' }, { address: [M.addressRequired] }],
      [{ signature: '' }, { signature: [M.signatureRequired] }],
      [{ signature: 'data:image/jpeg;base64,AAAA' }, { signature: [M.signatureInvalid] }],
      [{ signature: dataUrl(broken) }, { signature: [M.signatureInvalid] }],
      [{ signature: dataUrl(signaturePng(5000, 10)) }, { signature: [M.signatureInvalid] }],
      [{ delivered_at: '' }, { delivered_at: [M.deliveredAtRequired] }],
      [{ delivered_at: 'yesterday' }, { delivered_at: [M.deliveredAtInvalid] }],
      [{ delivered_at: '2026-02-30 10:00' }, { delivered_at: [M.deliveredAtInvalid] }],
      [{ delivered_at: new Date(Date.now() + 3_600_000).toISOString() }, { delivered_at: [M.deliveredInFuture] }],
      // 10:00 in Chicago on 05/01 is after 03:00 UTC on 05/01: the office's date is 04/30.
      [{ delivered_at: '2026-05-01T03:00:00Z' }, { delivered_at: [M.deliveredBeforeTicket] }],
      [{ delivered_at: '2026-04-30 23:59' }, { delivered_at: [M.deliveredBeforeTicket] }],
    ];
    for (const [body, errors] of cases) {
      const res = await postDelivery(t, o.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json()).toEqual(errors);
    }
    expect(storedSignatures()).toHaveLength(before);
    expect(await deliveries(o.id)).toEqual([]);
  });

  it('answers 409 without a ticket, and once shipped', async () => {
    const before = storedSignatures().length;
    const o = await occurrence(t);
    const noTicket = await postDelivery(t, o.id);
    expect(noTicket.statusCode).toBe(409);
    expect(noTicket.json()).toMatchObject({ detail: M.noTicket });
    await ticket(t, o.id);
    expect((await patchShipping(t, o.id, { shipped: true, eligibility_toggle: true })).statusCode).toBe(200);
    const shipped = await postDelivery(t, o.id);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toMatchObject({ detail: M.alreadyDelivered });
    expect(storedSignatures()).toHaveLength(before);
  });

  it('answers 422 with the reasons of a held occurrence, and ships nothing', async () => {
    const o = await ticketed();
    const payer = await createPayer(t, { claim_filing_indicator: 'MB' });
    await t.db
      .insertInto('patient_insurances')
      .values({
        patient_id: o.patientId,
        name: payer.name,
        policy_number: '1EG4TE5MK72',
        vendor_id: payer.id,
        priority: 1,
      })
      .execute();
    await t.db
      .updateTable('products')
      .set({ hcpcs_code: 'E0601' })
      .where('id', 'in', t.db.selectFrom('services').select('product_id').where('ocurrence_id', '=', o.id))
      .execute();
    const res = await postDelivery(t, o.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ holds: ['No standard written order for E0601'] });
    const row = await t.db.selectFrom('ocurrences').select('shipped').where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(row.shipped).toBe(false);
    expect(await deliveries(o.id)).toEqual([]);
  });
});

describe('a recorded delivery', () => {
  it('ships the occurrence on the delivery date with its invoice, the document, the audit and the signature', async () => {
    const o = await ticketed();
    const png = signaturePng(420, 140);
    const res = await postDelivery(t, o.id, { delivered_at: '2026-05-03 10:30', signature: dataUrl(png) }, staff.token);
    expect(res.statusCode, res.body).toBe(201);
    const answer = deliveryAnswerSchema.parse(res.json()) as DeliveryAnswer;
    expect(answer.ocurrence).toEqual({ id: o.id, shipped: true, shipped_date: '2026-05-03' });
    expect(answer.document).toMatchObject({
      patient_id: o.patientId,
      type: 'proof_of_delivery',
      date: '2026-05-03',
      order_id: o.orderId,
      ocurrence_id: o.id,
      state: 'valid',
      units_used: 0,
      user: staff.username,
      delivery: {
        recipient_name: 'Jane Doe',
        relationship: 'spouse',
        delivered_at: '2026-05-03T15:30:00.000Z',
        address: '18 Walnut Street, Ames, IA 50010',
      },
    });

    const invoice = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('ocurrence_id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect([invoice.id, invoice.date]).toEqual([answer.invoice_id, '2026-05-03']);
    const services = await t.db
      .selectFrom('services')
      .select(['shipped', 'outstanding'])
      .where('ocurrence_id', '=', o.id)
      .execute();
    expect(services.every((s) => s.shipped && s.outstanding === '20.00')).toBe(true);

    const [row] = await deliveries(o.id);
    expect(row).toMatchObject({ id: answer.document.id, user_id: staff.id, patient_id: o.patientId });
    expect(await buffer(t.app.ctx.storage.read(row!.signature_key!))).toEqual(png);

    const audited = await t.db
      .selectFrom('audit_log')
      .select(['entity', 'action', 'entity_id', 'patient_id'])
      .where('user_id', '=', staff.id)
      .where((eb) =>
        eb.or([
          eb.and([eb('entity', '=', 'document'), eb('entity_id', '=', String(row!.id))]),
          eb.and([eb('entity', '=', 'ocurrence'), eb('entity_id', '=', String(o.id))]),
          eb.and([eb('entity', '=', 'invoice'), eb('entity_id', '=', String(invoice.id))]),
        ]),
      )
      .orderBy('id')
      .execute();
    expect(audited.map((a) => `${a.action} ${a.entity}`)).toEqual([
      'create document',
      'update ocurrence',
      'create invoice',
    ]);
    expect(audited[0]!.patient_id).toBe(o.patientId);

    const shipping = await get(t, `/api/shipping-status/?search=${o.lastName}`);
    expect(shipping.json()).toMatchObject({ results: [{ id: o.id, delivery_document_id: row!.id }] });
  });

  it('is recorded once when two arrive at once: one 201, one 409, one invoice, one document', async () => {
    const o = await occurrence(t);
    await ticket(t, o.id);
    const before = storedSignatures().length;
    const answers = await Promise.all([postDelivery(t, o.id), postDelivery(t, o.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ detail: M.alreadyDelivered });
    expect(await t.db.selectFrom('invoices').select('id').where('ocurrence_id', '=', o.id).execute()).toHaveLength(1);
    expect(await deliveries(o.id)).toHaveLength(1);
    expect(storedSignatures()).toHaveLength(before + 1);
    const shipped = await t.db
      .selectFrom('ocurrences')
      .select('shipped_date')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(shipped.shipped_date).toBe(officeToday(t.config.officeTimeZone));
  });

  it('keeps the occurrence shipped: a second delivery, un-shipping and a reprint are refused', async () => {
    const o = await ticketed();
    expect((await postDelivery(t, o.id, { delivered_at: '2026-05-02T09:00:00-05:00' })).statusCode).toBe(201);
    const again = await postDelivery(t, o.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: M.alreadyDelivered });
    const unship = await patchShipping(t, o.id, { shipped: false, eligibility_toggle: true });
    expect(unship.statusCode).toBe(409);
    expect(unship.json()).toMatchObject({ detail: M.alreadyDelivered });
    const reprint = await get(t, `/api/export/${o.id}/reprint/`);
    expect(reprint.statusCode).toBe(409);
    expect(reprint.json()).toMatchObject({ detail: SHIPPING_MESSAGES.alreadyShipped });
  });
});

describe('GET /ocurrences/{id}/delivery/proof/', () => {
  it("answers the ticket's content with the delivery and the signature, inline, and audits the read", async () => {
    const o = await ticketed();
    await postDelivery(t, o.id, {
      recipient_name: 'Walter Parker',
      relationship: 'facility_staff',
      delivered_at: '2026-05-03 14:05',
      address: 'Sunrise Care Home, 400 Elm Drive, Ames, IA 50010',
    });
    const res = await get(t, `/api/ocurrences/${o.id}/delivery/proof/`, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="proof-of-delivery-${o.id}.pdf"`);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const { text, pages } = readPdf(res.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain(`Rose ${o.lastName}`);
    expect(text).toContain(`Ticket #${o.id}`);
    for (const name of o.productNames) expect(text).toContain(name.slice(0, 20));
    expect(text).toContain('Proof of delivery');
    expect(text).toContain('Received by Walter Parker (Facility staff)');
    expect(text).toMatch(/Delivered 05\/03\/2026 2:05 PM at Sunrise Care Home, 400\s+Elm Drive, Ames, IA 50010/);
    expect(text).toContain('Recorded by admin');
    expect(text).not.toContain('Received by (print name)');

    const read = await t.db
      .selectFrom('audit_log')
      .select(['action', 'patient_id', 'after'])
      .where('entity', '=', 'proof_of_delivery')
      .where('entity_id', '=', String(o.id))
      .where('user_id', '=', staff.id)
      .execute();
    expect(read).toEqual([{ action: 'read', patient_id: o.patientId, after: { date: '2026-05-03' } }]);
  });
});
