import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClaimCreateResult,
  ClaimDetail,
  DenialRow,
  Era,
  Invoice,
  Page,
  ReadyClaimRow,
  UnderpaymentRow,
} from '@dme/shared';
import { sql } from 'kysely';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { completeSettings, createPayer, readyInvoice, type ClaimFixture } from '../test/claims.ts';
import { answerTransaction, importEra, remittanceText, uploadEra } from '../test/eras.ts';
import { read837 } from '../lib/x12/read-837.ts';

let t: TestContext;
let staffToken: string;

beforeAll(async () => {
  t = await setupTestApp();
  staffToken = (await t.userWithRole(2)).token;
  await completeSettings(t);
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) {
  return t.app.inject({
    method,
    url,
    headers: auth(token),
    ...(payload !== undefined && { payload: payload as object }),
  });
}

/** A claim made through the claims API for a ready invoice: its number and its services. */
async function billed(
  opts: Parameters<typeof readyInvoice>[1] = {},
): Promise<ClaimFixture & { claimId: number; claimNumber: string }> {
  const fixture = await readyInvoice(t, opts);
  const res = await call('POST', '/api/claims/', { invoice_ids: [fixture.invoiceId] });
  expect(res.statusCode).toBe(201);
  const [created] = res.json<ClaimCreateResult>().created;
  expect(created).toBeDefined();
  return { ...fixture, claimId: created!.id, claimNumber: created!.claim_number };
}

async function invoice(id: number): Promise<Invoice> {
  const res = await call('GET', `/api/invoices/${id}/`);
  expect(res.statusCode).toBe(200);
  return res.json<Invoice>();
}

async function claim(id: number): Promise<ClaimDetail> {
  return (await call('GET', `/api/claims/${id}/`)).json<ClaimDetail>();
}

async function figures(serviceId: number) {
  const s = await t.db
    .selectFrom('services')
    .select(['outstanding', 'remitted', 'amount_ajusted', 'write_off', 'patient_responsibility'])
    .where('id', '=', serviceId)
    .executeTakeFirstOrThrow();
  return {
    outstanding: s.outstanding,
    remitted: s.remitted,
    adjusted: s.amount_ajusted,
    writeOff: s.write_off,
    patient: s.patient_responsibility,
  };
}

describe('eras: access and refusals', () => {
  it('401 without a token, 403 for office staff on what posts, 404 for an unknown ERA or denial', async () => {
    for (const [method, url] of [
      ['GET', '/api/eras/'],
      ['POST', '/api/eras/'],
      ['GET', '/api/eras/1/'],
      ['DELETE', '/api/eras/1/'],
      ['POST', '/api/eras/1/match/'],
      ['GET', '/api/denials/'],
      ['POST', '/api/denials/1/appeal/'],
      ['POST', '/api/denials/1/resubmit/'],
      ['POST', '/api/denials/1/write_off/'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    const text = remittanceText([answerTransaction([])]);
    expect((await uploadEra(t, text, staffToken)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/eras/1/', undefined, staffToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/denials/1/write_off/', undefined, staffToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/eras/', undefined, staffToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/denials/', undefined, staffToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/eras/999999/')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/eras/999999/')).statusCode).toBe(404);
    expect((await call('POST', '/api/denials/999999/write_off/')).statusCode).toBe(404);
  });

  it('422 naming the segment and line for a file that is not an 835; nothing is stored', async () => {
    const files = await t.db
      .selectFrom('era_files')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const good = remittanceText([
      answerTransaction([{ claimNumber: '1-1', lines: [{ serviceId: 1, charge: 100, paid: 100 }] }]),
    ]);
    for (const text of [
      'not x12 at all',
      good.replace('CLP*1-1*1*1*1', 'CLP*1-1*1*1*abc'),
      good.replace(/ST\*835/, 'ST*837'),
      good.replace(/BPR\*I\*[^*~]*/, 'BPR*I*x'),
    ]) {
      const res = await uploadEra(t, text);
      expect(res.statusCode, text.slice(0, 80)).toBe(422);
      const detail = res.json<{ detail: string }>().detail;
      expect(detail).toBeTruthy();
      if (text !== 'not x12 at all') expect(detail).toMatch(/line \d+/i);
    }
    const after = await t.db
      .selectFrom('era_files')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(files.n));
  });
});

describe('eras: import and posting', () => {
  it('posts paid, CO-45, deductible and coinsurance; a denial stays open; the claims follow', async () => {
    const a = await billed({ prices: ['120.00', '80.00'] });
    const b = await billed({ prices: ['100.00'] });
    const text = remittanceText([
      answerTransaction([
        {
          claimNumber: a.claimNumber,
          payerClaimNumber: 'ICN0001',
          lines: [
            {
              serviceId: a.serviceIds[0]!,
              charge: 12000,
              paid: 7000,
              adjustments: [
                ['CO', '45', 2000],
                ['PR', '1', 2000],
                ['PR', '2', 1000],
              ],
            },
            {
              serviceId: a.serviceIds[1]!,
              charge: 8000,
              paid: 6400,
              adjustments: [
                ['CO', '45', 0],
                ['PR', '2', 1600],
              ],
            },
          ],
        },
        {
          claimNumber: b.claimNumber,
          statusCode: '4',
          lines: [
            {
              serviceId: b.serviceIds[0]!,
              charge: 10000,
              paid: 0,
              adjustments: [['CO', '50', 10000]],
              remarks: ['N115'],
            },
          ],
        },
      ]),
    ]);
    const [era] = await importEra(t, text);
    expect(era!.total_paid).toBe(134);
    expect(era!.posted_total).toBe(134);
    expect(era!.unmatched_total).toBe(0);
    expect(era!.claims.map((c) => c.state)).toEqual(['posted', 'denied']);
    expect(era!.claims[0]!.lines[0]!.adjustments[0]).toMatchObject({ group: 'CO', reason: '45', amount: 20 });
    expect(era!.claims[0]!.lines[0]!.adjustments[0]!.description).toMatch(/^Contractual obligation: /);
    expect(era!.claims[1]!.lines[0]!.remarks[0]!.description).not.toBe('no description');

    expect(await figures(a.serviceIds[0]!)).toEqual({
      outstanding: '30.00',
      remitted: '70.00',
      adjusted: '20.00',
      writeOff: '0.00',
      patient: '30.00',
    });
    expect(await figures(a.serviceIds[1]!)).toEqual({
      outstanding: '16.00',
      remitted: '64.00',
      adjusted: '0.00',
      writeOff: '0.00',
      patient: '16.00',
    });
    const ia = await invoice(a.invoiceId);
    expect(ia.balance).toBe(46);
    expect(ia.patient_balance).toBe(46);
    expect(ia.insurance_balance).toBe(0);
    expect(ia.services.map((s) => s.patient_responsibility)).toEqual([30, 16]);
    expect(ia.remittance_lines).toHaveLength(2);
    expect(ia.remittance_lines[0]).toMatchObject({
      era_id: era!.id,
      paid: 70,
      adjusted: 20,
      patient_responsibility: 30,
    });

    expect(await figures(b.serviceIds[0]!)).toMatchObject({
      outstanding: '100.00',
      remitted: '0.00',
      adjusted: '0.00',
    });
    const ib = await invoice(b.invoiceId);
    expect(ib.balance).toBe(100);
    expect(ib.insurance_balance).toBe(100);

    const ca = await claim(a.claimId);
    expect(ca.status).toBe('paid');
    expect(ca.payer_claim_number).toBe('ICN0001');
    expect(ca.history.at(-1)!.reason).toContain(`Remittance ${era!.id}`);
    expect(ca.remittance_lines).toHaveLength(2);
    expect((await claim(b.claimId)).status).toBe('denied');

    const check = await t.db
      .selectFrom('checks')
      .selectAll()
      .where('id', '=', era!.check_id!)
      .executeTakeFirstOrThrow();
    expect(check).toMatchObject({ total_amount: '134.00', applied_amount: '134.00', payment_method: 'Bank' });

    const denials = (await call('GET', `/api/denials/?status=all&payer=${era!.vendor.id}`)).json<Page<DenialRow>>();
    const denial = denials.results.find((d) => d.claim_id === b.claimId)!;
    expect(denial).toMatchObject({
      invoice_id: b.invoiceId,
      service_id: b.serviceIds[0],
      amount: 100,
      status: 'open',
      age_days: 0,
    });
    expect(denial.adjustments[0]!.description).toMatch(/^Contractual obligation: /);
    const byReason = (await call('GET', `/api/denials/?reason=50`)).json<Page<DenialRow>>();
    expect(byReason.results.some((d) => d.id === denial.id)).toBe(true);
    const old = (await call('GET', `/api/denials/?min_age=30`)).json<Page<DenialRow>>();
    expect(old.results.some((d) => d.id === denial.id)).toBe(false);
  });

  it('an import is posted once: again, or twice at once, answers 409', async () => {
    const a = await billed({ prices: ['50.00'] });
    const text = remittanceText([
      answerTransaction([
        {
          claimNumber: a.claimNumber,
          lines: [{ serviceId: a.serviceIds[0]!, charge: 5000, paid: 4000, adjustments: [['CO', '45', 1000]] }],
        },
      ]),
    ]);
    const answers = await Promise.all([uploadEra(t, text), uploadEra(t, text), uploadEra(t, text)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json<{ detail: string }>().detail).toBe(
      'This remittance was already imported',
    );
    expect((await uploadEra(t, text)).statusCode).toBe(409);
    expect(await figures(a.serviceIds[0]!)).toMatchObject({
      outstanding: '0.00',
      remitted: '40.00',
      adjusted: '10.00',
    });
  });

  it('a reversal takes back the earlier posting; reverting ERAs puts every figure back', async () => {
    const a = await billed({ prices: ['90.00'] });
    const sid = a.serviceIds[0]!;
    const before = await figures(sid);
    const first = remittanceText([
      answerTransaction([
        {
          claimNumber: a.claimNumber,
          lines: [
            {
              serviceId: sid,
              charge: 9000,
              paid: 6000,
              adjustments: [
                ['CO', '45', 2000],
                ['PR', '1', 1000],
              ],
            },
          ],
        },
      ]),
    ]);
    const [paid] = await importEra(t, first);
    expect(await figures(sid)).toMatchObject({ outstanding: '10.00', remitted: '60.00', patient: '10.00' });

    const second = remittanceText([
      answerTransaction([
        {
          claimNumber: a.claimNumber,
          statusCode: '22',
          lines: [
            {
              serviceId: sid,
              charge: 9000,
              paid: 6000,
              adjustments: [
                ['CO', '45', 2000],
                ['PR', '1', 1000],
              ],
            },
          ],
        },
        {
          claimNumber: a.claimNumber,
          lines: [{ serviceId: sid, charge: 9000, paid: 7000, adjustments: [['CO', '45', 2000]] }],
        },
      ]),
    ]);
    const [corrected] = await importEra(t, second);
    expect(corrected!.claims.map((c) => c.state)).toEqual(['reversed', 'posted']);
    expect(corrected!.posted_total).toBe(10);
    expect(await figures(sid)).toMatchObject({
      outstanding: '0.00',
      remitted: '70.00',
      adjusted: '20.00',
      patient: '0.00',
    });
    expect((await claim(a.claimId)).status).toBe('paid');

    // The earlier ERA cannot go back while a later one reversed its claim.
    const refused = await call('DELETE', `/api/eras/${paid!.id}/`);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain(`Remittance ${corrected!.id}`);

    expect((await call('DELETE', `/api/eras/${corrected!.id}/`)).statusCode).toBe(204);
    expect(await figures(sid)).toMatchObject({
      outstanding: '10.00',
      remitted: '60.00',
      adjusted: '20.00',
      patient: '10.00',
    });
    expect((await call('DELETE', `/api/eras/${paid!.id}/`)).statusCode).toBe(204);
    expect(await figures(sid)).toEqual(before);
    expect((await claim(a.claimId)).status).toBe('created');
    expect((await call('GET', `/api/eras/${paid!.id}/`)).json<Era>().status).toBe('reverted');
    expect((await call('DELETE', `/api/eras/${paid!.id}/`)).statusCode).toBe(422);
    // Reverted, the same file imports again.
    const [again] = await importEra(t, first);
    expect(again!.posted_total).toBe(60);
  });

  it('a payment posted by an ERA goes back only with its ERA', async () => {
    const a = await billed({ prices: ['40.00'] });
    await importEra(
      t,
      remittanceText([
        answerTransaction([
          { claimNumber: a.claimNumber, lines: [{ serviceId: a.serviceIds[0]!, charge: 4000, paid: 4000 }] },
        ]),
      ]),
    );
    const payment = await t.db
      .selectFrom('remittance_payments')
      .select('id')
      .where('claim_id', '=', a.claimId)
      .executeTakeFirstOrThrow();
    const res = await call('DELETE', `/api/ocurrence_payments/${payment.id}/`);
    expect(res.statusCode).toBe(422);
    expect(await figures(a.serviceIds[0]!)).toMatchObject({ outstanding: '0.00', remitted: '40.00' });
  });

  it('unmatched claims and lines wait for Match, then post', async () => {
    const a = await billed({ prices: ['60.00'] });
    const text = remittanceText([
      answerTransaction([
        {
          claimNumber: 'NOPE-1',
          lines: [{ serviceId: 'X1', charge: 6000, paid: 5000, adjustments: [['CO', '45', 1000]] }],
        },
      ]),
    ]);
    const [era] = await importEra(t, text);
    expect(era!.claims[0]!.state).toBe('unmatched');
    expect(era!.posted_total).toBe(0);
    expect(era!.unmatched_total).toBe(50);
    const bad = await call('POST', `/api/eras/${era!.id}/match/`, { claim_index: 0, invoice_id: 99999999 });
    expect(bad.statusCode).toBe(422);
    const matched = await call('POST', `/api/eras/${era!.id}/match/`, {
      claim_index: 0,
      line_index: 0,
      service_id: a.serviceIds[0],
    });
    expect(matched.statusCode).toBe(200);
    const after = matched.json<Era>();
    expect(after.claims[0]!.lines[0]!.state).toBe('posted');
    expect(after.posted_total).toBe(50);
    expect(after.unmatched_total).toBe(0);
    expect(await figures(a.serviceIds[0]!)).toMatchObject({
      outstanding: '0.00',
      remitted: '50.00',
      adjusted: '10.00',
    });
    expect(
      (
        await call('POST', `/api/eras/${era!.id}/match/`, {
          claim_index: 0,
          line_index: 0,
          service_id: a.serviceIds[0],
        })
      ).statusCode,
    ).toBe(422);
  });

  it('a service never takes more than it owes, even from ERAs posted at once', async () => {
    const a = await billed({ prices: ['100.00'] });
    const sid = a.serviceIds[0]!;
    const texts = Array.from({ length: 6 }, (_, i) =>
      remittanceText([
        answerTransaction(
          [
            {
              claimNumber: a.claimNumber,
              lines: [{ serviceId: sid, charge: 10000, paid: 4000, adjustments: [['PR', '2', 1000]] }],
            },
          ],
          {
            checkNumber: `PAR${i}-${a.claimNumber}`,
          },
        ),
      ]),
    );
    const answers = await Promise.all(texts.map((x) => uploadEra(t, x)));
    expect(answers.every((r) => r.statusCode === 201)).toBe(true);
    const f = await figures(sid);
    // Two postings fit (40 paid and 10 to the patient each); the rest are "not posted" for a person.
    expect(f).toMatchObject({ outstanding: '20.00', remitted: '80.00', patient: '20.00' });
    const eras = answers.map((r) => r.json<Era[]>()[0]!);
    expect(eras.filter((e) => e.claims[0]!.lines[0]!.state === 'posted')).toHaveLength(2);
    expect(eras.filter((e) => e.claims[0]!.lines[0]!.state === 'not posted')).toHaveLength(4);
    const checks = await t.db
      .selectFrom('checks')
      .select(['total_amount', 'applied_amount'])
      .where('check_number', 'like', `PAR%-${a.claimNumber}`)
      .execute();
    for (const c of checks) expect(Number(c.applied_amount)).toBeLessThanOrEqual(Number(c.total_amount));
  });
});

describe('denials: appeal, write off, resubmit', () => {
  async function denied(): Promise<{ fixture: Awaited<ReturnType<typeof billed>>; denial: DenialRow }> {
    const fixture = await billed({ prices: ['75.00'] });
    const [era] = await importEra(
      t,
      remittanceText([
        answerTransaction([
          {
            claimNumber: fixture.claimNumber,
            payerClaimNumber: `ICN-${fixture.claimNumber}`,
            lines: [
              {
                serviceId: fixture.serviceIds[0]!,
                charge: 7500,
                paid: 0,
                adjustments: [['CO', '16', 7500]],
                remarks: ['M51'],
              },
            ],
          },
        ]),
      ]),
    );
    const list = (await call('GET', `/api/denials/?payer=${era!.vendor.id}&page_size=100`)).json<Page<DenialRow>>();
    return { fixture, denial: list.results.find((d) => d.claim_id === fixture.claimId)! };
  }

  it('appeal keeps a note; write off clears the service through the write-off', async () => {
    const { fixture, denial } = await denied();
    expect((await call('POST', `/api/denials/${denial.id}/appeal/`, { note: '' })).statusCode).toBe(422);
    const appealed = await call('POST', `/api/denials/${denial.id}/appeal/`, { note: 'Sent the CMN by fax' });
    expect(appealed.json<DenialRow>()).toMatchObject({ status: 'appealed', note: 'Sent the CMN by fax' });
    const written = await call('POST', `/api/denials/${denial.id}/write_off/`);
    expect(written.statusCode).toBe(200);
    expect(written.json<DenialRow>().status).toBe('written_off');
    expect(await figures(fixture.serviceIds[0]!)).toMatchObject({ outstanding: '0.00', writeOff: '75.00' });
    expect((await call('POST', `/api/denials/${denial.id}/write_off/`)).statusCode).toBe(422);
  });

  it('resubmit makes a replacement claim naming the payer claim control number', async () => {
    const { fixture, denial } = await denied();
    const res = await call('POST', `/api/denials/${denial.id}/resubmit/`);
    expect(res.statusCode).toBe(201);
    const created = res.json<{ id: number; claim_number: string }>();
    const replacement = await claim(created.id);
    expect(replacement.frequency).toBe(7);
    expect(replacement.original_claim_number).toBe(`ICN-${fixture.claimNumber}`);
    const after = (await call('GET', `/api/denials/${denial.id}/`)).json<DenialRow>();
    expect(after.status).toBe('resubmitted');
  });
});

describe('secondary claims', () => {
  it('a primary payment with a balance left puts the invoice on Ready to Bill for the secondary, with the primary adjudication', async () => {
    const a = await billed({ prices: ['200.00'] });
    const secondPayer = await createPayer(t, { payer_id: 'SECND', claim_filing_indicator: 'CI' });
    await t.db
      .insertInto('patient_insurances')
      .values({
        patient_id: a.patientId,
        name: secondPayer.name,
        policy_number: 'SEC123',
        vendor_id: secondPayer.id,
        priority: 2,
      })
      .execute();
    await importEra(
      t,
      remittanceText([
        answerTransaction([
          {
            claimNumber: a.claimNumber,
            lines: [
              {
                serviceId: a.serviceIds[0]!,
                charge: 20000,
                paid: 12000,
                adjustments: [
                  ['CO', '45', 5000],
                  ['PR', '2', 3000],
                ],
              },
            ],
          },
        ]),
      ]),
    );
    const ready = (await call('GET', `/api/claims/ready/?search=${a.invoiceId}`)).json<Page<ReadyClaimRow>>();
    const row = ready.results.find((r) => r.invoice_id === a.invoiceId)!;
    expect(row).toMatchObject({ priority: 2, payer: { id: secondPayer.id }, problems: [] });
    const res = await call('POST', '/api/claims/', { invoice_ids: [a.invoiceId] });
    const [secondary] = res.json<ClaimCreateResult>().created;
    expect(secondary).toBeDefined();
    const batch = await call('POST', '/api/claim_batches/', { claim_ids: [secondary!.id] });
    expect(batch.statusCode).toBe(201);
    const file = await call('GET', `/api/claim_batches/${batch.json<{ id: number }>().id}/file/`);
    const text = file.body;
    expect(text).toContain('SBR*S*');
    expect(text).toMatch(/AMT\*D\*120~/);
    expect(text).toMatch(/SVD\*DMEJD\*120\*/);
    const read = read837(text);
    expect(read.claims[0]!.otherPayers?.[0]).toMatchObject({ paid: '120.00', priority: 1 });
  });

  it('a claim the payer forwarded (CLP02 19 with NM1*TT) is crossed over, not billed again', async () => {
    const a = await billed({ prices: ['150.00'] });
    const secondPayer = await createPayer(t, { payer_id: 'MGAP1', claim_filing_indicator: 'CI' });
    await t.db
      .insertInto('patient_insurances')
      .values({
        patient_id: a.patientId,
        name: secondPayer.name,
        policy_number: 'MG77',
        vendor_id: secondPayer.id,
        priority: 2,
      })
      .execute();
    await importEra(
      t,
      remittanceText([
        answerTransaction([
          {
            claimNumber: a.claimNumber,
            statusCode: '19',
            crossover: { name: 'MEDIGAP OF IOWA', id: 'MGAP1' },
            lines: [
              {
                serviceId: a.serviceIds[0]!,
                charge: 15000,
                paid: 9600,
                adjustments: [
                  ['CO', '45', 3000],
                  ['PR', '2', 2400],
                ],
              },
            ],
          },
        ]),
      ]),
    );
    const detail = await claim(a.claimId);
    expect(detail.status).toBe('crossed_over');
    expect(detail.history.at(-1)!.reason).toContain('crossed over to MEDIGAP OF IOWA');
    const ready = (await call('GET', `/api/claims/ready/?search=${a.invoiceId}`)).json<Page<ReadyClaimRow>>();
    expect(ready.results.some((r) => r.invoice_id === a.invoiceId)).toBe(false);
    expect(await figures(a.serviceIds[0]!)).toMatchObject({ remitted: '96.00', patient: '24.00' });
  });

  it('a line the payer allowed less than expected is listed as underpaid', async () => {
    const { id: scheduleId } = await t.db
      .insertInto('fee_schedules')
      .values({ effective_date: '2026-02-01', quarter: '2026 Q1', source: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('fee_schedule_rows')
      .values({
        schedule_id: scheduleId,
        hcpcs: 'E0784',
        modifier_1: 'NU',
        category: 'IN',
        fees: JSON.stringify({ IA: ['100.00', '100.00'] }),
      })
      .execute();
    const a = await billed({ prices: ['120.00'], hcpcs: 'E0784', modifiers: ['NU'] });
    await t.db
      .updateTable('patients')
      .set({ state_id: sql<number>`(SELECT id FROM usa_states WHERE abbreviation = 'IA')` })
      .where('id', '=', a.patientId)
      .execute();
    const transaction = answerTransaction([
      {
        claimNumber: a.claimNumber,
        lines: [
          {
            serviceId: a.serviceIds[0]!,
            hcpcs: 'E0784',
            charge: 12000,
            paid: 6400,
            adjustments: [
              ['CO', '45', 4000],
              ['PR', '2', 1600],
            ],
          },
        ],
      },
    ]);
    transaction.claims[0]!.lines[0]!.allowed = '80.00';
    const [era] = await importEra(t, remittanceText([transaction]));
    const list = (await call('GET', `/api/underpayments/?payer=${era!.vendor.id}`)).json<Page<UnderpaymentRow>>();
    const row = list.results.find((r) => r.service_id === a.serviceIds[0]);
    expect(row).toMatchObject({ expected: 100, allowed: 80, difference: 20, hcpcs: 'E0784', era_id: era!.id });
  });
});
