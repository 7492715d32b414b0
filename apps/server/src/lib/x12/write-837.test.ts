import { describe, expect, it } from 'vitest';
import type { ClaimFile } from './claim-file.ts';
import { read837 } from './read-837.ts';
import { sampleClaimFile } from './sample-file.ts';
import { write837 } from './write-837.ts';

/** A self-insured rental, a spouse billed under the insured's policy and a replacement claim. */
function threeClaims(): ClaimFile {
  const file = sampleClaimFile(5, 1, 42);
  file.claims = [file.claims[0], file.claims[3], file.claims[4]];
  return file;
}

/**
 * C000001 billed to its secondary payer: Medicare allowed 188.40 of 235.50 (CO 45 47.10), took
 * a 100.00 deductible at the claim level and paid 80% of the rest (PR 2 coinsurance 17.68).
 * The guide's balance holds: line 170.72 + 47.10 + 17.68 = 235.50; claim 70.72 + 100.00 = 170.72.
 */
function secondaryClaim(): ClaimFile {
  const file = threeClaims();
  file.claims = [
    {
      ...file.claims[0],
      priority: 2,
      filingIndicator: 'CI',
      groupNumber: 'GRP77',
      memberId: 'XBP445566',
      payer: { name: 'Blue Plan', payerId: 'BP123' },
      otherPayers: [
        {
          priority: 1,
          filingIndicator: 'MB',
          groupNumber: '',
          relationship: '18',
          subscriber: { firstName: 'Maria', lastName: 'Lopez000001' },
          memberId: '1EG4TE5MK00',
          payer: { name: 'Medicare DME', payerId: '16013' },
          paid: '70.72',
          adjustments: [{ group: 'PR', reason: '1', amount: '100.00' }],
          paidDate: '2026-03-10',
          lines: [
            {
              lineControlNumber: 'S0000011',
              paid: '170.72',
              hcpcs: 'E1390',
              modifiers: ['RR', 'KH'],
              units: 1,
              adjustments: [
                { group: 'CO', reason: '45', amount: '47.10' },
                { group: 'PR', reason: '2', amount: '17.68' },
              ],
              paidDate: '2026-03-10',
            },
          ],
        },
      ],
    },
  ];
  return file;
}

