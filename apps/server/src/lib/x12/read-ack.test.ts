import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAcknowledgement } from './read-ack.ts';
import { sampleClaimFile } from './sample-file.ts';
import { write837 } from './write-837.ts';

const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'latin1');
const NOT_AN_ACK = 'The file is not a 999 or a 277CA acknowledgement';

/** An interchange around `body` segments, as a clearinghouse sends it (fixed-width ISA, `:` components). */
function interchange(functionalId: string, guide: string, body: string[]): string {
  const isa =
    'ISA*00*          *00*          *ZZ*CLEARHOUSE     *ZZ*SUNRISE01      *260315*1200*^*00501*000000077*0*T*:';
  return [
    isa,
    `GS*${functionalId}*CLEARHOUSE*SUNRISE01*20260315*1200*77*X*${guide}`,
    ...body,
    'GE*1*77',
    'IEA*1*000000077',
  ]
    .map((s) => `${s}~`)
    .join('\n');
}

describe('readAcknowledgement: 999', () => {
  it('reads an accepted 999: the group and the transaction it accepts', () => {
    expect(readAcknowledgement(fixture('imsweb/837_5010/x12_999_accepted.txt'))).toEqual({
      kind: '999',
      groups: [
        {
          functionalId: 'HC',
          controlNumber: '17456',
          code: 'A',
          status: 'accepted',
          reasons: [],
          transactions: [{ setId: '837', controlNumber: '0001', code: 'A', status: 'accepted', reasons: [] }],
        },
      ],
    });
  });

  it('reads a rejected 999 (other separators) with its segment error in plain English', () => {
    expect(readAcknowledgement(fixture('imsweb/837_5010/x12_999_rejected.txt'))).toEqual({
      kind: '999',
      groups: [
        {
          functionalId: 'HC',
          controlNumber: '28',
          code: 'R',
          status: 'rejected',
          reasons: [],
          transactions: [
            {
              setId: '837',
              controlNumber: '0028',
              code: 'R',
              status: 'rejected',
              reasons: ['Segment NM is not a segment the receiver recognizes (segment 17 of the transaction)'],
            },
          ],
        },
      ],
    });
  });

  it('turns element errors (IK3 + IK4) and trailer codes into sentences', () => {
    const ack = readAcknowledgement(
      interchange('FA', '005010X231A1', [
        'ST*999*0001*005010X231A1',
        'AK1*HC*42*005010X222A1',
        'AK2*837*0042*005010X222A1',
        'IK3*CLM*25*2300*8',
        'IK4*2**1',
        'IK3*NM1*30*2420E*8',
        'IK4*9*67*7*12345',
        'IK4*1:2*98*I12',
        'IK3*REF*31**3',
        'IK5*R*5*4',
        'AK2*837*0043*005010X222A1',
        'IK5*E',
        'AK9*P*2*2*1*5',
        'SE*14*0001',
      ]),
    );
    expect(ack).toEqual({
      kind: '999',
      groups: [
        {
          functionalId: 'HC',
          controlNumber: '42',
          code: 'P',
          status: 'partially accepted',
          reasons: ['The transaction count in GE does not match the transactions sent'],
          transactions: [
            {
              setId: '837',
              controlNumber: '0042',
              code: 'R',
              status: 'rejected',
              reasons: [
                'Segment CLM is missing a required element (CLM02) (segment 25 of the transaction, loop 2300)',
                'Element NM109 has an invalid code (segment 30 of the transaction, loop 2420E, value "12345")',
                'Element NM101-2 does not have the form the guide requires (segment 30 of the transaction, loop 2420E)',
                'A required segment is missing: Segment REF (segment 31 of the transaction)',
                'The segment count in SE does not match the segments sent',
              ],
            },
            { setId: '837', controlNumber: '0043', code: 'E', status: 'accepted', reasons: [] },
          ],
        },
      ],
    });
  });

  it('reads a group rejected as a whole, without any AK2', () => {
    const ack = readAcknowledgement(
      interchange('FA', '005010X231A1', [
        'ST*999*0001*005010X231A1',
        'AK1*HC*42*005010X222A1',
        'AK9*R*1*0*0*2',
        'SE*4*0001',
      ]),
    );
    expect(ack).toMatchObject({
      kind: '999',
      groups: [
        {
          controlNumber: '42',
          status: 'rejected',
          reasons: ['The receiver does not support this version'],
          transactions: [],
        },
      ],
    });
  });
  it('does not take a transaction or a group cut short (no IK5, no AK9) as accepted', () => {
    const ack = readAcknowledgement(
      interchange('FA', '005010X231A1', [
        'ST*999*0001*005010X231A1',
        'AK1*HC*42*005010X222A1',
        'AK2*837*0042*005010X222A1',
        'IK3*CLM*25**8',
        'SE*5*0001',
      ]),
    );
    expect(ack).toMatchObject({
      groups: [
        {
          status: 'rejected',
          reasons: ['The acknowledgement gives no status for this group (AK9)'],
          transactions: [
            {
              status: 'rejected',
              reasons: [
                'Segment CLM has errors in its elements (segment 25 of the transaction)',
                'The acknowledgement gives no status for this transaction (IK5)',
              ],
            },
          ],
        },
      ],
    });
  });
});

