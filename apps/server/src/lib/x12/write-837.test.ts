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