const EXPECTED = [
  'ISA*00*          *00*          *ZZ*SUNRISE01      *ZZ*CLEARHOUSE     *260314*0930*^*00501*000000042*0*T*:~',
  'GS*HC*SUNRISE01*CLEARHOUSE*20260314*0930*42*X*005010X222A1~',
  'ST*837*0042*005010X222A1~',
  'BHT*0019*00*BATCH1*20260314*0930*CH~',
  'NM1*41*2*Sunrise Medical Supply*****46*SUNRISE01~',
  'PER*IC*Ana Ruiz*TE*3055550100~',
  'NM1*40*2*Example Clearinghouse*****46*CLEARHOUSE~',
  'HL*1**20*1~',
  'PRV*BI*PXC*332B00000X~',
  'NM1*85*2*Sunrise Medical Supply LLC*****XX*1234567893~',
  'N3*100 Main Street*Suite 4~',
  'N4*Miami*FL*331301234~',
  'REF*EI*591234567~',
  'PER*IC*Sunrise Medical Supply LLC*TE*3055550100~',
  'HL*2*1*22*0~',
  'SBR*P*18*******MB~',
  'NM1*IL*1*Lopez000001*Maria****MI*1EG4TE5MK00~',
  'N3*12 Palm Avenue~',
  'N4*Miami*FL*33131~',
  'DMG*D8*19480517*F~',
  'NM1*PR*2*Medicare DME*****PI*16013~',
  'CLM*C000001*235.5***12:B:1*Y*A*Y*Y~',
  'HI*ABK:J449*ABF:G4733~',
  'LX*1~',
  'SV1*HC:E1390:RR:KH*235.5*UN*1***1:2~',
  'DTP*472*RD8*20260201-20260228~',
  'REF*6R*S0000011~',
  'NM1*DK*1*Park*Helen****XX*9876543213~',
  'HL*3*1*22*1~',
  'SBR*P**GRP000004******CI~',
  'NM1*IL*1*Lopez000004*Maria****MI*1EG4TE5MK03~',
  'N3*12 Palm Avenue~',
  'N4*Miami*FL*33131~',
  'NM1*PR*2*Blue Plan*****PI*BP123~',
  'HL*4*3*23*0~',
  'PAT*01~',
  'NM1*QC*1*Lopez000004*Jose~',
  'N3*12 Palm Avenue~',
  'N4*Miami*FL*33131~',
  'DMG*D8*19461102*M~',
  'CLM*C000004*42.1***12:B:1*Y*A*Y*Y~',
  'HI*ABK:I10*ABF:R0902~',
  'LX*1~',
  'SV1*HC:A4253*42.1*UN*1***1:2~',
  'DTP*472*D8*20260201~',
  'REF*6R*S0000041~',
  'NM1*DK*1*Park*Helen****XX*9876543213~',
  'HL*5*1*22*0~',
  'SBR*P*18*******MB~',
  'NM1*IL*1*Lopez000005*Maria****MI*1EG4TE5MK04~',
  'N3*12 Palm Avenue~',
  'N4*Miami*FL*33131~',
  'DMG*D8*19480517*F~',
  'NM1*PR*2*Medicare DME*****PI*16013~',
  'CLM*C000005*235.5***12:B:7*Y*A*Y*Y~',
  'REF*F8*P000005~',
  'HI*ABK:R0902*ABF:J449~',
  'LX*1~',
  'SV1*HC:E1390:RR:KH*235.5*UN*1***1:2~',
  'DTP*472*RD8*20260201-20260228~',
  'REF*6R*S0000051~',
  'NM1*DK*1*Park*Helen****XX*9876543213~',
  'SE*61*0042~',
  'GE*1*42~',
  'IEA*1*000000042~',
];

