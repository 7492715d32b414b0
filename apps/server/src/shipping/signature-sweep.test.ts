import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { createPatient } from '../test/factories.ts';
import { sweepSignatures } from './signature-sweep.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOURS_LATER = new Date(Date.now() + 2 * 60 * 60 * 1000);

async function storeSignature(): Promise<string> {
  const { key } = await t.app.ctx.storage.put('signatures', Readable.from([Buffer.from('png bytes')]), {
    extension: 'png',
  });
  return key;
}

describe('sweepSignatures', () => {
  it('removes old signature files no delivery refers to, and keeps the rest', async () => {
    const patient = await createPatient(t);
    const referred = await storeSignature();
    const orphan = await storeSignature();
    await sql`INSERT INTO documents (patient_id, type, date, signature_key)
              VALUES (${patient.id}, 'proof_of_delivery', current_date, ${referred})`.execute(t.db);

    // Written moments ago: a delivery may still be committing, so nothing is taken.
    expect(await sweepSignatures(t.db, t.app.ctx.storage)).toBe(0);
    expect(await t.app.ctx.storage.exists(orphan)).toBe(true);

    expect(await sweepSignatures(t.db, t.app.ctx.storage, { now: HOURS_LATER })).toBe(1);
    expect(await t.app.ctx.storage.exists(orphan)).toBe(false);
    expect(await t.app.ctx.storage.exists(referred)).toBe(true);
    expect(await sweepSignatures(t.db, t.app.ctx.storage, { now: HOURS_LATER })).toBe(0);
  });

  it('lists nothing in a folder that was never written', async () => {
    expect(await t.app.ctx.storage.list('nothing-here')).toEqual([]);
  });
});
