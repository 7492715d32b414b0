import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { markShipped } from '../test/factories.ts';
import {
  addDocument,
  addOccurrence,
  authorizationBody,
  coveredOccurrence,
  holdPayer,
  orderBody,
  type HoldItemSpec,
} from '../test/documents.ts';
import { holdsFor } from './holds.ts';
import { heldCondition } from './holds-sql.ts';

/**
 * The SQL filter (`heldCondition`, used by the Documents queue and batch prints) and the words
 * (`holdsFor`, the shared rule) must say the same of every occurrence: one patient per reason,
 * each occurrence checked both ways against the real database.
 */

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const DOS = '2026-06-15';
const practitioner = { practitioner_name: 'Dr. Alan Brooks', practitioner_npi: '1234567893' };

interface Case {
  name: string;
  occurrenceId: number;
  held: boolean;
}

describe('heldCondition and holdsFor', () => {
  it('agree on every reason (and on none)', async () => {
    const medicare = await holdPayer(t);
    const commercial = await holdPayer(t, { medicare: false });
    const authorizing = await holdPayer(t, { medicare: false, priorAuth: ['E0193'] });
    const cases: Case[] = [];
    const add = async (
      name: string,
      held: boolean,
      payer: { id: number; name: string } | null,
      items: HoldItemSpec[],
      documents: (patientId: number) => Record<string, unknown>[] = () => [],
    ) => {
      const oc = await coveredOccurrence(t, { payer, date: DOS, items });
      for (const body of documents(oc.patientId)) await addDocument(t, oc.patientId, body);
      cases.push({ name, occurrenceId: oc.occurrenceId, held });
      return oc;
    };
    const cpap = [{ hcpcs: 'E0601' }];
    const mattress = [{ hcpcs: 'E0193' }];
    const chair = [{ hcpcs: 'K0856', faceToFace: true }];

    // A Medicare payer's standard written order.
    await add('order on file', false, medicare, cpap, () => [orderBody('2026-01-05', ['E0601'])]);
    await add('order for the code only', true, medicare, [{ hcpcs: 'E0601' }, { hcpcs: 'A7030' }], () => [
      orderBody('2026-01-05', ['E0601']),
    ]);
    await add('order missing', true, medicare, cpap);
    await add('order expired', true, medicare, cpap, () => [
      orderBody('2025-01-05', ['E0601'], { length_of_need_months: 3 }),
    ]);
    await add('order dated after the service', true, medicare, cpap, () => [orderBody('2026-07-01', ['E0601'])]);
    await add('lifetime order', false, medicare, cpap, () => [
      orderBody('2016-01-05', ['E0601'], { length_of_need_months: 99 }),
    ]);
    await add('order through the date of service', false, medicare, cpap, () => [
      orderBody('2025-06-16', ['E0601'], { length_of_need_months: 12 }),
    ]);

    // A payer's prior authorization.
    const pa = (overrides: Record<string, unknown> = {}, vendorId = authorizing.id) =>
      authorizationBody(vendorId, ['E0193'], '2026-06-01', '2026-06-30', overrides);
    await add('authorization on file', false, authorizing, mattress, () => [pa()]);
    await add('authorization missing', true, authorizing, mattress);
    await add('authorization ended', true, authorizing, mattress, () => [
      pa({ start_date: '2026-01-01', end_date: '2026-06-14' }),
    ]);
    await add('authorization not started', true, authorizing, mattress, () => [
      pa({ start_date: '2026-06-16', end_date: '2026-12-31' }),
    ]);
    await add('authorization of another payer', true, authorizing, mattress, () => [pa({}, commercial.id)]);
    await add('authorization for another code', true, authorizing, mattress, () => [pa({ hcpcs: ['E0277'] })]);
    await add('code not on the payer list', false, authorizing, cpap);
    for (const [name, units, held] of [
      ['authorization used up', 3, true],
      ['authorization with exactly the units left', 4, false],
    ] as const) {
      const oc = await add(name, held, authorizing, mattress, () => [pa({ units })]);
      // Another occurrence of the authorization's dates already billed 3 units of the code.
      const billed = await addOccurrence(t, oc.patientId, '2026-06-03', [{ hcpcs: 'E0193', quantity: 3 }]);
      await markShipped(t, billed.occurrenceId, '2026-06-03');
      // Unshipped or outside the dates: not billed under it.
      await addOccurrence(t, oc.patientId, '2026-06-05', [{ hcpcs: 'E0193', quantity: 9 }]);
      const before = await addOccurrence(t, oc.patientId, '2026-05-20', [{ hcpcs: 'E0193', quantity: 9 }]);
      await markShipped(t, before.occurrenceId, '2026-05-20');
    }

    // A face-to-face encounter within the 6 months before the order.
    await add('face-to-face on file', false, commercial, chair, () => [
      { type: 'face_to_face', date: '2026-02-01', ...practitioner },
    ]);
    await add('face-to-face missing', true, commercial, chair);
    await add('face-to-face too old', true, commercial, chair, () => [
      { type: 'face_to_face', date: '2025-11-01', ...practitioner },
    ]);
    await add('face-to-face after the order', true, medicare, chair, () => [
      orderBody('2026-03-01', ['K0856']),
      { type: 'face_to_face', date: '2026-04-01', ...practitioner },
    ]);
    await add('face-to-face before the order, not the service', false, medicare, chair, () => [
      orderBody('2026-03-01', ['K0856']),
      { type: 'face_to_face', date: '2025-10-15', ...practitioner },
    ]);

    // No rule applies: another payer, no payer, an item without a code.
    await add('commercial payer', false, commercial, cpap);
    await add('no coverage', false, null, cpap);
    await add('no code', false, medicare, [{ hcpcs: '' }]);
    await add('several reasons', true, authorizing, [...mattress, ...chair]);

    // A release lifts every reason.
    const released = await add('released', false, medicare, cpap);
    await t.db
      .insertInto('hold_releases')
      .values({ ocurrence_id: released.occurrenceId, reason: 'Faxed', holds: ['No standard written order for E0601'] })
      .execute();

    const ids = cases.map((c) => c.occurrenceId);
    const words = await holdsFor(t.db, ids);
    const rows = await t.db
      .selectFrom('ocurrences as oc')
      .select([
        'oc.id',
        sql<boolean>`${heldCondition('oc')}`.as('held'),
        // The range form reads the range's services at once: the same answers.
        sql<boolean>`${heldCondition('oc', { start: '2000-01-01', end: '2099-12-31' })}`.as('held_in_range'),
      ])
      .where('oc.id', 'in', ids)
      .execute();
    expect(rows.filter((r) => r.held !== r.held_in_range)).toEqual([]);
    const bySql = new Map(rows.map((r) => [r.id, r.held]));
    const answers = cases.map((c) => ({
      name: c.name,
      sql: bySql.get(c.occurrenceId),
      words: words.get(c.occurrenceId)!.holds,
    }));
    for (const a of answers) expect(a.sql, `${a.name}: ${a.words.join('; ')}`).toBe(a.words.length > 0);
    expect(answers.map((a) => [a.name, a.sql])).toEqual(cases.map((c) => [c.name, c.held]));
    expect(words.get(released.occurrenceId)!.hold_release).toMatchObject({ reason: 'Faxed' });
  });
});
