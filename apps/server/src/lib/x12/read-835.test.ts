import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRemittance } from './read-835.ts';
import type {
  Adjustment,
  ProviderAdjustment,
  RemittanceClaim,
  RemittanceEnvelope,
  RemittanceFile,
  RemittanceLine,
  RemittanceTransaction,
} from './remittance-file.ts';
import { centsOfX12, moneyText } from './values.ts';
import { writeRemittance } from './write-835.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'latin1');
/** With X12_OUT_DIR set, the random files are saved there for an outside validator (pyx12). */
const OUT_DIR = process.env.X12_OUT_DIR;
let saved = 0;
function save(text: string): void {
  if (!OUT_DIR) return;
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(path.join(OUT_DIR, `random-${String(++saved).padStart(4, '0')}.835`), text);
}
const remittance = (name: string) => readRemittance(fixture(`linuxforhealth/835_005010X221A1/${name}`));
const FIXTURES = [
  'cob-contractural-adjustment.835',
  'managed-care.835',
  'medicare-part-a.835',
  'secondary-payment.835',
  'tertiary-payment.835',
];

function cents(money: string): number {
  const value = centsOfX12(money);
  if (value === null || !/^-?\d+\.\d{2}$/.test(money)) throw new Error(`"${money}" is not money text`);
  return value;
}
const sum = (amounts: string[]) => amounts.reduce((total, money) => total + cents(money), 0);
const adjusted = (adjustments: Adjustment[]) => sum(adjustments.map((a) => a.amount));

/** BPR02 against the claims' CLP04 less the PLB amounts, in cents. */
const payments = (t: RemittanceTransaction) => ({
  bpr: cents(t.totalPaid),
  claimsLessPlb: sum(t.claims.map((c) => c.paid)) - sum(t.providerAdjustments.map((p) => p.amount)),
});

/** The lines whose charge is not their payment plus their adjustments ("claim 0001000054 line 1"). */
const unbalancedLines = (file: RemittanceFile) =>
  file.transactions.flatMap((t) =>
    t.claims.flatMap((c) =>
      c.lines
        .map((l, i) => ({ l, label: `claim ${c.claimNumber} line ${i + 1}` }))
        .filter(({ l }) => cents(l.charge) !== cents(l.paid) + adjusted(l.adjustments))
        .map(({ label }) => label),
    ),
  );

/** CLP03 = CLP04 + the claim's adjustments + its lines' adjustments. */
const claimBalances = (c: RemittanceClaim) =>
  cents(c.charge) === cents(c.paid) + adjusted(c.adjustments) + adjusted(c.lines.flatMap((l) => l.adjustments));

