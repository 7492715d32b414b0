import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimCreateResult, ClaimDetail, Page, ReadyClaimRow } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { completeSettings, createPayer, readyInvoice } from '../test/claims.ts';
import { multipart } from '../test/multipart.ts';
import { read837 } from '../lib/x12/read-837.ts';

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
    // A name search counts the way it lists.
    const byName = (await call('GET', `/api/claims/ready/?search=${inv.lastName}`)).json<Page<ReadyClaimRow>>();
    expect([byName.count, byName.results.map((r) => r.invoice_id)]).toEqual([1, [inv.invoiceId]]);
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

  it('lists the reasons a held occurrence gets no claim, and refuses its claim until the document is on file', async () => {
    await completeSettings(t);
    const inv = await readyInvoice(t, { writtenOrder: false });
    const held = `Patient Rose ${inv.lastName}: on hold: No standard written order for E0601`;
    expect((await readyRow(inv.invoiceId))!.problems.map((p) => [p.message, p.field])).toEqual([[held, 'holds']]);
    const refused = await call('POST', '/api/claims/', { invoice_ids: [inv.invoiceId] });
    expect(refused.json<ClaimCreateResult>()).toMatchObject({ created: [], refused: [{ problems: [held] }] });

    const added = await call('POST', `/api/patients/${inv.patientId}/documents/`, {
      type: 'standard_written_order',
      date: '2026-01-15',
      practitioner_name: 'Dr. Alan Brooks',
      practitioner_npi: '1234567893',
      items: [{ hcpcs: 'E0601', quantity: 1 }],
      length_of_need_months: 12,
    });
    expect(added.statusCode).toBe(201);
    expect((await readyRow(inv.invoiceId))!.problems).toEqual([]);
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

/** A 999 answering the batch whose control number is `control`: accepted, or rejected with an error on CLM. */
function ack999(control: number, accepted: boolean): string {
  const st = String(control).padStart(4, '0');
  const body = accepted
    ? [`AK2*837*${st}*005010X222A1`, 'IK5*A', 'AK9*A*1*1*1']
    : [`AK2*837*${st}*005010X222A1`, 'IK3*CLM*22**8', 'IK4*2*782*1', 'IK5*R*5', 'AK9*R*1*1*0'];
  const segments = ['ST*999*0001*005010X231A1', `AK1*HC*${control}*005010X222A1`, ...body];
  return (
    [
      'ISA*00*          *00*          *ZZ*NORIDIAN       *ZZ*PHM001         *261127*1200*^*00501*000000901*0*T*:',
      'GS*FA*NORIDIAN*PHM001*20261127*1200*901*X*005010X231A1',
      ...segments,
      `SE*${segments.length + 1}*0001`,
      'GE*1*901',
      'IEA*1*000000901',
    ].join('~\n') + '~\n'
  );
}

/** A 277CA with one verdict per claim number: A2 accepted, or A7 (invalid information) rejected. */
function ack277(claims: [claimNumber: string, accepted: boolean][]): string {
  const segments = [
    'ST*277*0001*005010X214',
    'BHT*0085*08*0001*20261127*1200*TH',
    'HL*1**20*1',
    'NM1*AY*2*NORIDIAN*****46*NORIDIAN',
    'TRN*1*0001',
    'DTP*050*D8*20261127',
    'DTP*009*D8*20261127',
    'HL*2*1*21*1',
    'NM1*41*2*PRAIRIE HOME MEDICAL*****46*PHM001',
    'TRN*2*1',
    'STC*A1:19:PR*20261127*WQ*100',
    'HL*3*2*19*1',
    'NM1*85*2*PRAIRIE HOME MEDICAL*****XX*1234567893',
    'TRN*1*0',
    ...claims.flatMap(([claimNumber, accepted], i) => [
      `HL*${4 + i}*3*PT`,
      'NM1*QC*1*PARKER*ROSE****MI*1EG4TE5MK72',
      `TRN*2*${claimNumber}`,
      accepted ? 'STC*A2:20:PR*20261127*WQ*120' : 'STC*A7:562:85*20261127*U*120',
      // The payer's own number for the claim (an ICN).
      `REF*1K*ICN${claimNumber.replace(/[^0-9A-Za-z]/g, '')}`,
      'DTP*472*D8*20260302',
    ]),
  ];
  return (
    [
      'ISA*00*          *00*          *ZZ*NORIDIAN       *ZZ*PHM001         *261127*1200*^*00501*000000902*0*T*:',
      'GS*HN*NORIDIAN*PHM001*20261127*1200*902*X*005010X214',
      ...segments,
      `SE*${segments.length + 1}*0001`,
      'GE*1*902',
      'IEA*1*000000902',
    ].join('~\n') + '~\n'
  );
}

function upload(text: string, token = t.adminToken) {
  const body = multipart([
    { name: 'file', filename: 'ack.txt', contentType: 'text/plain', data: Buffer.from(text, 'latin1') },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/claim_acknowledgements/',
    payload: body.payload,
    headers: { ...body.headers, ...auth(token) },
  });
}

async function createdClaims(n: number): Promise<ClaimCreateResult['created']> {
  await completeSettings(t);
  const invoices = [];
  for (let i = 0; i < n; i++) invoices.push((await readyInvoice(t)).invoiceId);
  const res = await call('POST', '/api/claims/', { invoice_ids: invoices });
  return res.json<ClaimCreateResult>().created;
}

describe('claim batches', () => {
  it('writes one 837P for the claims, marks them submitted, and never sends a claim twice', async () => {
    const claims = await createdClaims(2);
    const res = await call('POST', '/api/claim_batches/', { claim_ids: claims.map((c) => c.id) });
    expect(res.statusCode).toBe(201);
    const batch = res.json<{ id: number; file_name: string; claims: { id: number; claim_number: string }[] }>();
    expect(batch.file_name).toBe(`claims-${batch.id}.837`);
    expect(batch.claims.map((c) => c.claim_number)).toEqual(claims.map((c) => c.claim_number));

    const file = await call('GET', `/api/claim_batches/${batch.id}/file/`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="claims-${batch.id}.837"`);
    const read = read837(file.body);
    expect(read.header.controlNumber).toBe(batch.id);
    expect(read.claims.map((c) => c.claimNumber)).toEqual(claims.map((c) => c.claim_number));
    expect(read.billingProvider.npi).toBe('1234567893');

    const detail = (await call('GET', `/api/claims/${claims[0]!.id}/`)).json<ClaimDetail>();
    expect(detail.status).toBe('submitted');
    expect(detail.batch_id).toBe(batch.id);
    expect(detail.history.map((h) => h.status)).toEqual(['created', 'submitted']);

    const again = await call('POST', '/api/claim_batches/', { claim_ids: [claims[0]!.id] });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      claim_ids: [
        `Claim ${claims[0]!.claim_number} is submitted: This claim was already sent: only a created claim goes in a new batch`,
      ],
    });
    const listed = (await call('GET', '/api/claim_batches/?page_size=100')).json<
      Page<{ id: number; claims: number }>
    >();
    expect(listed.results.find((b) => b.id === batch.id)?.claims).toBe(2);
  });

  it('two batches built at once never share a claim or a control number', async () => {
    const claims = await createdClaims(3);
    const ids = claims.map((c) => c.id);
    const answers = await Promise.all([
      call('POST', '/api/claim_batches/', { claim_ids: ids }),
      call('POST', '/api/claim_batches/', { claim_ids: [ids[2]!, ids[1]!] }),
      call('POST', '/api/claim_batches/', { claim_ids: [ids[0]!] }),
    ]);
    const made = answers
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json<{ id: number; claims: { id: number }[] }>());
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
    const sent = made.flatMap((b) => b.claims.map((c) => c.id));
    expect(new Set(sent).size).toBe(sent.length);
    const controls = await t.db.selectFrom('claim_batches').select('control_number').execute();
    expect(new Set(controls.map((c) => c.control_number)).size).toBe(controls.length);
  });
});

describe('acknowledgements', () => {
  it('a 999 accepts or rejects a whole batch by its control number; an unknown one is reported', async () => {
    const claims = await createdClaims(2);
    const batch = (await call('POST', '/api/claim_batches/', { claim_ids: claims.map((c) => c.id) })).json<{
      id: number;
    }>();
    const res = await upload(ack999(batch.id, true));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: '999',
      accepted: claims.map((c) => ({ claim_number: c.claim_number, claim_id: c.id })),
      rejected: [],
      unknown: [],
    });
    expect((await call('GET', `/api/claims/${claims[0]!.id}/`)).json<ClaimDetail>().status).toBe('accepted');

    const unknown = await upload(ack999(987654, false));
    expect(unknown.json()).toMatchObject({ accepted: [], rejected: [], unknown: ['Transaction 987654'] });
  });

  it('a 277CA rejection sends the invoice back to Ready to Bill with the reason; a second claim can follow', async () => {
    const [first, second] = await createdClaims(2);
    await call('POST', '/api/claim_batches/', { claim_ids: [first!.id, second!.id] });
    const res = await upload(
      ack277([
        [first!.claim_number, true],
        [second!.claim_number, false],
        ['NOPE-1', true],
      ]),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<{
      accepted: unknown[];
      rejected: { claim_number: string; reason: string }[];
      unknown: string[];
    }>();
    expect(body.accepted).toEqual([{ claim_number: first!.claim_number, claim_id: first!.id }]);
    expect(body.rejected[0]!.claim_number).toBe(second!.claim_number);
    expect(body.rejected[0]!.reason).toMatch(/^Rejected by the payer's front end \(277CA\): /);
    expect(body.unknown).toEqual(['Claim NOPE-1']);

    const back = await readyRow(second!.invoice_id);
    expect(back?.rejection).toBe(`Claim ${second!.claim_number} was rejected: ${body.rejected[0]!.reason}`);
    const again = (await call('POST', '/api/claims/', { invoice_ids: [second!.invoice_id] })).json<ClaimCreateResult>();
    expect(again.created[0]!.claim_number).toBe(`${second!.invoice_id}-2`);
  });

  it('refuses what is not an acknowledgement and changes nothing; office staff may not upload', async () => {
    const before = await t.db.selectFrom('claim_acknowledgements').select('id').execute();
    for (const text of ['hello', 'ISA*00*broken~', '\u0000\u0001binary']) {
      const res = await upload(text);
      expect(res.statusCode).toBe(422);
    }
    expect((await upload('ISA*00*broken~')).json()).toEqual({
      file: ['The file is not a 999 or a 277CA acknowledgement'],
    });
    expect((await upload(ack999(1, true), staffToken)).statusCode).toBe(403);
    const after = await t.db.selectFrom('claim_acknowledgements').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});

describe('replacement claims', () => {
  it('replaces an answered claim with frequency 7 naming the original; a claim in flight cannot be replaced', async () => {
    const [claim] = await createdClaims(1);
    const early = await call('POST', `/api/claims/${claim!.id}/replace/`);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({
      claim: [
        `Claim ${claim!.claim_number} is created: only a claim the payer answered (accepted, paid, partially paid or denied) can be replaced`,
      ],
    });
    await call('POST', '/api/claim_batches/', { claim_ids: [claim!.id] });
    await upload(ack277([[claim!.claim_number, true]]));
    expect((await call('POST', `/api/claims/${claim!.id}/replace/`, undefined, staffToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/claims/999999/replace/')).statusCode).toBe(404);

    const res = await call('POST', `/api/claims/${claim!.id}/replace/`);
    expect(res.statusCode).toBe(201);
    const replacement = res.json<{ id: number; claim_number: string }>();
    expect(replacement.claim_number).toBe(`${claim!.invoice_id}-2`);
    const detail = (await call('GET', `/api/claims/${replacement.id}/`)).json<ClaimDetail>();
    // REF*F8 names the payer's number for the original, which its 277CA gave.
    const icn = `ICN${claim!.claim_number.replace('-', '')}`;
    expect(detail).toMatchObject({ frequency: 7, original_claim_number: icn, status: 'created' });
    expect(detail.history[0]).toMatchObject({ status: 'created', reason: `Replaces claim ${claim!.claim_number}` });
    const old = (await call('GET', `/api/claims/${claim!.id}/`)).json<ClaimDetail>();
    expect(old.history.at(-1)).toMatchObject({
      status: 'accepted',
      reason: `Replaced by claim ${replacement.claim_number}`,
    });

    const again = await call('POST', `/api/claims/${claim!.id}/replace/`);
    expect(again.json()).toEqual({ claim: [`Claim ${replacement.claim_number} for this invoice is not answered yet`] });

    const batch = (await call('POST', '/api/claim_batches/', { claim_ids: [replacement.id] })).json<{ id: number }>();
    const file = read837((await call('GET', `/api/claim_batches/${batch.id}/file/`)).body);
    expect(file.claims[0]).toMatchObject({
      claimNumber: replacement.claim_number,
      frequency: 7,
      originalClaimNumber: icn,
    });
  });
});
