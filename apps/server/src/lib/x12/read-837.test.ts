import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { read837 } from './read-837.ts';
import { moneyText } from './values.ts';

const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'latin1');
const cents = (money: string) => Number(money.replace('.', ''));

/** Every 837P example of the X12 guide: its CLM01 and CLM02, one claim each. */
const GUIDE_EXAMPLES: [string, string, string][] = [
  ['demo.ambulance.example5.837', '051068', '766.50'],
  ['demo.autoaccident.837', '900000032', '185.00'],
  ['demo.cob.2ndary.example4.837', '125WILL', '145.50'],
  ['demo.cob.example3.A.837', '26407789', '79.04'],
  ['demo.cob.example3.B.837', '26407789', '79.04'],
  ['demo.cob.example3.C.837', '26407789', '79.04'],
  ['demo.cob.example4.837', '101KEN6055', '120.00'],
  ['demo.drug.example10.1.837', 'CLMNO12345', '103.37'],
  ['demo.drug.example10.2.837', 'CLMNO12345', '2232.93'],
  ['demo.drug.example10.3.837', 'CLMNO12345', '2232.93'],
  ['demo.example1.837', '26463774', '100.00'],
  ['demo.example11.837', 'ABC123-RI', '28.75'],
  ['demo.example12.837', 'TS234H3', '252.71'],
  ['demo.example2.837', '26462967', '100.00'],
  ['demo.example6.837', '125WILL', '145.50'],
  ['demo.example7.837', 'R03996273 #01', '520.24'],
  ['demo.example8.837', 'SMI123', '75.00'],
  ['demo.example9.837', '153829140', '827.00'],
];

