import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimCreateResult, ClaimDetail, Page, ReadyClaimRow } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { completeSettings, createPayer, readyInvoice } from '../test/claims.ts';

let t: TestContext;
let staffToken: string;

beforeAll(async () => {
  t = await setupTestApp();
  staffToken = (await t.userWithRole(2)).token;
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST', url: string, payload?: unknown, token = t.adminToken) {
  return t.app.inject({
    method,
    url,
    headers: auth(token),
    ...(payload !== undefined && { payload: payload as object }),
  });
}

async function readyRow(invoiceId: number): Promise<ReadyClaimRow | undefined> {
  const res = await call('GET', `/api/claims/ready/?search=${invoiceId}&page_size=100`);
  expect(res.statusCode).toBe(200);
  return res.json<Page<ReadyClaimRow>>().results.find((r) => r.invoice_id === invoiceId);
}

describe('claims: access', () => {
  it('401 without a token, 403 for office staff on what sends claims, 404 for an unknown claim', async () => {
    for (const [method, url] of [
      ['GET', '/api/claims/ready/'],
      ['GET', '/api/claims/'],
      ['POST', '/api/claims/'],
      ['GET', '/api/claims/1/'],
      ['POST', '/api/claim_batches/'],
      ['GET', '/api/claim_batches/'],
      ['GET', '/api/claim_batches/1/file/'],
      ['POST', '/api/claim_acknowledgements/'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call('POST', '/api/claims/', { invoice_ids: [1] }, staffToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/claim_batches/', { claim_ids: [1] }, staffToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/claim_batches/1/file/', undefined, staffToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/claims/', undefined, staffToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/claims/999999/')).statusCode).toBe(404);
    expect((await call('GET', '/api/claims/abc/')).statusCode).toBe(404);
    expect((await call('GET', '/api/claim_batches/999999/file/')).statusCode).toBe(404);
  });

  it('422 for empty or malformed selections', async () => {
    for (const body of [{}, { invoice_ids: [] }, { invoice_ids: ['x'] }, { invoice_ids: [0] }]) {
      expect((await call('POST', '/api/claims/', body)).statusCode).toBe(422);
    }
    for (const body of [{}, { claim_ids: [] }, { claim_ids: [-1] }]) {
      expect((await call('POST', '/api/claim_batches/', body)).statusCode).toBe(422);
    }
    const res = await call('POST', '/api/claim_batches/', { claim_ids: [999999] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ claim_ids: ['Claim 999999 was not found'] });
  });
});

describe('claims: the scrubber', () => {
  it('names what stops a claim, with the screen and field to fix', async () => {
    await completeSettings(t);
    await t.db.updateTable('billing_settings').set({ npi: '', tax_id: '' }).where('id', '=', 1).execute();
    const payer = await createPayer(t, { payer_id: '', claim_filing_indicator: '' });
    const inv = await readyInvoice(t, { payer, policyNumber: '', diagnoses: [], patient: { physician_npi: '' } });
    await t.db
      .updateTable('products')
      .set({ hcpcs_code: '' })
      .where('id', 'in', t.db.selectFrom('services').select('product_id').where('ocurrence_id', '=', inv.occurrenceId))
      .execute();
    const row = await readyRow(inv.invoiceId);
    expect(row).toBeDefined();
    const messages = row!.problems.map((p) => p.message);
    const who = `Patient Rose ${inv.lastName}`;
    expect(messages).toEqual(
      expect.arrayContaining([
        'Billing settings: add a valid NPI, the tax id (Settings, Billing)',
        `Payer ${payer.name}: add its payer id (Vendors, Electronic claims)`,
        `Payer ${payer.name}: choose its claim filing indicator (Vendors, Electronic claims)`,
        `${who}: add a member id to the primary insurance (Insurances tab)`,
        `${who}: add an ICD-10 code to a diagnosis (Insurances tab, Diagnosis)`,
        `${who}: add the physician's valid NPI (Insurances tab, Physician)`,
      ]),
    );
    expect(messages.some((m) => m.endsWith(': add its HCPCS code (Products)'))).toBe(true);
    const memberId = row!.problems.find((p) => p.field === 'policy_number')!;
    expect(memberId.link).toBe(
      `/patients/${inv.patientId}?tab=insurances&field=policy_number&insurance=${inv.insuranceId}`,
    );
    expect(row!.problems.find((p) => p.field === 'payer_id')!.link).toBe(`/vendor/${payer.id}?field=payer_id`);
    expect(row!.problems.find((p) => p.field === 'npi')!.link).toBe('/settings/billing?field=npi');

    // Creating the claim is refused with the same words; nothing is made.
    const res = await call('POST', '/api/claims/', { invoice_ids: [inv.invoiceId] });
    expect(res.statusCode).toBe(201);
    const body = res.json<ClaimCreateResult>();
    expect(body.created).toEqual([]);
    expect(body.refused[0]!.problems).toEqual(messages);
  });

  it('asks for the insured when the patient is not the insured, and for a primary coverage', async () => {
    await completeSettings(t);
    const inv = await readyInvoice(t, { insured: true });
    await t.db
      .updateTable('patient_insurances')
      .set({ subscriber_birthdate: null })
      .where('id', '=', inv.insuranceId)
      .execute();
    expect((await readyRow(inv.invoiceId))!.problems.map((p) => p.field)).toEqual(['subscriber_birthdate']);
    await t.db.updateTable('patient_insurances').set({ priority: 2 }).where('id', '=', inv.insuranceId).execute();
    expect((await readyRow(inv.invoiceId))!.problems.map((p) => p.message)).toEqual([
      `Patient Rose ${inv.lastName}: mark one insurance as primary (Insurances tab)`,
    ]);
  });
});

describe('claims: creating', () => {
  it('makes one claim per ready invoice with a snapshot that later edits do not change', async () => {
    await completeSettings(t);
    const inv = await readyInvoice(t, {
      prices: ['120.00', '35.25'],
      modifiers: ['RR', 'KH'],
      diagnoses: ['J449', 'E119'],
    });
    const ready = await readyRow(inv.invoiceId);
    expect(ready!.problems).toEqual([]);
    expect(ready!.amount).toBe(155.25);
    expect(ready!.priority).toBe(1);

    const res = await call('POST', '/api/claims/', { invoice_ids: [inv.invoiceId, 999999] });
    expect(res.statusCode).toBe(201);
    const body = res.json<ClaimCreateResult>();
    expect(body.created).toEqual([
      { id: expect.any(Number), invoice_id: inv.invoiceId, claim_number: `${inv.invoiceId}-1` },
    ]);
    expect(body.refused).toEqual([{ invoice_id: 999999, problems: ['Invoice 999999 was not found'] }]);
    expect(await readyRow(inv.invoiceId)).toBeUndefined();

    await t.db.updateTable('products').set({ hcpcs_code: 'E0431' }).where('hcpcs_code', '=', 'E0601').execute();
    const detail = (await call('GET', `/api/claims/${body.created[0]!.id}/`)).json<ClaimDetail>();
    expect(detail).toMatchObject({ status: 'created', amount: 155.25, frequency: 1, diagnoses: ['J449', 'E119'] });
    expect(
      detail.lines.map((l) => [l.hcpcs_code, l.modifiers, l.charge, l.date_from, l.date_to, l.diagnosis_pointers]),
    ).toEqual([
      ['E0601', ['RR', 'KH'], 120, '2026-03-02', '2026-04-01', [1, 2]],
      ['E0601', ['RR', 'KH'], 35.25, '2026-03-02', '2026-04-01', [1, 2]],
    ]);
    expect(detail.history).toEqual([{ status: 'created', reason: '', user: 'Ada Admin', created: expect.any(String) }]);

    const again = (await call('POST', '/api/claims/', { invoice_ids: [inv.invoiceId] })).json<ClaimCreateResult>();
    expect(again.refused[0]!.problems).toEqual([
      `Invoice ${inv.invoiceId} already has claim ${inv.invoiceId}-1 (created)`,
    ]);
  });

  it('makes one claim when two requests bill the same invoice at once', async () => {
    await completeSettings(t);
    const inv = await readyInvoice(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/api/claims/', { invoice_ids: [inv.invoiceId] })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const made = answers.flatMap((r) => r.json<ClaimCreateResult>().created);
    expect(made).toHaveLength(1);
    const rows = await t.db.selectFrom('claims').select('id').where('invoice_id', '=', inv.invoiceId).execute();
    expect(rows).toHaveLength(1);
  });

  it('lists claims with search, status filter and paging', async () => {
    await completeSettings(t);
    const inv = await readyInvoice(t);
    const { created } = (
      await call('POST', '/api/claims/', { invoice_ids: [inv.invoiceId] })
    ).json<ClaimCreateResult>();
    const bySearch = (await call('GET', `/api/claims/?search=${inv.lastName}`)).json<Page<{ id: number }>>();
    expect(bySearch.results.map((r) => r.id)).toEqual([created[0]!.id]);
    const byNumber = (await call('GET', `/api/claims/?search=${created[0]!.claim_number}`)).json<
      Page<{ id: number }>
    >();
    expect(byNumber.results.map((r) => r.id)).toContain(created[0]!.id);
    const submitted = (await call('GET', `/api/claims/?search=${inv.lastName}&status=submitted`)).json<Page<unknown>>();
    expect(submitted.count).toBe(0);
    expect((await call('GET', '/api/claims/?status=nope')).statusCode).toBe(422);
  });
});
