import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLAIM_FILING_CODES, FACILITY_PLACES_OF_SERVICE, npiCheckDigit } from '@dme/shared';
import type { ClaimFile, ClaimLineX12, ClaimX12, OtherPayerLineX12, OtherPayerX12, Person } from './claim-file.ts';
import { read837, type File837 } from './read-837.ts';
import type { Adjustment } from './remittance-file.ts';
import { sampleClaimFile } from './sample-file.ts';
import { moneyText } from './values.ts';
import { write837 } from './write-837.ts';

/**
 * Random valid ClaimFiles through write837: the envelope's counts and control numbers, the HL
 * tree and every claim total are checked on the text itself (split by hand, not by the reader),
 * then read837 must give back what was written. With X12_OUT_DIR set, every file is also saved
 * there for an outside validator (pyx12's x12valid); X12_RUNS sets how many random files.
 */
const OUT_DIR = process.env.X12_OUT_DIR;
const RUNS = Number(process.env.X12_RUNS ?? 60);
let saved = 0;

function save(name: string, text: string): void {
  if (!OUT_DIR) return;
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(path.join(OUT_DIR, `${name}.837`), text);
}

// Values: printable ASCII without the four separators, no space at either end.
const INNER = [...' !"#$%&\'()+,-./0123456789;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]_`abcdefghijklmnopqrstuvwxyz{|}'];
const EDGE = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789#&.'];
const words = (max: number) =>
  fc
    .tuple(
      fc.constantFrom(...EDGE),
      fc.string({ unit: fc.constantFrom(...INNER), maxLength: max - 2 }),
      fc.constantFrom(...EDGE),
    )
    .map(([a, middle, z]) => `${a}${middle}${z}`);
