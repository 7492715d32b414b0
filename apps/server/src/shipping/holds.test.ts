import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@dme/shared';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { addDocument, coveredOccurrence, holdPayer, orderBody } from '../test/documents.ts';
import { get } from '../test/shipping.ts';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An occurrence ready to print (eligibility on, the patient not called before delivery), held or not. */
async function printable(date: string, payer: { id: number; name: string }) {
  const o = await coveredOccurrence(t, { payer, date, patient: { call_before_delivery: false } });
  await t.db.updateTable('ocurrences').set({ eligibility_toggle: true }).where('id', '=', o.occurrenceId).execute();
  return o;
}

describe('held occurrences and tickets', () => {
  it('refuses the first ticket of a held occurrence with its reasons, and prints it once the order is on file', async () => {
    const payer = await holdPayer(t);
    const o = await printable('2026-06-01', payer);
    const refused = await get(t, `/api/export/${o.occurrenceId}/print/`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ holds: ['No standard written order for E0601'] });
    const stamped = await t.db
      .selectFrom('ocurrences')
      .select('ticket_created')
      .where('id', '=', o.occurrenceId)
      .executeTakeFirstOrThrow();
    expect(stamped.ticket_created).toBeNull();

    await addDocument(t, o.patientId, orderBody('2026-05-20', ['E0601']));
    expect((await get(t, `/api/export/${o.occurrenceId}/print/`)).statusCode).toBe(200);
  });

  it('leaves held occurrences out of a batch and says how many', async () => {
    const payer = await holdPayer(t);
    const date = '2031-03-04';
    const held = await printable(date, payer);
    const ready = await printable(date, payer);
    await addDocument(t, ready.patientId, orderBody('2031-01-02', ['E0601']));
    const query = `start_date=${date}&end_date=${date}`;

    const counted = await get(t, `/api/getCountOcurrencesAvailablesForPrint/?${query}`);
    expect(counted.json()).toEqual({ count: 1, held: 1 });
    const batch = await get(t, `/api/export_batch?${query}`);
    expect(batch.json()).toMatchObject({ count: 1, held: 1 });
    const rows = await t.db
      .selectFrom('ocurrences')
      .select(['id', 'printed'])
      .where('id', 'in', [held.occurrenceId, ready.occurrenceId])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.printed]))).toEqual({
      [held.occurrenceId]: false,
      [ready.occurrenceId]: true,
    });

    const nothing = await get(t, `/api/export_batch?${query}`);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ detail: DOCUMENT_MESSAGES.heldSkipped(1) });
  });
});