describe('readRemittance on the guide examples', () => {
  it.each(FIXTURES)('%s: BPR02 is the claims paid less the PLB amounts, and every claim balances', (name) => {
    const file = remittance(name);
    expect(file).toMatchObject({ senderId: '000000005', controlNumber: '000000907', production: false });
    expect(file.transactions.length).toBeGreaterThan(0);
    for (const t of file.transactions) {
      const { bpr, claimsLessPlb } = payments(t);
      expect(claimsLessPlb).toBe(bpr);
      expect(t.claims.length).toBeGreaterThan(0);
      expect(t.claims.every(claimBalances)).toBe(true);
    }
  });

  it.each(FIXTURES)("%s: each line's charge is its payment plus its adjustments", (name) => {
    // The tertiary example's one SVC is mistyped (see below): it is the only line that does not add up.
    const expected = name === 'tertiary-payment.835' ? ['claim 0001000054 line 1'] : [];
    expect(unbalancedLines(remittance(name))).toEqual(expected);
  });

  it('reads the managed care example: payment, parties, claim-level CAS and DTM*150/151 lines', () => {
    const [t] = remittance('managed-care.835').transactions;
    expect(t).toMatchObject({
      controlNumber: '112233',
      handling: 'I',
      totalPaid: '945.00',
      creditDebit: 'C',
      paymentMethod: 'ACH',
      // BPR16 is "20002316" in this transcription (the guide prints 20020316): no day, so left out.
      paymentDate: '',
      checkNumber: '7170066655',
      originatorId: '1935665544',
      payer: {
        name: 'RUSHMORE LIFE',
        id: '',
        address1: '10 SOUTH AVENUE',
        city: 'RAPID CITY',
        state: 'SD',
        zip: '55111',
      },
      payee: { name: 'ACME MEDICAL CENTER', id: '5544667733' },
      providerAdjustments: [],
    });
    expect(t.claims.map((c) => [c.claimNumber, c.statusCode, c.charge, c.paid, c.patientResponsibility])).toEqual([
      ['5554555444', '1', '800.00', '450.00', '300.00'],
      ['8765432112', '1', '1200.00', '495.00', '600.00'],
    ]);
    const [first, second] = t.claims;
    expect(first).toMatchObject({
      filingIndicator: '12',
      payerClaimNumber: '94060555410000',
      patient: { firstName: 'WILLIAM', lastName: 'BUDD', memberId: '33344555510' },
      crossoverPayer: null,
      // CAS before the SVC: the claim's; it is why the claim pays 450.00 and its line 500.00.
      adjustments: [{ group: 'CO', reason: 'A2', amount: '50.00' }],
    });
    expect(first.lines).toEqual([
      {
        hcpcs: '99211',
        modifiers: [],
        charge: '800.00',
        paid: '500.00',
        units: '1',
        serviceDate: '2002-03-01',
        serviceDateTo: '2002-03-04',
        lineControlNumber: '',
        allowed: '',
        adjustments: [{ group: 'PR', reason: '1', amount: '300.00' }],
        remarks: [],
      },
    ]);
    expect(second.lines[0].adjustments).toEqual([
      { group: 'PR', reason: '1', amount: '600.00' },
      { group: 'CO', reason: '45', amount: '50.00' },
    ]);
  });

  it("reads the secondary payment example, whose composites use '>' though ISA16 declares ':'", () => {
    const [t] = remittance('secondary-payment.835').transactions;
    expect([t.totalPaid, t.checkNumber, t.payer.name, t.payee]).toEqual([
      '1222.00',
      '0012524965',
      'YOUR TAX DOLLARS AT WORK',
      { name: 'ACME MEDICAL CENTER', id: '599944521' },
    ]);
    // BPR*I*1222.00*C*CHK***********20050412: the date stands in BPR15, one place early, so BPR16 is empty.
    expect(t.paymentDate).toBe('');
    const [inpatient, professional] = t.claims;
    expect(inpatient).toMatchObject({
      claimNumber: 'L0004828311',
      statusCode: '2',
      patient: { firstName: 'WILLIAM', lastName: 'TOWNSEND', memberId: 'XXX123456789' },
      adjustments: [{ group: 'OA', reason: '23', amount: '9411.64' }],
      serviceDateFrom: '2005-03-03',
      serviceDateTo: '2005-03-04',
      lines: [],
    });
    expect(professional.claimNumber).toBe('0001000053');
    expect(professional.lines).toEqual([
      {
        hcpcs: '12345',
        modifiers: ['26'],
        charge: '166.50',
        paid: '30.00',
        units: '1.00',
        serviceDate: '2005-01-06',
        serviceDateTo: '',
        lineControlNumber: '',
        allowed: '150.00',
        adjustments: [{ group: 'OA', reason: '23', amount: '136.50' }],
        remarks: [],
      },
      {
        hcpcs: '66543',
        modifiers: ['26'],
        charge: '585.00',
        paid: '280.00',
        units: '1.00',
        serviceDate: '2005-01-06',
        serviceDateTo: '',
        lineControlNumber: '',
        allowed: '500.00',
        // CAS*PR*1*150.00**2*70.00 holds two triples; CAS*CO*42 follows.
        adjustments: [
          { group: 'PR', reason: '1', amount: '150.00' },
          { group: 'PR', reason: '2', amount: '70.00' },
          { group: 'CO', reason: '42', amount: '85.00' },
        ],
        remarks: [],
      },
    ]);
  });

  it('reads the Medicare Part A example: REF*2U payer id, MOA remark, claims without lines, a PLB', () => {
    const [t] = remittance('medicare-part-a.835').transactions;
    expect([t.handling, t.totalPaid, t.paymentDate, t.checkNumber]).toEqual(['C', '150000.00', '2002-09-13', '12345']);
    expect(t.payer).toEqual({
      name: 'INSURANCE COMPANY OF TIMBUCKTU',
      id: '999',
      address1: '1 MAIN STREET',
      city: 'TIMBUCKTU',
      state: 'AK',
      zip: '89111',
    });
    expect(
      t.claims.map((c) => [c.claimNumber, c.filingIndicator, c.remarks, c.serviceDateFrom, c.serviceDateTo]),
    ).toEqual([
      ['666123', 'MA', [], '2002-08-16', '2002-08-24'],
      ['777777', 'MB', ['MA02'], '2002-05-12', ''],
    ]);
    expect(t.claims.every((c) => c.lines.length === 0)).toBe(true);
    // A negative PLB amount gives money to the provider: 149998.73 paid on claims + 1.27 = BPR02.
    expect(t.providerAdjustments).toEqual([
      { provider: '6543210903', fiscalDate: '2002-12-31', reason: 'CV', reference: 'CP', amount: '-1.27' },
    ]);
  });

  it('reads a negative adjustment (the COB contractual example, HC>55669)', () => {
    const [claim] = remittance('cob-contractural-adjustment.835').transactions[0].claims;
    expect(claim.lines.map((l) => [l.hcpcs, l.charge, l.paid, l.units, l.allowed, l.adjustments])).toEqual([
      [
        '55669',
        '541.00',
        '34.00',
        '1.00',
        '550.00',
        [
          { group: 'OA', reason: '23', amount: '516.00' },
          { group: 'OA', reason: '94', amount: '-9.00' },
        ],
      ],
    ]);
  });

  it('reads the tertiary example as it is written: its SVC is shifted one element', () => {
    // The guide's SVC*HC:24599*1766.5*187.5**1 was transcribed SVC*HC*24599.00*1766.50*187.50**1:
    // SVC01 lost its code, and the charge, the payment and the units moved one element right.
    const [claim] = remittance('tertiary-payment.835').transactions[0].claims;
    expect([claim.charge, claim.paid]).toEqual(['1766.50', '187.50']);
    const [line] = claim.lines;
    expect(line).toMatchObject({ hcpcs: '', modifiers: [], charge: '24599.00', paid: '1766.50', units: '1' });
    expect(line.adjustments).toEqual([{ group: 'OA', reason: '23', amount: '1579.00' }]);
    // Its CAS does balance the claim: CLP03 1766.50 = CLP04 187.50 + 1579.00, the shifted SVC03 and SVC04.
    expect(cents(claim.charge) - cents(claim.paid)).toBe(adjusted(line.adjustments));
  });

  it('reads every 835 of a file of several interchanges, naming lines across them', () => {
    const first = fixture('linuxforhealth/835_005010X221A1/managed-care.835');
    const second = fixture('linuxforhealth/835_005010X221A1/secondary-payment.835');
    const file = readRemittance(`${first}\n${second}`);
    expect(file.transactions.map((t) => t.checkNumber)).toEqual(['7170066655', '0012524965']);
    expect(file.controlNumber).toBe('000000907');
    // managed-care.835 has 30 segments; the second file's first CLP is its 16th.
    const broken = `${first}\n${second.replace('CLP*L0004828311*2*10323.64*912.00', 'CLP*L0004828311*2*10323.64*9x')}`;
    expect(() => readRemittance(broken)).toThrow('Segment CLP at line 46: CLP04 "9x" is not an amount');
  });
});