const optionalWords = (max: number) => fc.oneof(fc.constant(''), words(max));
const digits = (min: number, max = min) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const code = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: min, maxLength: max });
const npi = fc.tuple(fc.constantFrom('1', '2'), digits(8)).map(([a, b]) => `${a}${b}${npiCheckDigit(`${a}${b}`)}`);
const STATES = [
  'AL',
  'AK',
  'AZ',
  'CA',
  'CO',
  'DC',
  'FL',
  'GA',
  'IL',
  'IN',
  'MA',
  'MD',
  'MO',
  'NY',
  'OH',
  'PA',
  'TX',
  'WA',
];
const day = (fromYear: number, toYear: number) =>
  fc
    .record({
      y: fc.integer({ min: fromYear, max: toYear }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const addDays = (date: string, days: number) => {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
};

const place = { address1: words(55), address2: optionalWords(55), city: words(30), state: fc.constantFrom(...STATES) };
const person: fc.Arbitrary<Person> = fc.record({
  firstName: words(35),
  middleName: optionalWords(25),
  lastName: words(60),
  ...place,
  zip: fc.oneof(digits(5), digits(9)),
  birthdate: day(1920, 2020),
  gender: fc.constantFrom('F', 'M', 'U'),
});

const hcpcs = fc.tuple(fc.constantFrom(...'ABEKL'), digits(4)).map(([a, b]) => `${a}${b}`);
const modifiers = fc.array(code(2, 2), { maxLength: 4 });

const line = (diagnoses: number): fc.Arbitrary<ClaimLineX12> =>
  fc
    .record({
      hcpcs,
      modifiers,
      cents: fc.integer({ min: 1, max: 99_999_999 }),
      units: fc.integer({ min: 1, max: 999 }),
      pointers: fc.shuffledSubarray(
        Array.from({ length: diagnoses }, (_, i) => i + 1),
        { minLength: 1, maxLength: Math.min(4, diagnoses) },
      ),
      dateFrom: day(2020, 2030),
      // A rental month (RD8) or one day (D8).
      rentalDays: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30 })),
      lineControlNumber: code(1, 30),
    })
    .map(({ cents, pointers, rentalDays, ...l }) => ({
      hcpcs: l.hcpcs,
      modifiers: l.modifiers,
      charge: `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
      units: l.units,
      diagnosisPointers: pointers,
      dateFrom: l.dateFrom,
      dateTo: addDays(l.dateFrom, rentalDays),
      lineControlNumber: l.lineControlNumber,
    }));

// Coordination of benefits: up to eight adjustments fit the five CAS segments a loop may hold.
const money = fc.integer({ min: 0, max: 99_999_999 }).map(moneyText);
const adjustments: fc.Arbitrary<Adjustment[]> = fc.array(
  fc.record({
    group: fc.constantFrom('CO', 'CR', 'OA', 'PI', 'PR'),
    reason: fc.constantFrom('1', '2', '3', '23', '42', '45', '96', '97', '253', 'A1', 'B7'),
    amount: fc.integer({ min: -99_999, max: 9_999_999 }).map(moneyText),
  }),
  { maxLength: 8 },
);

/** An earlier payer's answer on one of the claim's lines. */
const lineAnswer = (l: ClaimLineX12): fc.Arbitrary<OtherPayerLineX12> =>
  fc
    .record({
      paid: money,
      hcpcs: fc.oneof(fc.constant(l.hcpcs), hcpcs),
      modifiers: fc.oneof(fc.constant(l.modifiers), modifiers),
      units: fc.integer({ min: 0, max: 999 }),
      adjustments,
      paidDate: day(2020, 2030),
    })
    .map((answer) => ({ lineControlNumber: l.lineControlNumber, ...answer }));

/** The payer at `priority`, the claim's `k`th earlier one, having answered some of the lines. */
const otherPayer = (priority: 1 | 2, k: number, lines: ClaimLineX12[]): fc.Arbitrary<OtherPayerX12> =>
  fc
    .record({
      filingIndicator: fc.constantFrom(...CLAIM_FILING_CODES),
      groupNumber: fc.oneof(fc.constant(''), code(1, 30)),
      relationship: fc.constantFrom<OtherPayerX12['relationship']>('18', '01', '19', 'G8'),
      subscriber: fc.record({ firstName: optionalWords(35), lastName: words(60) }),
      memberId: code(2, 20),
      // A 2430's SVD01 names its payer by id: the payers' ids differ by their last character.
      payer: fc.record({ name: words(60), payerId: code(2, 10).map((id) => `${id}${k}`) }),
      paid: money,
      adjustments,
      paidDate: fc.oneof(fc.constant(''), day(2020, 2030)),
      answered: fc.subarray(lines),
    })
    .chain(({ answered, ...other }) =>
      fc.tuple(...answered.map(lineAnswer)).map((answers) => ({ priority, ...other, lines: answers })),
    );

/** The payers before a claim's own: none for a primary claim, P for a secondary, P and S for a tertiary. */
const EARLIER_PRIORITIES = { 1: [], 2: [1], 3: [1, 2] } as const;

const claim = (index: number): fc.Arbitrary<ClaimX12> =>
  fc
    .record({
      prefix: code(0, 10),
      frequency: fc.constantFrom<1 | 7 | 8>(1, 1, 7, 8),
      original: code(1, 20),
      placeOfService: fc.constantFrom(...FACILITY_PLACES_OF_SERVICE.map((p) => p.code)),
      priority: fc.constantFrom<1 | 2 | 3>(1, 2, 3),
      filingIndicator: fc.constantFrom(...CLAIM_FILING_CODES),
      groupNumber: fc.oneof(fc.constant(''), code(1, 30)),
      relationship: fc.constantFrom<ClaimX12['relationship']>('18', '18', '01', '19', 'G8'),
      subscriber: person,
      memberId: code(2, 20),
      patient: person,
      payer: fc.record({ name: words(60), payerId: code(2, 10) }),
      diagnoses: fc.array(
        fc.tuple(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTVWXYZ'), digits(2), code(0, 4)).map((p) => p.join('')),
        { minLength: 1, maxLength: 12 },
      ),
      orderingProvider: fc.record({ firstName: words(35), lastName: words(60), npi }),
      // A secondary or tertiary claim carries its earlier payers' answers, or (a snapshot made
      // before issue 32) none.
      withOtherPayers: fc.boolean(),
    })
    .chain((c) =>
      fc
        .array(line(c.diagnoses.length), { minLength: 1, maxLength: 10 })
        .chain((drawn) => {
          const earlier = c.withOtherPayers ? EARLIER_PRIORITIES[c.priority] : [];
          // The answers find their line by its control number, so these are made unique.
          const lines = earlier.length
            ? drawn.map((l, k) => ({ ...l, lineControlNumber: `${l.lineControlNumber}-${k}` }))
            : drawn;
          return fc
            .tuple(...earlier.map((priority, k) => otherPayer(priority, k, lines)))
            .map((otherPayers) => ({ lines, otherPayers }));
        })
        .map(({ lines, otherPayers }) => ({
          claimNumber: `${c.prefix}N${index}`,
          frequency: c.frequency,
          originalClaimNumber: c.frequency === 1 ? null : c.original,
          placeOfService: c.placeOfService,
          priority: c.priority,
          filingIndicator: c.filingIndicator,
          groupNumber: c.groupNumber,
          relationship: c.relationship,
          subscriber: c.subscriber,
          memberId: c.memberId,
          patient: c.relationship === '18' ? null : c.patient,
          payer: c.payer,
          diagnoses: c.diagnoses,
          orderingProvider: c.orderingProvider,
          lines,
          ...(otherPayers.length > 0 ? { otherPayers } : {}),
        })),
    );

const claimFile: fc.Arbitrary<ClaimFile> = fc
  .record({
    controlNumber: fc.integer({ min: 1, max: 999_999_999 }),
    production: fc.boolean(),
    createdAt: fc
      .tuple(fc.integer({ min: 2020, max: 2040 }), fc.nat(11), fc.integer({ min: 1, max: 28 }), fc.nat(23), fc.nat(59))
      .map(([y, m, d, h, min]) => new Date(y, m, d, h, min)),
    reference: code(1, 30),
    submitter: fc.record({ name: words(60), id: code(2, 15), contactName: words(60), contactPhone: digits(10) }),
    receiver: fc.record({ name: words(60), id: code(2, 15) }),
    billingProvider: fc.record({
      organizationName: words(60),
      npi,
      taxId: digits(9),
      taxonomyCode: fc.tuple(digits(3), code(6, 6)).map(([a, b]) => `${a}${b}X`),
      ...place,
      zip: digits(9),
      phone: fc.oneof(fc.constant(''), digits(10)),
    }),
    claimCount: fc.integer({ min: 1, max: 30 }),
  })
  .chain(({ controlNumber, production, createdAt, reference, claimCount, ...parties }) =>
    fc
      .tuple(...Array.from({ length: claimCount }, (_, i) => claim(i)))
      .map((claims) => ({ header: { controlNumber, production, createdAt, reference }, ...parties, claims })),
  );

/** Cents of an amount text, "125.50" or "125.5" or "125", by string surgery only. */
function cents(amount: string): bigint {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** Checks the envelope, the HL tree and the totals on the raw text. */
function checkText(file: ClaimFile, text: string): void {
  expect(text.endsWith('~\n')).toBe(true);
  const segments = text.slice(0, -2).split('~\n');
  expect(segments.every((s) => !s.includes('~') && !s.includes('\n'))).toBe(true);
  const rows = segments.map((s) => s.split('*'));
  const find = (tag: string) => rows.findIndex((r) => r[0] === tag);
  const [isa, gs, st, se, ge, iea] = ['ISA', 'GS', 'ST', 'SE', 'GE', 'IEA'].map((tag) => rows[find(tag)]);

  // Control numbers: one number, in every place, in each place's form.
  const control = file.header.controlNumber;
  expect(segments[0]).toHaveLength(105);
  expect(isa[13]).toBe(String(control).padStart(9, '0'));
  expect(iea[2]).toBe(isa[13]);
  expect(gs[6]).toBe(String(control));
  expect(ge[2]).toBe(gs[6]);
  expect(st[2]).toBe(String(control).padStart(4, '0'));
  expect(se[2]).toBe(st[2]);
  // Counts: SE01 counts ST to SE; one transaction in the group, one group in the interchange.
  expect(Number(se[1])).toBe(find('SE') - find('ST') + 1);
  expect(rows.filter((r) => r[0] === 'ST')).toHaveLength(Number(ge[1]));
  expect(rows.filter((r) => r[0] === 'GS')).toHaveLength(Number(iea[1]));
  expect([ge[1], iea[1]]).toEqual(['1', '1']);

  // HL: numbered 1, 2, 3... with the right parent and child code.
  const hls = rows.filter((r) => r[0] === 'HL');
  hls.forEach((hl, i) => expect(hl[1]).toBe(String(i + 1)));
  let subscriberHl = '';
  hls.forEach((hl, i) => {
    const next = hls[i + 1];
    if (hl[3] === '20') expect([hl[1], hl[2], hl[4]]).toEqual(['1', '', '1']);
    if (hl[3] === '22') {
      subscriberHl = hl[1];
      expect(hl[2]).toBe('1');
      expect(hl[4]).toBe(next?.[3] === '23' ? '1' : '0');
    }
    if (hl[3] === '23') expect([hl[2], hl[4]]).toEqual([subscriberHl, '0']);
  });
  expect(hls.filter((hl) => hl[3] === '22')).toHaveLength(file.claims.length);
  expect(hls.filter((hl) => hl[3] === '23')).toHaveLength(file.claims.filter((c) => c.relationship !== '18').length);

  // CLM02 is the sum of its SV102s, and the sum of the ClaimFile's charges.
  const totals: { written: bigint; lines: bigint }[] = [];
  for (const row of rows) {
    if (row[0] === 'CLM') totals.push({ written: cents(row[2]), lines: 0n });
    if (row[0] === 'SV1') totals[totals.length - 1].lines += cents(row[2]);
  }
  expect(totals.map((t) => t.written)).toEqual(totals.map((t) => t.lines));
  expect(totals.map((t) => t.written)).toEqual(
    file.claims.map((c) => c.lines.reduce((sum, l) => sum + cents(l.charge), 0n)),
  );

  // A 2320 SBR per other payer beside each claim's own, a 2430 SVD per line answer.
  const others = file.claims.flatMap((c) => c.otherPayers ?? []);
  expect(rows.filter((r) => r[0] === 'SBR')).toHaveLength(file.claims.length + others.length);
  expect(rows.filter((r) => r[0] === 'SVD')).toHaveLength(others.reduce((sum, o) => sum + o.lines.length, 0));
}

/**
 * What an earlier payer answered, by the guide's balance: 80% of each line paid, the rest the
 * patient's coinsurance (PR 2), the claim's paid amount the lines' sum.
 */
function earlierPayer(c: ClaimX12, priority: 1 | 2): OtherPayerX12 {
  const lines = c.lines.map((l) => {
    const charge = Number(cents(l.charge));
    const paid = Math.floor(charge * 0.8);
    return {
      lineControlNumber: l.lineControlNumber,
      paid: moneyText(paid),
      hcpcs: l.hcpcs,
      modifiers: l.modifiers,
      units: l.units,
      adjustments: [{ group: 'PR', reason: '2', amount: moneyText(charge - paid) }],
      paidDate: '2026-03-10',
    };
  });
  return {
    priority,
    filingIndicator: priority === 1 ? 'MB' : 'CI',
    groupNumber: priority === 1 ? '' : 'GRP2',
    relationship: '18',
    subscriber: { firstName: c.subscriber.firstName, lastName: c.subscriber.lastName },
    memberId: `M${priority}${c.memberId}`,
    payer: { name: `Payer ${priority}`, payerId: `PAYER${priority}` },
    paid: moneyText(lines.reduce((sum, l) => sum + Number(cents(l.paid)), 0)),
    adjustments: [],
    paidDate: priority === 1 ? '2026-03-10' : '',
    lines,
  };
}

/** What read837 gives back for a file we wrote. */
function expectedRead(file: ClaimFile): File837 {
  return {
    ...file,
    claims: file.claims.map((c) => ({
      ...c,
      totalCharge: ((total) => `${total / 100n}.${String(total % 100n).padStart(2, '0')}`)(
        c.lines.reduce((sum, l) => sum + cents(l.charge), 0n),
      ),
      // The insured's birth date and gender are written only when the insured is the patient.
      subscriber: c.relationship === '18' ? c.subscriber : { ...c.subscriber, birthdate: '', gender: '' },
      ...(c.otherPayers && {
        otherPayers: c.otherPayers.map((o) => ({
          ...o,
          adjustments: byGroup(o.adjustments),
          lines: o.lines.map((l) => ({ ...l, adjustments: byGroup(l.adjustments) })),
        })),
      }),
    })),
  };
}

/** Adjustments as CAS carries them: one segment per group, the groups in the order they first appear. */
function byGroup(adjustments: Adjustment[]): Adjustment[] {
  return [...new Set(adjustments.map((a) => a.group))].flatMap((group) => adjustments.filter((a) => a.group === group));
}

describe('write837 and read837 on random claim files', () => {
  it('writes a valid envelope, HL tree and totals, and reads back what it wrote', () => {
    fc.assert(
      fc.property(claimFile, (file) => {
        const text = write837(file);
        save(`random-${String(++saved).padStart(4, '0')}`, text);
        checkText(file, text);
        expect(read837(text)).toEqual(expectedRead(file));
      }),
      { numRuns: RUNS, seed: OUT_DIR ? undefined : 837 },
    );
  });

  it.each([
    ['rental', (c: ClaimX12) => ({ ...c, lines: c.lines.map((l) => ({ ...l, dateTo: addDays(l.dateFrom, 29) })) })],
    [
      'non-self',
      (c: ClaimX12) => ({ ...c, relationship: '19' as const, patient: { ...c.subscriber, firstName: 'Child' } }),
    ],
    ['replacement', (c: ClaimX12) => ({ ...c, frequency: 7 as const, originalClaimNumber: 'ORIG123' })],
    ['void', (c: ClaimX12) => ({ ...c, frequency: 8 as const, originalClaimNumber: 'ORIG124' })],
    ['secondary', (c: ClaimX12) => ({ ...c, priority: 2 as const, otherPayers: [earlierPayer(c, 1)] })],
    [
      'tertiary',
      (c: ClaimX12) => ({ ...c, priority: 3 as const, otherPayers: [earlierPayer(c, 1), earlierPayer(c, 2)] }),
    ],
  ])('writes and reads back a %s claim', (name, change) => {
    const file = sampleClaimFile(3, 2, 500);
    file.claims = file.claims.map(change);
    const text = write837(file);
    save(name, text);
    checkText(file, text);
    expect(read837(text)).toEqual(expectedRead(file));
  });

  it('never lets a reader error be anything but an Error with a message, whatever the bytes', () => {
    const text = write837(sampleClaimFile(2, 2));
    const mangled = fc
      .tuple(fc.nat(text.length), fc.nat(60), fc.string({ maxLength: 4, unit: 'binary' }))
      .map(([at, cut, insert]) => text.slice(0, at) + insert + text.slice(at + cut));
    fc.assert(
      fc.property(fc.oneof(mangled, fc.string({ unit: 'binary' })), (input) => {
        try {
          read837(input);
        } catch (err) {
          expect(err).toBeInstanceOf(Error);
          expect((err as Error).message).not.toBe('');
        }
      }),
      { numRuns: 100, seed: 5010 },
    );
  });
});
