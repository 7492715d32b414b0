import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shiftDate } from '@dme/shared';
import { drawnSignaturePng } from '../lib/signature-image.ts';
import { auth, unique, type TestContext } from './helper.ts';
import { addLine, createOrder, createPatient, createProduct, lineBody } from './factories.ts';

/**
 * Test data of the shipping area: a patient with an order whose One Time lines make one
 * occurrence on `date`, its eligibility and approval set as the work queues would set them.
 */
export interface OccurrenceFixture {
  id: number;
  orderId: number;
  patientId: number;
  lastName: string;
  productNames: string[];
}

export async function occurrence(
  t: TestContext,
  opts: {
    date?: string;
    eligible?: boolean;
    approved?: boolean;
    callBeforeDelivery?: boolean;
    facility?: boolean;
    stateId?: number;
    lastName?: string;
    quantities?: number[];
    prices?: string[];
    patientNotes?: string;
  } = {},
): Promise<OccurrenceFixture> {
  const date = opts.date ?? '2026-05-04';
  const lastName = opts.lastName ?? unique('Ship');
  const patient = await createPatient(t, {
    last_name: lastName,
    address_1: '18 Walnut Street',
    city: 'Ames',
    zip: '50010',
    phone: '515-555-0101',
    mobile: '515-555-0102',
    state_id: opts.stateId ?? 16,
    facility: opts.facility ?? false,
    call_before_delivery: opts.callBeforeDelivery ?? false,
  });
  const order = await createOrder(t, patient.id, opts.patientNotes ? { patient_notes: opts.patientNotes } : {});
  const quantities = opts.quantities ?? [2];
  const productNames: string[] = [];
  for (const [i, quantity] of quantities.entries()) {
    const price = opts.prices?.[i] ?? '10.00';
    const product = await createProduct(t, price);
    productNames.push(product.name);
    await addLine(
      t,
      order.id,
      lineBody(product, {
        recurrence_id: 5,
        quantity,
        sale_price: price,
        service_date: date,
        end_date: shiftDate(date, 2, 'month'),
      }),
    );
  }
  const row = await t.db
    .selectFrom('ocurrences')
    .select('id')
    .where('order_id', '=', order.id)
    .where('date', '=', date)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('ocurrences')
    .set({ eligibility_toggle: opts.eligible ?? true, customer_approved: opts.approved ?? false })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, orderId: order.id, patientId: patient.id, lastName, productNames };
}

export function get(t: TestContext, url: string, token = t.adminToken) {
  return t.app.inject({ method: 'GET', url, headers: auth(token) });
}

export function patchShipping(t: TestContext, id: number, payload: Record<string, unknown>, token = t.adminToken) {
  return t.app.inject({ method: 'PATCH', url: `/api/shipping-status/${id}/`, headers: auth(token), payload });
}

/** Prints the first ticket and fails the test unless it is printed. */
export async function ticket(t: TestContext, id: number): Promise<void> {
  const res = await get(t, `/api/export/${id}/print/`);
  if (res.statusCode !== 200) throw new Error(`print ${id}: ${res.statusCode} ${res.body}`);
}

/** The PDF's text (pdftotext, layout kept) and its page count (pdfinfo). */
export function readPdf(body: Buffer): { text: string; pages: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, body);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    return { text, pages };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A drawn signature as the browser sends it (a white RGB PNG with a dark stroke across). */
export const signaturePng = (width = 300, height = 100) => drawnSignaturePng(width, height);

export const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** POST /ocurrences/{id}/delivery/ with a valid body unless `overrides` say otherwise. */
export function postDelivery(
  t: TestContext,
  id: number,
  overrides: Record<string, unknown> = {},
  token = t.adminToken,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/ocurrences/${id}/delivery/`,
    headers: auth(token),
    payload: {
      recipient_name: 'Jane Doe',
      relationship: 'spouse',
      delivered_at: new Date().toISOString(),
      address: '18 Walnut Street, Ames, IA 50010',
      signature: dataUrl(signaturePng()),
      ...overrides,
    },
  });
}

/** Moves an occurrence's printed ticket back to `at` (a delivery cannot be dated before it). */
export async function ticketPrintedAt(t: TestContext, id: number, at: string): Promise<void> {
  await t.db
    .updateTable('ocurrences')
    .set({ ticket_created: new Date(at) })
    .where('id', '=', id)
    .execute();
}