describe('read837', () => {
  it.each(GUIDE_EXAMPLES)(
    'reads the guide example %s: CLM01, CLM02 and lines that add up to it',
    (name, number, total) => {
      const file = read837(fixture(`linuxforhealth/837_005010X222A2/${name}`));
      expect(file.claims.map((c) => [c.claimNumber, c.totalCharge])).toEqual([[number, total]]);
      const [claim] = file.claims;
      expect(claim.lines.length).toBeGreaterThan(0);
      expect(moneyText(claim.lines.reduce((sum, line) => sum + cents(line.charge), 0))).toBe(total);
      expect(file.header.controlNumber).toBe(907);
      expect(file.header.production).toBe(false);
    },
  );

  it('reads the oxygen rental example loop by loop', () => {
    const file = read837(fixture('linuxforhealth/837_005010X222A2/demo.example7.837'));
    expect(file.header).toEqual({
      controlNumber: 907,
      production: false,
      createdAt: new Date(2013, 9, 31, 11, 47),
      reference: '16',
    });
    expect(file.submitter).toEqual({
      name: 'OXYGEN SUPPLY COMPANY',
      id: 'ABC11111',
      contactName: 'BONNIE',
      contactPhone: '8125551111',
    });
    expect(file.receiver).toEqual({ name: 'DMERC CARRIER', id: '99999' });
    expect(file.billingProvider).toEqual({
      organizationName: 'OXYGEN SUPPLY COMPANY',
      npi: '9992233334',
      taxId: '389999999',
      taxonomyCode: '',
      address1: '1800 EAST RIDGE DRIVE',
      address2: '',
      city: 'RICHMOND',
      state: 'IN',
      zip: '46224',
      phone: '',
    });
    const [claim] = file.claims;
    expect(claim).toMatchObject({
      claimNumber: 'R03996273 #01',
      totalCharge: '520.24',
      frequency: 1,
      placeOfService: '11',
      priority: 1,
      filingIndicator: 'MB',
      groupNumber: '',
      relationship: '18',
      memberId: '111222333A',
      patient: null,
      payer: { name: 'DMERC CARRIER', payerId: '99999' },
      diagnoses: ['496', '51881', '2859'],
      orderingProvider: { lastName: 'WILSON', firstName: 'LARRY', npi: '5555511111' },
    });
    expect(claim.subscriber).toMatchObject({
      lastName: 'SMITH',
      firstName: 'TERRY',
      birthdate: '1938-01-05',
      gender: 'F',
    });
    expect(claim.lines).toEqual([
      {
        hcpcs: 'E1390',
        modifiers: ['RR'],
        charge: '461.10',
        units: 1,
        diagnosisPointers: [1, 2],
        dateFrom: '2005-03-21',
        dateTo: '2005-03-21',
        lineControlNumber: '',
      },
      {
        hcpcs: 'E0431',
        modifiers: ['RR'],
        charge: '59.14',
        units: 1,
        diagnosisPointers: [1, 2],
        dateFrom: '2005-03-21',
        dateTo: '2005-03-21',
        lineControlNumber: '',
      },
    ]);
  });

  it('reads the wheelchair example: modifiers and the ordering physician of its line', () => {
    const [claim] = read837(fixture('linuxforhealth/837_005010X222A2/demo.example8.837')).claims;
    expect(claim.lines[0]).toMatchObject({ hcpcs: 'K0001', modifiers: ['RR', 'KH', 'BR'], charge: '75.00' });
    expect(claim.orderingProvider).toEqual({ lastName: 'WILSON', firstName: 'RANDALL', npi: '1111155555' });
    expect(claim.diagnoses).toEqual(['436', '3449']);
  });

  it('reads no other payer where the claim has no 2320: the guide\'s "2ndary" example 4 bills Medicare first', () => {
    const [claim] = read837(fixture('linuxforhealth/837_005010X222A2/demo.cob.2ndary.example4.837')).claims;
    expect(claim).toMatchObject({ claimNumber: '125WILL', priority: 1, filingIndicator: 'MB' });
    expect(claim.otherPayers).toBeUndefined();
  });

  it("reads the secondary claim of COB example 3: 2320 CAS, AMT*D, 2330A, 2330B and each line's 2430", () => {
    const [claim] = read837(fixture('linuxforhealth/837_005010X222A2/demo.cob.example3.B.837')).claims;
    expect(claim).toMatchObject({ claimNumber: '26407789', priority: 2, payer: { payerId: '567890' } });
    const answer = (paid: string, hcpcs: string, adjustments: { group: string; reason: string; amount: string }[]) => ({
      lineControlNumber: '',
      paid,
      hcpcs,
      modifiers: [],
      units: 1,
      adjustments,
      paidDate: '2005-10-15',
    });
    expect(claim.otherPayers).toEqual([
      {
        priority: 1,
        filingIndicator: '12',
        groupNumber: '',
        relationship: '01',
        subscriber: { lastName: 'SMITH', firstName: 'JANE' },
        memberId: 'JS00111223333',
        payer: { name: 'KEY INSURANCE COMPANY', payerId: '999996666' },
        paid: '39.15',
        adjustments: [
          { group: 'PR', reason: '1', amount: '21.89' },
          { group: 'PR', reason: '2', amount: '15.00' },
        ],
        paidDate: '',
        lines: [
          answer('40.00', '99213', [{ group: 'CO', reason: '42', amount: '3.00' }]),
          answer('15.00', '90782', []),
          answer('21.04', 'J3301', []),
        ],
      },
    ]);
  });

  it('reads COB example 4: a line adjusted in two CAS groups, with its modifier', () => {
    const [claim] = read837(fixture('linuxforhealth/837_005010X222A2/demo.cob.example4.837')).claims;
    expect(claim.priority).toBe(2);
    expect(claim.otherPayers).toMatchObject([
      {
        priority: 1,
        payer: { name: 'COMMERCE', payerId: '59999' },
        subscriber: { lastName: 'MEDYUM', firstName: 'CAROL' },
        memberId: 'COM188-404777',
        paid: '80.00',
        adjustments: [],
        lines: [
          {
            paid: '80.00',
            hcpcs: '99203',
            modifiers: ['25'],
            units: 1,
            adjustments: [
              { group: 'CO', reason: '42', amount: '25.00' },
              { group: 'PR', reason: '2', amount: '15.00' },
            ],
            paidDate: '2005-01-28',
          },
        ],
      },
    ]);
  });

  it('reads claims of a dependent under the 2000C patient loop, and their other payers (2320/2330)', () => {
    const claims = read837(fixture('imsweb/837_5010/x12_complex.txt')).claims;
    expect(claims.map((c) => c.claimNumber)).toEqual([
      'A37YH556',
      'A37YH667',
      'A37YH668',
      'A37YH556',
      'A37YH667',
      'A37YH668',
    ]);
    expect(claims.every((c) => c.totalCharge === '500.00')).toBe(true);
    expect(claims[0]).toMatchObject({
      relationship: '',
      patient: null,
      groupNumber: 'SUBSCRIBER GROUP',
      payer: { name: 'HEALTH INSURANCE COMPANY', payerId: '11122333' },
    });
    expect(claims[0].subscriber).toMatchObject({ lastName: 'DOE', firstName: 'JOHN', middleName: 'T' });
    expect(claims[0].otherPayers?.map((o) => [o.priority, o.groupNumber, o.payer.name])).toEqual([
      [2, 'GR00786', '2330B1'],
      [2, 'GR00788', '2330B3'],
      [2, 'GR00789', '2330B4'],
    ]);
    expect(claims[2].otherPayers).toBeUndefined();
    expect(claims[1]).toMatchObject({
      relationship: '01',
      patient: { lastName: 'JONES', firstName: 'STEVEN', birthdate: '1989-09-16', gender: 'M' },
      payer: { name: 'HEALTH INSURANCE COMPANY TWO' },
    });
    expect(claims[0].lines.map((l) => [l.charge, l.dateFrom, l.dateTo])).toEqual([
      ['12.25', '2015-03-30', '2015-03-30'],
      ['13.26', '2015-03-31', '2015-03-31'],
    ]);
  });

  it('reads several interchanges, groups and transactions in one file', () => {
    expect(read837(fixture('imsweb/837_5010/x12_multiple_isa.txt')).claims.map((c) => c.claimNumber)).toEqual([
      'A37YH556',
      'A37YH667',
      'A37YH5561',
      'A37YH6672',
    ]);
    expect(read837(fixture('imsweb/837_5010/x12_multiple_gs.txt')).claims).toHaveLength(6);
    expect(read837(fixture('imsweb/837_5010/x12_multiple_st.txt')).claims).toHaveLength(4);
  });

  it('reads the separators from the ISA: the same file with other separators reads the same', () => {
    const star = read837(fixture('imsweb/837_5010/x12_valid.txt'));
    expect(star.claims.map((c) => [c.claimNumber, c.totalCharge])).toEqual([
      ['A37YH556', '500.00'],
      ['A37YH667', '500.00'],
    ]);
    expect(star.claims[1].lines[0]).toMatchObject({ hcpcs: '478331', modifiers: ['25'], diagnosisPointers: [1, 2, 3] });
    expect(read837(fixture('imsweb/837_5010/x12_valid_different_separators.txt'))).toEqual(star);
  });

  it('reads a file of 820 claims', () => {
    const claims = read837(fixture('imsweb/837_5010/x12_many_claims.txt')).claims;
    expect(claims).toHaveLength(820);
    expect(new Set(claims.map((c) => c.claimNumber))).toEqual(new Set(['A37YH556', 'A37YH667']));
    expect(claims.every((c) => c.totalCharge === '500.00')).toBe(true);
  });

  it.each([
    ['imsweb/837_5010/x12_bad_first_line.txt', 'its ISA segment is not 106 characters long'],
    ['imsweb/837_5010/x12_no_isa_line.txt', 'it does not start with ISA'],
    ['imsweb/837_5010/x12_999_accepted.txt', 'The file holds no 837 claim transaction'],
    ['imsweb/837_5010/x223-test.txt', 'institutional or dental 837 (005010X223A2)'],
  ])('refuses %s with a clear message', (path, message) => {
    expect(() => read837(fixture(path))).toThrow(message);
  });

  it('refuses text that is no interchange at all', () => {
    expect(() => read837('')).toThrow('The file is empty');
    expect(() => read837('\u0000\u0001\u0002binary')).toThrow('it does not start with ISA');
    expect(() => read837(`ISA*${'x'.repeat(200)}`)).toThrow('not 106 characters long');
  });
});
