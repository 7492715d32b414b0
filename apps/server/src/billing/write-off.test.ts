import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES as M, WRITE_OFF_PROBLEMS as P } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { invoiced, recordPayment } from '../test/billing.ts';
import { invoicesOffTheirServices } from '../test/remittance.ts';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Entry {
  id: number;
  outstanding: number | string;
  amount_ajusted: number | string;
  write_off: number | string;
}

function writeOff(services: Entry[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/services-write-off/',
    headers: auth(t.adminToken),
    payload: { services },
  });
}

async function money(id: number) {
  return t.db
    .selectFrom('services')
    .select(['outstanding', 'remitted', 'amount_ajusted', 'write_off'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function auditCount(id: number): Promise<number> {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('id')
    .where('entity', '=', 'service_write_off')
    .where('entity_id', '=', String(id))
    .execute();
  return rows.length;
}

describe('services write-off', () => {
  it('401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/services-write-off/', payload: { services: [] } });
    expect(res.statusCode).toBe(401);
  });

  it('writes off the outstanding of one service (200), audited; the balance goes down', async () => {
    const inv = await invoiced(t, { prices: ['30.00', '20.00'] });
    const [s1, s2] = inv.serviceIds;
    await recordPayment(t, s1, '18.00');
    const res = await writeOff([{ id: s1, outstanding: 0, amount_ajusted: 0, write_off: 12 }]);
    expect(res.statusCode).toBe(200);
    const [after] = res.json().invoices;
    expect(after.id).toBe(inv.invoiceId);
    expect(after.balance).toBe(20);
    expect(after.services.find((s: { id: number }) => s.id === s1)).toMatchObject({
      outstanding: 0,
      write_off: 12,
      remitted: 18,
    });
    expect(await money(s1)).toEqual({
      outstanding: '0.00',
      remitted: '18.00',
      amount_ajusted: '0.00',
      write_off: '12.00',
    });
    expect(await money(s2)).toMatchObject({ outstanding: '20.00', write_off: '0.00' });
    expect(await auditCount(s1)).toBe(1);
  });

  it('an untouched service can be written off whole through the API', async () => {
    const inv = await invoiced(t, { prices: ['15.25'] });
    const res = await writeOff([
      { id: inv.serviceIds[0], outstanding: '0.00', amount_ajusted: '0', write_off: '15.25' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().invoices[0].balance).toBe(0);
  });

  it('never writes off past the outstanding, nor takes one back; part of it, or the outstanding sent unchanged, is fine', async () => {
    const inv = await invoiced(t, { prices: ['30.00'] });
    const [id] = inv.serviceIds;
    await recordPayment(t, id, '10.00');
    const past = await writeOff([{ id, outstanding: 0, amount_ajusted: 0, write_off: 20.01 }]);
    expect(past.statusCode).toBe(422);
    expect(past.json()).toEqual({ 'services.0.write_off': [P.exceeds] });
    const stale = await writeOff([{ id, outstanding: 3, amount_ajusted: 0, write_off: 0 }]);
    expect(stale.json()).toEqual({ 'services.0.outstanding': [P.stale] });
    const adjusted = await writeOff([{ id, outstanding: 0, amount_ajusted: 20, write_off: 0 }]);
    expect(adjusted.json()).toEqual({ 'services.0.amount_ajusted': [P.adjusted] });
    expect(await money(id)).toMatchObject({ outstanding: '20.00', write_off: '0.00' });

    // Spec 4.7: the dialog keeps the outstanding and sets the write-off to it; the server stores 0 left.
    expect((await writeOff([{ id, outstanding: 20, amount_ajusted: 0, write_off: 20 }])).statusCode).toBe(200);
    expect(await money(id)).toMatchObject({ outstanding: '0.00', write_off: '20.00' });
    const back = await writeOff([{ id, outstanding: 20, amount_ajusted: 0, write_off: 0 }]);
    expect(back.statusCode).toBe(422);
    expect(back.json()).toEqual({ 'services.0.write_off': [P.final] });
  });

  it('never on a fully remitted service', async () => {
    const inv = await invoiced(t, { prices: ['30.00'] });
    const [id] = inv.serviceIds;
    await recordPayment(t, id, '30.00');
    const res = await writeOff([{ id, outstanding: 0, amount_ajusted: 0, write_off: 0.01 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ 'services.0.write_off': [P.fullyRemitted] });
  });

  it('only services of invoiced occurrences; a refused entry leaves the others untouched', async () => {
    const unshipped = await invoiced(t, { ship: false });
    const inv = await invoiced(t, { prices: ['8.00'] });
    const res = await writeOff([
      { id: inv.serviceIds[0], outstanding: 0, amount_ajusted: 0, write_off: 8 },
      { id: unshipped.serviceIds[0], outstanding: 0, amount_ajusted: 0, write_off: 10 },
      { id: 99999999, outstanding: 0, amount_ajusted: 0, write_off: 1 },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      'services.1.id': [M.serviceNotInvoiced],
      'services.2.id': [M.serviceNotInvoiced],
    });
    expect(await money(inv.serviceIds[0])).toMatchObject({ outstanding: '8.00', write_off: '0.00' });
    expect(await auditCount(inv.serviceIds[0])).toBe(0);
  });

  it('422 for a malformed body', async () => {
    for (const payload of [
      {},
      { services: [] },
      { services: [{ id: 'x', outstanding: 0, amount_ajusted: 0, write_off: 0 }] },
      { services: [{ id: 1, outstanding: -1, amount_ajusted: 0, write_off: 0 }] },
      { services: [{ id: 1, outstanding: 0, amount_ajusted: 0, write_off: '1e3' }] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/services-write-off/',
        headers: auth(t.adminToken),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('20 parallel identical write-offs apply once (the rest are no-ops answered 200)', async () => {
    const inv = await invoiced(t, { prices: ['50.00', '25.00'] });
    const [s1, s2] = inv.serviceIds;
    await recordPayment(t, s1, '40.00');
    await recordPayment(t, s2, '5.00');
    const body: Entry[] = [
      { id: s2, outstanding: 0, amount_ajusted: 0, write_off: 20 },
      { id: s1, outstanding: 0, amount_ajusted: 0, write_off: 10 },
    ];
    const answers = await Promise.all(Array.from({ length: 20 }, () => writeOff(body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    for (const r of answers) expect(r.json().invoices[0].balance).toBe(0);
    expect(await money(s1)).toEqual({
      outstanding: '0.00',
      remitted: '40.00',
      amount_ajusted: '0.00',
      write_off: '10.00',
    });
    expect(await money(s2)).toEqual({
      outstanding: '0.00',
      remitted: '5.00',
      amount_ajusted: '0.00',
      write_off: '20.00',
    });
    expect(await auditCount(s1)).toBe(1);
    expect(await auditCount(s2)).toBe(1);
  });

  it('parallel write-offs with different amounts: exactly one wins, the others are refused', async () => {
    const inv = await invoiced(t, { prices: ['50.00'] });
    const [id] = inv.serviceIds;
    await recordPayment(t, id, '10.00');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i === 3
          ? writeOff([{ id, outstanding: 0, amount_ajusted: 0, write_off: 40 }])
          : writeOff([{ id, outstanding: 0, amount_ajusted: 0, write_off: 40.5 }]),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await money(id)).toMatchObject({ outstanding: '0.00', write_off: '40.00' });
  });
});

it('leaves every invoice with the amount, remitted and balance of its services', async () => {
  expect(await invoicesOffTheirServices(t)).toEqual([]);
});