describe('readAcknowledgement: 277CA', () => {
  it('reads an accepted claim by its CLM01 (TRN02 of loop 2200D), with the payer claim number', () => {
    const ack = readAcknowledgement(fixture('imsweb/277_5010/x12_277CA_accepted.txt'));
    expect(ack.kind).toBe('277CA');
    if (ack.kind !== '277CA') return;
    expect(ack.claims).toEqual([
      {
        claimNumber: '5781',
        status: 'accepted',
        statuses: [
          { category: 'A2', status: '20', entity: '', words: 'Accepted into adjudication: accepted for processing' },
        ],
        reason: 'Accepted into adjudication: accepted for processing',
        payerClaimNumber: '1107000000014420',
        amount: '125.00',
      },
    ]);
    expect(ack.levels.map((l) => [l.level, l.reference, l.status])).toEqual([
      ['information receiver', '000000674', 'accepted'],
      ['billing provider', '1107000000000135FF', 'accepted'],
    ]);
  });

  it('reads a rejected claim (other separators) with its reason in plain English', () => {
    const ack = readAcknowledgement(fixture('imsweb/277_5010/x12_277CA_rejected.txt'));
    expect(ack.kind === '277CA' && ack.claims).toEqual([
      {
        claimNumber: '3920394930203',
        status: 'rejected',
        statuses: [
          {
            category: 'A7',
            status: '562',
            entity: '85',
            words: "Rejected for invalid information: the billing provider's NPI (National Provider Identifier)",
          },
        ],
        reason: "Rejected for invalid information: the billing provider's NPI (National Provider Identifier)",
        payerClaimNumber: '1107000000001120',
        amount: '199.14',
      },
    ]);
  });

  it('rejects a claim when one status (STC10, a line) rejects it, and keeps each claim apart', () => {
    const ack = readAcknowledgement(
      interchange('HN', '005010X214', [
        'ST*277*0001*005010X214',
        'BHT*0085*08*B1*20260315*1200*TH',
        'HL*1**20*1',
        'NM1*PR*2*MEDICARE DME*****PI*16013',
        'HL*2*1*21*1',
        'NM1*41*2*SUNRISE*****46*SUNRISE01',
        'TRN*2*BATCH1',
        'STC*A1:19:PR*20260315*WQ*500',
        'HL*3*2*19*1',
        'NM1*85*2*SUNRISE*****XX*1234567893',
        'HL*4*3*PT',
        'NM1*QC*1*LOPEZ*MARIA',
        'TRN*2*C000001',
        'STC*A1:19:PR*20260315*WQ*235.5******A6:164:IL*A7:158:QC',
        'HL*5*3*PT',
        'NM1*QC*1*LOPEZ*JOSE',
        'TRN*2*C000002',
        'STC*A2:20*20260315*WQ*42.1',
        'SVC*HC:A4253*42.1',
        'STC*A3:454*20260315*U',
        'HL*6*3*PT',
        'TRN*2*C000003',
        'STC*A2:20*20260315*WQ*10',
        'SE*23*0001',
      ]),
    );
    expect(ack.kind === '277CA' && ack.claims.map((c) => [c.claimNumber, c.status, c.reason, c.amount])).toEqual([
      [
        'C000001',
        'rejected',
        "Received (acknowledgement of receipt): the payer acknowledges the claim's receipt; " +
          "Rejected for missing information: the subscriber's contract or member number; " +
          "Rejected for invalid information: the patient's date of birth",
        '235.50',
      ],
      [
        'C000002',
        'rejected',
        'Accepted into adjudication: accepted for processing; Returned as unprocessable: the procedure code',
        '42.10',
      ],
      ['C000003', 'accepted', 'Accepted into adjudication: accepted for processing', '10.00'],
    ]);
  });
});

describe('readAcknowledgement: anything else', () => {
  it.each([
    ['a claim status answer (277 X212)', fixture('imsweb/277_5010/x12_277_x212.txt')],
    ['an 837', write837(sampleClaimFile(2))],
    ['a file without ISA', fixture('imsweb/837_5010/x12_no_isa_line.txt')],
    ['a broken ISA', fixture('imsweb/837_5010/x12_bad_first_line.txt')],
    ['empty text', ''],
    ['binary', '\u0000\u00ff\u0010PK\u0003\u0004'],
    ['a 999 without AK1', interchange('FA', '005010X231A1', ['ST*999*0001*005010X231A1', 'SE*2*0001'])],
    ['an IK5 before any AK2', interchange('FA', '005010X231A1', ['ST*999*0001', 'AK1*HC*1', 'IK5*A', 'SE*4*0001'])],
    ['a GE without GS', `${interchange('FA', 'X', []).split('\n')[0]}\nGE*1*1~\nIEA*1*000000077~`],
  ])('refuses %s with the upload message', (_, text) => {
    expect(() => readAcknowledgement(text)).toThrow(new Error(NOT_AN_ACK));
  });

  it('never crashes on any text, nor on a real acknowledgement cut or scrambled anywhere', () => {
    const accepted = fixture('imsweb/277_5010/x12_277CA_accepted.txt');
    const mangled = fc
      .tuple(fc.nat(accepted.length), fc.nat(accepted.length), fc.string({ maxLength: 3, unit: 'binary' }))
      .map(
        ([at, cut, insert]) =>
          accepted.slice(0, at) + insert + accepted.slice(Math.min(accepted.length, at + (cut % 40))),
      );
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), mangled), (text) => {
        try {
          const ack = readAcknowledgement(text);
          expect(['999', '277CA']).toContain(ack.kind);
        } catch (err) {
          expect(err).toBeInstanceOf(Error);
          expect((err as Error).message).toBe(NOT_AN_ACK);
        }
      }),
      { numRuns: 300, seed: 31 },
    );
  });
});