describe('readRemittance refuses what is not an 835, naming the segment and its line', () => {
  const managedCare = fixture('linuxforhealth/835_005010X221A1/managed-care.835');

  it.each([
    [
      'an 837',
      fixture('linuxforhealth/837_005010X222A2/demo.example7.837'),
      'Segment ST at line 3: the file holds a 837 transaction, not an 835',
    ],
    [
      'a 999',
      fixture('imsweb/837_5010/x12_999_accepted.txt'),
      'Segment ST at line 3: the file holds a 999 transaction, not an 835',
    ],
    ['an empty file', '', 'Segment ISA at line 1: the file is empty'],
    ['blank text', ' \n\n', 'Segment ISA at line 1: the file is empty'],
    ['garbage', 'Dear billing office, ...', 'Segment ISA at line 1: the file is not an X12 interchange'],
    [
      'a broken CLP04',
      managedCare.replace('CLP*5554555444*1*800.00*450.00', 'CLP*5554555444*1*800.00*12.3.4'),
      'Segment CLP at line 13: CLP04 "12.3.4" is not an amount',
    ],
    [
      'the same on one line',
      managedCare.replaceAll('~\n', '~').replace('*800.00*450.00*', '*800.00*12.3.4*'),
      'Segment CLP at line 13: CLP04 "12.3.4" is not an amount',
    ],
    [
      'a missing CLP03',
      managedCare.replace('*1*1200.00*495.00', '*1**495.00'),
      'Segment CLP at line 20: CLP03 is missing',
    ],
    ['a broken BPR02', managedCare.replace('BPR*I*945.00', 'BPR*I*9,45'), 'Segment BPR at line 4: BPR02 "9,45" is not'],
    ['no TRN02', managedCare.replace('TRN*1*7170066655', 'TRN*1*'), 'Segment TRN at line 5: TRN02 is missing'],
    [
      'no TRN at all',
      managedCare.replace('TRN*1*7170066655*1935665544~\n', ''),
      'Segment ST at line 3: the 835 has no TRN segment',
    ],
    [
      'an SVC without SVC03',
      managedCare.replace('SVC*HC:99211*800.00*500.00', 'SVC*HC:99211*800.00'),
      'Segment SVC at line 16: SVC03 is missing',
    ],
    ['an SVC without SVC01', managedCare.replace('SVC*HC:99211*', 'SVC**'), 'Segment SVC at line 16: SVC01 is missing'],
    [
      'a CAS triple without amount',
      managedCare.replace('CAS*CO*45*50.00', 'CAS*CO*45'),
      'Segment CAS at line 27: CAS03 is missing',
    ],
    [
      'an impossible date',
      managedCare.replace('DTM*151*20020304', 'DTM*151*20020230'),
      'Segment DTM at line 18: DTM02 "20020230" is not a date',
    ],
    [
      'a CAS before any claim',
      managedCare.replace('LX*1~\n', 'LX*1~\nCAS*CO*45*1~\n'),
      'Segment CAS at line 13: CAS comes before any claim (CLP)',
    ],
  ])('%s', (_, text, message) => {
    expect(() => readRemittance(text)).toThrow(message);
  });

  it('never fails but with an Error naming a segment and a line, whatever the bytes', () => {
    const mangled = fc
      .tuple(fc.nat(managedCare.length), fc.nat(40), fc.string({ maxLength: 4, unit: 'binary' }))
      .map(([at, cut, insert]) => managedCare.slice(0, at) + insert + managedCare.slice(at + cut));
    fc.assert(
      fc.property(fc.oneof(mangled, fc.string({ unit: 'binary' })), (input) => {
        try {
          readRemittance(input);
        } catch (err) {
          expect(err).toBeInstanceOf(Error);
          expect((err as Error).message).toMatch(/^Segment \S* at line \d+: \S/);
        }
      }),
      { numRuns: 200, seed: 835 },
    );
  });
});