describe('write837', () => {
  it('writes the segments of the 837P guide, one per line, for self, spouse and replacement claims', () => {
    const text = write837(threeClaims());
    expect(text).toBe(`${EXPECTED.join('\n')}\n`);
    // ISA is fixed width: 106 characters with its terminator.
    expect(text.indexOf('~')).toBe(105);
  });

  it('writes money without trailing zeros and totals the lines in exact cents', () => {
    const file = threeClaims();
    file.claims = [file.claims[0]];
    file.claims[0].lines = ['0.10', '0.20', '1000000.00', '0.05'].map((charge, i) => ({
      ...file.claims[0].lines[0],
      charge,
      lineControlNumber: `L${i}`,
    }));
    const text = write837(file);
    expect(text).toContain('CLM*C000001*1000000.35***');
    expect(text.match(/^SV1\*[^*]*\*([^*]*)\*/gm)?.map((s) => s.split('*')[2])).toEqual([
      '0.1',
      '0.2',
      '1000000',
      '0.05',
    ]);
    expect(read837(text).claims[0].totalCharge).toBe('1000000.35');
  });

  it('writes the production flag and pads the control number', () => {
    const file = threeClaims();
    file.header.production = true;
    file.header.controlNumber = 123456789;
    const text = write837(file);
    expect(text.split('~\n')[0].split('*').slice(13, 17)).toEqual(['123456789', '0', 'P', ':']);
    expect(text).toContain('ST*837*123456789*005010X222A1~');
  });

  it('leaves out N302 without a second address line and PER without a phone', () => {
    const file = threeClaims();
    file.billingProvider.address2 = '';
    file.billingProvider.phone = '';
    const text = write837(file);
    expect(text).toContain('NM1*85*2*Sunrise Medical Supply LLC*****XX*1234567893~\nN3*100 Main Street~\n');
    expect(text).toContain('REF*EI*591234567~\nHL*2*1*22*0~');
  });

  it.each([
    [
      'subscriber last name',
      (f: ClaimFile) => (f.claims[1].subscriber.lastName = 'O*Brien'),
      /Claim C000004: subscriber\.lastName contains "\*"/,
    ],
    [
      'patient address',
      (f: ClaimFile) => (f.claims[1].patient!.address1 = '12 Palm~Ave'),
      /Claim C000004: patient\.address1 contains "~"/,
    ],
    [
      'HCPCS code',
      (f: ClaimFile) => (f.claims[0].lines[0].hcpcs = 'E1390:RR'),
      /Claim C000001: lines\[0\]\.hcpcs contains ":"/,
    ],
    [
      'payer name',
      (f: ClaimFile) => (f.claims[0].payer.name = 'Medicare^DME'),
      /Claim C000001: payer\.name contains "\^"/,
    ],
    [
      'submitter name',
      (f: ClaimFile) => (f.submitter.name = 'Sunrise\nMedical'),
      /submitter\.name contains a character an 837 file cannot carry/,
    ],
    [
      'accented name',
      (f: ClaimFile) => (f.claims[0].subscriber.firstName = 'José'),
      /Claim C000001: subscriber\.firstName contains a character/,
    ],
    ['claim number', (f: ClaimFile) => (f.claims[2].claimNumber = 'C5*'), /claims\[2\]\.claimNumber contains "\*"/],
    [
      'long name',
      (f: ClaimFile) => (f.claims[0].subscriber.firstName = 'A'.repeat(36)),
      /subscriber\.firstName is longer than the 35 characters/,
    ],
    ['missing member id', (f: ClaimFile) => (f.claims[0].memberId = ' '), /Claim C000001: memberId is required/],
    [
      'replacement without original',
      (f: ClaimFile) => (f.claims[2].originalClaimNumber = null),
      /Claim C000005: originalClaimNumber is required for frequency 7 or 8/,
    ],
    [
      'pointer past the diagnoses',
      (f: ClaimFile) => (f.claims[0].lines[0].diagnosisPointers = [3]),
      /Claim C000001: lines\[0\]\.diagnosisPointers/,
    ],
    [
      'bad charge',
      (f: ClaimFile) => (f.claims[0].lines[0].charge = '12.5'),
      /Claim C000001: lines\[0\]\.charge must be an amount with two decimals/,
    ],
    [
      'bad date',
      (f: ClaimFile) => (f.claims[0].lines[0].dateTo = '02/28/2026'),
      /Claim C000001: lines\[0\]\.dateTo must be a date/,
    ],
    ['no patient for a spouse', (f: ClaimFile) => (f.claims[1].patient = null), /Claim C000004: patient is required/],
    [
      'thirteen diagnoses',
      (f: ClaimFile) => (f.claims[0].diagnoses = Array(13).fill('I10')),
      /diagnoses must hold 1 to 12 codes/,
    ],
    ['no claims', (f: ClaimFile) => (f.claims = []), /at least one claim/],
    ['control number', (f: ClaimFile) => (f.header.controlNumber = 1_000_000_000), /header\.controlNumber/],
    ['creation date', (f: ClaimFile) => (f.header.createdAt = new Date('not a date')), /header\.createdAt/],
    ['short submitter id', (f: ClaimFile) => (f.submitter.id = 'S'), /submitter\.id needs at least 2 characters/],
    [
      'phone',
      (f: ClaimFile) => (f.submitter.contactPhone = '305-555-0100'),
      /submitter\.contactPhone must be ten digits/,
    ],
  ])('refuses a file whose %s would break it, naming the field', (_, spoil, message) => {
    const file = threeClaims();
    spoil(file);
    expect(() => write837(file)).toThrow(message);
  });

  it('writes a secondary claim: 2320, 2330A and 2330B after HI, and 2430 after the line', () => {
    const text = write837(secondaryClaim());
    const segments = text.slice(0, -2).split('~\n');
    // The envelope, submitter, receiver and billing provider are the primary file's.
    expect(segments.slice(0, 14)).toEqual(EXPECTED.slice(0, 14).map((segment) => segment.slice(0, -1)));
    expect(segments.slice(14)).toEqual([
      'HL*2*1*22*0',
      'SBR*S*18*GRP77******CI',
      'NM1*IL*1*Lopez000001*Maria****MI*XBP445566',
      'N3*12 Palm Avenue',
      'N4*Miami*FL*33131',
      'DMG*D8*19480517*F',
      'NM1*PR*2*Blue Plan*****PI*BP123',
      'CLM*C000001*235.5***12:B:1*Y*A*Y*Y',
      'HI*ABK:J449*ABF:G4733',
      'SBR*P*18*******MB',
      'CAS*PR*1*100',
      'AMT*D*70.72',
      'OI***Y***Y',
      'NM1*IL*1*Lopez000001*Maria****MI*1EG4TE5MK00',
      'NM1*PR*2*Medicare DME*****PI*16013',
      'DTP*573*D8*20260310',
      'LX*1',
      'SV1*HC:E1390:RR:KH*235.5*UN*1***1:2',
      'DTP*472*RD8*20260201-20260228',
      'REF*6R*S0000011',
      'NM1*DK*1*Park*Helen****XX*9876543213',
      'SVD*16013*170.72*HC:E1390:RR:KH**1',
      'CAS*CO*45*47.1',
      'CAS*PR*2*17.68',
      'DTP*573*D8*20260310',
      'SE*38*0042',
      'GE*1*42',
      'IEA*1*000000042',
    ]);
    expect(read837(text).claims[0]).toMatchObject({ priority: 2, otherPayers: secondaryClaim().claims[0].otherPayers });
  });

  it('writes a tertiary claim: a 2320 per earlier payer, CAS of six pairs at most, 2430 under the lines answered', () => {
    const file = sampleClaimFile(1, 3, 7);
    const [claim] = file.claims;
    const [primary] = secondaryClaim().claims[0].otherPayers!;
    const answer = (line: number, paid: string) => ({
      ...primary.lines[0],
      lineControlNumber: claim.lines[line].lineControlNumber,
      hcpcs: claim.lines[line].hcpcs,
      modifiers: claim.lines[line].modifiers,
      paid,
      adjustments: [],
    });
    claim.priority = 3;
    claim.otherPayers = [
      {
        ...primary,
        adjustments: ['1', '2', '3', '23', '45', '96', '97'].map((reason) => ({ group: 'CO', reason, amount: '1.00' })),
        lines: [answer(0, '200.00'), answer(2, '0.00')],
      },
      {
        ...primary,
        priority: 2,
        relationship: '01',
        groupNumber: 'G-9',
        filingIndicator: 'CI',
        payer: { name: 'Blue Plan', payerId: 'BP123' },
        paid: '5.00',
        adjustments: [{ group: 'OA', reason: '23', amount: '-3.40' }],
        paidDate: '',
        lines: [answer(2, '5.00')],
      },
    ];
    const text = write837(file);
    const segments = text.trimEnd().split('~\n');
    const from = (first: string, count: number) => {
      const at = segments.indexOf(first);
      return segments.slice(at, at + count);
    };
    expect(from('SBR*P*18*******MB', 6)).toEqual([
      'SBR*P*18*******MB',
      'CAS*CO*1*1**2*1**3*1**23*1**45*1**96*1',
      'CAS*CO*97*1',
      'AMT*D*70.72',
      'OI***Y***Y',
      'NM1*IL*1*Lopez000001*Maria****MI*1EG4TE5MK00',
    ]);
    expect(from('SBR*S*01*G-9******CI', 7)).toEqual([
      'SBR*S*01*G-9******CI',
      'CAS*OA*23*-3.4',
      'AMT*D*5',
      'OI***Y***Y',
      'NM1*IL*1*Lopez000001*Maria****MI*1EG4TE5MK00',
      'NM1*PR*2*Blue Plan*****PI*BP123',
      'LX*1',
    ]);
    expect(segments.filter((s) => /^(LX|SVD)\*/.test(s))).toEqual([
      'LX*1',
      'SVD*16013*200*HC:E1390:RR:KH**1',
      'LX*2',
      'LX*3',
      'SVD*16013*0*HC:A7030:NU**1',
      'SVD*BP123*5*HC:A7030:NU**1',
    ]);
    const st = segments.findIndex((s) => s.startsWith('ST*'));
    const se = segments.findIndex((s) => s.startsWith('SE*'));
    expect(segments[se]).toBe(`SE*${se - st + 1}*0007`);
    expect(read837(text).claims[0].otherPayers).toEqual(claim.otherPayers);
  });

  it.each([
    [
      'a line answer naming no line of the claim',
      (f: ClaimFile) => (f.claims[0].otherPayers![0].lines[0].lineControlNumber = 'NOPE'),
      /Claim C000001: otherPayers\[0\]\.lines\[0\]\.lineControlNumber "NOPE" must name exactly one line/,
    ],
    [
      "the claim's own priority",
      (f: ClaimFile) => (f.claims[0].otherPayers![0].priority = 2),
      /Claim C000001: otherPayers\[0\]\.priority 2 is already the claim's or another payer's/,
    ],
    [
      'two payers with one payer id',
      (f: ClaimFile) => f.claims[0].otherPayers!.push({ ...f.claims[0].otherPayers![0], priority: 3 }),
      /otherPayers\[1\]\.payer\.payerId 16013 is another payer's too/,
    ],
    [
      'an adjustment group',
      (f: ClaimFile) => (f.claims[0].otherPayers![0].adjustments[0].group = 'XX'),
      /otherPayers\[0\]\.adjustments\[0\]\.group must be CO, CR, OA, PI or PR/,
    ],
    [
      'an adjustment amount',
      (f: ClaimFile) => (f.claims[0].otherPayers![0].lines[0].adjustments[1].amount = '17.6'),
      /otherPayers\[0\]\.lines\[0\]\.adjustments\[1\]\.amount must be an amount with two decimals/,
    ],
    [
      'a negative paid amount',
      (f: ClaimFile) => (f.claims[0].otherPayers![0].paid = '-1.00'),
      /otherPayers\[0\]\.paid must be an amount with two decimals/,
    ],
    [
      'a line answer without its date',
      (f: ClaimFile) => (f.claims[0].otherPayers![0].lines[0].paidDate = ''),
      /otherPayers\[0\]\.lines\[0\]\.paidDate must be a date/,
    ],
    [
      'more than five CAS segments',
      (f: ClaimFile) =>
        (f.claims[0].otherPayers![0].adjustments = Array.from({ length: 31 }, () => ({
          group: 'CO',
          reason: '45',
          amount: '1.00',
        }))),
      /otherPayers\[0\]\.adjustments needs 6 CAS segments, more than the 5/,
    ],
    [
      'a separator in the other payer name',
      (f: ClaimFile) => (f.claims[0].otherPayers![0].payer.name = 'Medicare*DME'),
      /otherPayers\[0\]\.payer\.name contains "\*"/,
    ],
  ])('refuses a secondary claim with %s, naming the field', (_, spoil, message) => {
    const file = secondaryClaim();
    spoil(file);
    expect(() => write837(file)).toThrow(message);
  });

  it('writes the bench batch (1,000 claims of 3 lines) well within its budget', () => {
    const file = sampleClaimFile(1000, 3);
    const started = performance.now();
    const text = write837(file);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(5000);
    const segments = text.trimEnd().split('~\n');
    const st = segments.findIndex((s) => s.startsWith('ST*'));
    const se = segments.findIndex((s) => s.startsWith('SE*'));
    expect(segments[se]).toBe(`SE*${se - st + 1}*0001`);
    expect(read837(text).claims).toHaveLength(1000);
  });
});