// Random remittances: values within the guide's lengths, without separators or end spaces.
const ALNUM = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];
const INNER = [...' !"#$%&\'()+,-./0123456789;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]_`abcdefghijklmnopqrstuvwxyz{|}'];
const code = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...ALNUM), minLength: min, maxLength: max });
const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
const words = (max: number) =>
  fc
    .tuple(code(1, 1), fc.string({ unit: fc.constantFrom(...INNER), maxLength: max - 2 }), code(1, 1))
    .map((parts) => parts.join(''));
const maybe = <T>(arbitrary: fc.Arbitrary<T>, none: T) => fc.oneof(fc.constant(none), arbitrary);
const day = fc
  .record({
    y: fc.integer({ min: 2000, max: 2040 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const money = (min: number, max: number) => fc.integer({ min, max });
/** A claim's or a line's adjustments: groups drawn so that runs of one group (one CAS) happen. */
const adjustments = (max: number) =>
  fc.array(
    fc.record({
      group: fc.constantFrom('CO', 'CO', 'CO', 'PR', 'OA', 'PI'),
      reason: fc.oneof(fc.constantFrom('45', '2', '1', '253', 'A2', '94'), code(1, 5)),
      cents: money(-50_000, 500_000),
    }),
    { maxLength: max },
  );
const lineDates = fc.oneof(
  fc.constant(['', '']),
  day.map((d) => [d, '']),
  fc.tuple(day, day).map((pair) => pair.sort()),
  day.map((d) => ['', d]),
);

const line = fc.record({
  hcpcs: fc.tuple(fc.constantFrom(...'ABEKL'), digits(4)).map((p) => p.join('')),
  modifiers: fc.array(code(2, 2), { maxLength: 4 }),
  paid: money(0, 1_000_000),
  units: fc.constantFrom('1', '1', '2', '3.5', '1.00', '30'),
  dates: lineDates,
  lineControlNumber: maybe(code(1, 30), ''),
  allowed: maybe(money(0, 1_000_000), null),
  adjustments: adjustments(9),
  remarks: fc.array(fc.constantFrom('N130', 'M15', 'MA01', 'N522'), { maxLength: 3 }),
});

const claim = fc.record({
  claimNumber: code(1, 20),
  statusCode: fc.constantFrom('1', '2', '3', '4', '19', '22', '23'),
  patientResponsibility: maybe(money(0, 100_000), null),
  filingIndicator: fc.constantFrom('MB', 'MC', '12', 'HM', 'ZZ'),
  payerClaimNumber: code(1, 30),
  patient: fc.record({ firstName: maybe(words(35), ''), lastName: words(60), memberId: maybe(code(2, 20), '') }),
  crossoverPayer: maybe(fc.record({ name: words(60), id: code(2, 20) }), null),
  adjustments: adjustments(3),
  remarks: fc.array(fc.constantFrom('MA01', 'MA02', 'MA18', 'N4'), { maxLength: 5 }),
  dates: fc.oneof(
    fc.constant(['', '']),
    day.map((d) => [d, '']),
    fc.tuple(day, day).map((pair) => pair.sort()),
  ),
  lines: fc.array(line, { maxLength: 4 }),
  paidWithoutLines: money(0, 1_000_000),
});

type ClaimDraft = typeof claim extends fc.Arbitrary<infer C> ? C : never;

/** A claim balanced as payers balance it; a reversal (CLP02 22) negates every amount. */
function toClaim(c: ClaimDraft): RemittanceClaim {
  const sign = c.statusCode === '22' ? -1 : 1;
  const m = (value: number) => moneyText(sign * value);
  const toAdjustments = (list: { group: string; reason: string; cents: number }[]) =>
    list.map((a) => ({ group: a.group, reason: a.reason, amount: m(a.cents) }));
  const lines: RemittanceLine[] = c.lines.map((l) => {
    const adjustedCents = l.adjustments.reduce((total, a) => total + a.cents, 0);
    return {
      hcpcs: l.hcpcs,
      modifiers: l.modifiers,
      charge: m(l.paid + adjustedCents),
      paid: m(l.paid),
      units: l.units,
      serviceDate: l.dates[0],
      serviceDateTo: l.dates[1],
      lineControlNumber: l.lineControlNumber,
      allowed: l.allowed === null ? '' : m(l.allowed),
      adjustments: toAdjustments(l.adjustments),
      remarks: l.remarks,
    };
  });
  const claimAdjusted = c.adjustments.reduce((total, a) => total + a.cents, 0);
  const linesPaid = c.lines.length > 0 ? c.lines.reduce((total, l) => total + l.paid, 0) : c.paidWithoutLines;
  const linesCharged = c.lines.reduce((total, l) => total + l.paid + l.adjustments.reduce((t, a) => t + a.cents, 0), 0);
  // Claim-level adjustments come off what the lines paid: CLP04 = lines' SVC03 - claim CAS.
  return {
    claimNumber: c.claimNumber,
    statusCode: c.statusCode,
    charge: m(c.lines.length > 0 ? linesCharged : linesPaid + claimAdjusted),
    paid: m(linesPaid - (c.lines.length > 0 ? claimAdjusted : 0)),
    patientResponsibility: c.patientResponsibility === null ? '' : m(c.patientResponsibility),
    filingIndicator: c.filingIndicator,
    payerClaimNumber: c.payerClaimNumber,
    patient: c.patient,
    crossoverPayer: c.crossoverPayer,
    adjustments: toAdjustments(c.adjustments),
    remarks: c.remarks,
    serviceDateFrom: c.dates[0],
    serviceDateTo: c.dates[1],
    lines,
  };
}

const providerAdjustment: fc.Arbitrary<ProviderAdjustment> = fc.record({
  provider: fc.constantFrom('1234567893', '1234567893', '1932154455'),
  fiscalDate: fc.constantFrom('2026-12-31', '2026-12-31', '2025-12-31'),
  reason: fc.constantFrom('WO', 'FB', 'L6', 'CS', '72', 'J1', 'CV'),
  reference: maybe(code(1, 30), ''),
  amount: money(-100_000, 100_000).map(moneyText),
});

const transaction = (index: number): fc.Arbitrary<RemittanceTransaction> =>
  fc
    .record({
      handling: fc.constantFrom('I', 'H', 'C'),
      creditDebit: fc.constantFrom('C', 'D'),
      paymentMethod: fc.constantFrom('ACH', 'CHK', 'BOP', 'NON'),
      paymentDate: day,
      checkNumber: code(1, 30),
      originatorId: fc.tuple(fc.constantFrom('1', '3', '9'), digits(9)).map((p) => p.join('')),
      payer: fc.record({
        name: words(60),
        id: maybe(code(1, 20), ''),
        // 1000A's N3 and N4 are required: a payer without an address has its own test.
        address1: words(55),
        city: words(30),
        state: fc.constantFrom('FL', 'NY', 'TX', 'CA'),
        zip: fc.oneof(digits(5), digits(9)),
      }),
      payee: fc.record({ name: words(60), id: fc.oneof(digits(10), digits(9)) }),
      claims: fc.array(claim.map(toClaim), { maxLength: 5 }),
      providerAdjustments: fc.array(providerAdjustment, { maxLength: 8 }),
    })
    .map((t) => ({
      ...t,
      controlNumber: String(index + 1).padStart(4, '0'),
      totalPaid: moneyText(sum(t.claims.map((c) => c.paid)) - sum(t.providerAdjustments.map((p) => p.amount))),
    }));

const envelope: fc.Arbitrary<RemittanceEnvelope> = fc.record({
  senderId: code(2, 15),
  receiverId: code(2, 15),
  controlNumber: fc.integer({ min: 1, max: 999_999_999 }),
  production: fc.boolean(),
  createdAt: fc
    .tuple(fc.integer({ min: 2020, max: 2040 }), fc.nat(11), fc.integer({ min: 1, max: 28 }), fc.nat(23), fc.nat(59))
    .map(([y, m, d, h, min]) => new Date(y, m, d, h, min)),
});

const remittances = fc
  .integer({ min: 1, max: 3 })
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => transaction(i))));

const ENVELOPE: RemittanceEnvelope = {
  senderId: 'MEDICARE',
  receiverId: 'SUNRISE01',
  controlNumber: 42,
  production: false,
  createdAt: new Date(2026, 2, 3, 10, 5),
};

/** One payment of one claim with one oxygen concentrator rental line, to spoil or grow. */
function sampleTransaction(): RemittanceTransaction {
  return {
    controlNumber: '0001',
    handling: 'I',
    totalPaid: '180.05',
    creditDebit: 'C',
    paymentMethod: 'ACH',
    paymentDate: '2026-03-02',
    checkNumber: 'EFT20260302',
    originatorId: '1234567890',
    payer: { name: 'MEDICARE DME', id: '17013', address1: 'PO BOX 1', city: 'NASHVILLE', state: 'TN', zip: '37202' },
    payee: { name: 'SUNRISE MEDICAL SUPPLY', id: '1234567893' },
    claims: [
      {
        claimNumber: 'C1042-1',
        statusCode: '1',
        charge: '250.00',
        paid: '180.05',
        patientResponsibility: '45.01',
        filingIndicator: 'MB',
        payerClaimNumber: 'PCN1',
        patient: { firstName: 'ANN', lastName: 'SMITH', memberId: '1EG4TE5MK73' },
        crossoverPayer: null,
        adjustments: [],
        remarks: [],
        serviceDateFrom: '2026-02-01',
        serviceDateTo: '2026-02-28',
        lines: [
          {
            hcpcs: 'E0601',
            modifiers: ['RR', 'KX'],
            charge: '250.00',
            paid: '180.05',
            units: '1',
            serviceDate: '2026-02-01',
            serviceDateTo: '2026-02-28',
            lineControlNumber: '1042-1-1',
            allowed: '225.06',
            adjustments: [
              { group: 'CO', reason: '45', amount: '24.94' },
              { group: 'PR', reason: '2', amount: '45.01' },
            ],
            remarks: ['N130'],
          },
        ],
      },
    ],
    providerAdjustments: [],
  };
}

/** The envelope and the segment counts on the text itself, split by hand. */
function checkText(text: string, env: RemittanceEnvelope, count: number): void {
  expect(text.endsWith('~\n')).toBe(true);
  const rows = text
    .slice(0, -2)
    .split('~\n')
    .map((s) => s.split('*'));
  const control = String(env.controlNumber);
  expect(rows[0][13]).toBe(control.padStart(9, '0'));
  expect(rows[1]).toEqual(expect.arrayContaining(['HP', control, '005010X221A1']));
  const starts = rows.flatMap((r, i) => (r[0] === 'ST' ? [i] : []));
  const ends = rows.flatMap((r, i) => (r[0] === 'SE' ? [i] : []));
  expect(starts).toHaveLength(count);
  starts.forEach((st, i) => expect(rows[ends[i]].slice(1)).toEqual([String(ends[i] - st + 1), rows[st][2]]));
  expect(rows.at(-2)).toEqual(['GE', String(count), control]);
  expect(rows.at(-1)).toEqual(['IEA', '1', control.padStart(9, '0')]);
  // CAS carries six triples at most, PLB six pairs.
  for (const r of rows) {
    if (r[0] === 'CAS') expect(r.length).toBeLessThanOrEqual(19);
    if (r[0] === 'PLB') expect(r.length).toBeLessThanOrEqual(15);
  }
}

describe('writeRemittance and readRemittance', () => {
  it('read back random remittances as they were written (claims, CAS runs, reversals, PLB)', () => {
    fc.assert(
      fc.property(envelope, remittances, (env, transactions) => {
        const text = writeRemittance(env, transactions);
        save(text);
        checkText(text, env, transactions.length);
        const file = readRemittance(text);
        expect(file).toEqual({
          senderId: env.senderId,
          controlNumber: String(env.controlNumber).padStart(9, '0'),
          production: env.production,
          transactions,
        });
        for (const t of file.transactions) {
          const { bpr, claimsLessPlb } = payments(t);
          expect(claimsLessPlb).toBe(bpr);
          expect(t.claims.every(claimBalances)).toBe(true);
        }
        expect(unbalancedLines(file)).toEqual([]);
      }),
      { numRuns: 100, seed: 5010 },
    );
  });

  it('splits long runs: nine CO adjustments in two CAS, eight PLB pairs in two PLB', () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ group: 'CO', reason: String(i + 1), amount: '-1.00' }));
    const eight = Array.from({ length: 8 }, (_, i) => ({
      provider: '1234567893',
      fiscalDate: '2026-12-31',
      reason: 'WO',
      reference: `R${i}`,
      amount: '2.50',
    }));
    const t = sampleTransaction();
    t.claims[0].lines[0].adjustments = nine;
    t.providerAdjustments = eight;
    const text = writeRemittance(ENVELOPE, [t]);
    expect(text.match(/^CAS\*CO\*/gm)).toHaveLength(2);
    expect(text).toContain('PLB*1234567893*20261231*WO:R0*2.5*WO:R1*2.5*WO:R2*2.5*WO:R3*2.5*WO:R4*2.5*WO:R5*2.5~');
    expect(text).toContain('PLB*1234567893*20261231*WO:R6*2.5*WO:R7*2.5~');
    const [back] = readRemittance(text).transactions;
    expect(back.claims[0].lines[0].adjustments).toEqual(nine);
    expect(back.providerAdjustments).toEqual(eight);
  });

  it('writes a reversal with negative amounts in X12 form', () => {
    const t = sampleTransaction();
    const [claim] = t.claims;
    Object.assign(claim, { statusCode: '22', charge: '-250.00', paid: '-180.05', patientResponsibility: '-0.50' });
    Object.assign(claim.lines[0], { charge: '-250.00', paid: '-180.05', allowed: '-200.00' });
    claim.lines[0].adjustments = [{ group: 'CO', reason: '45', amount: '-69.95' }];
    t.totalPaid = '-180.05';
    const text = writeRemittance(ENVELOPE, [t]);
    expect(text).toContain('CLP*C1042-1*22*-250*-180.05*-0.5*MB*PCN1~');
    expect(text).toContain('SVC*HC:E0601:RR:KX*-250*-180.05~');
    expect(text).toContain('CAS*CO*45*-69.95~');
    expect(readRemittance(text).transactions).toEqual([t]);
  });

  it('writes a payer without an address or id as N1*PR alone', () => {
    const t = sampleTransaction();
    t.payer = { name: 'SMALL PLAN', id: '', address1: '', city: '', state: '', zip: '' };
    const text = writeRemittance(ENVELOPE, [t]);
    expect(text).toContain('N1*PR*SMALL PLAN~\nPER*BL*EDI SUPPORT*TE*8005550199~\nN1*PE*');
    expect(readRemittance(text).transactions).toEqual([t]);
  });

  it.each([
    [
      'a charge without cents',
      (t: RemittanceTransaction) => (t.claims[0].lines[0].charge = '12.5'),
      /transactions\[0\]\.claims\[0\]\.lines\[0\]\.charge must be an amount/,
    ],
    [
      'a separator in a name',
      (t: RemittanceTransaction) => (t.claims[0].patient.lastName = 'O*Brien'),
      /claims\[0\]\.patient\.lastName contains "\*"/,
    ],
    [
      'five modifiers',
      (t: RemittanceTransaction) => (t.claims[0].lines[0].modifiers = ['RR', 'KX', 'NU', 'KH', 'GA']),
      /modifiers holds at most 4/,
    ],
    [
      'six claim remarks',
      (t: RemittanceTransaction) => (t.claims[0].remarks = ['M1', 'M2', 'M3', 'M4', 'M5', 'M6']),
      /remarks holds at most 5 codes/,
    ],
    [
      'units that are no number',
      (t: RemittanceTransaction) => (t.claims[0].lines[0].units = 'one'),
      /lines\[0\]\.units must be a number/,
    ],
    [
      'a short control number',
      (t: RemittanceTransaction) => (t.controlNumber = '12'),
      /transactions\[0\]\.controlNumber needs at least 4 characters/,
    ],
    [
      'a bad payment date',
      (t: RemittanceTransaction) => (t.paymentDate = '03/01/2026'),
      /transactions\[0\]\.paymentDate must be a date/,
    ],
  ])('refuses %s, naming the field', (_, spoil, message) => {
    const t = sampleTransaction();
    spoil(t);
    expect(() => writeRemittance(ENVELOPE, [t])).toThrow(message);
  });

  it('writes and reads 10,000 lines well within the bench budget', () => {
    const t = sampleTransaction();
    const [claim] = t.claims;
    t.claims = Array.from({ length: 2500 }, (_, i) => ({
      ...claim,
      claimNumber: `C${i}`,
      lines: Array.from({ length: 4 }, (_, k) => ({ ...claim.lines[0], lineControlNumber: `L${i}-${k}` })),
    }));
    const started = performance.now();
    const text = writeRemittance(ENVELOPE, [t]);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(2000);
    const [back] = readRemittance(text).transactions;
    expect(back.claims.flatMap((c) => c.lines)).toHaveLength(10_000);
  });
});
