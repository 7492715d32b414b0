import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARC_WORDS,
  CLAIM_STATUS_WORDS,
  GROUP_WORDS,
  PROVIDER_ADJUSTMENT_WORDS,
  RARC_WORDS,
  describeAdjustment,
  describeCarc,
  describeClaimStatus,
  describeProviderAdjustment,
  describeRarc,
  isDenialAdjustment,
  isPatientResponsibility,
} from './adjustment-codes.ts';

// prettier-ignore
const COMMON_CARCS = [
  '1', '2', '3', '4', '5', '6', '11', '15', '16', '18', '22', '23', '24', '26', '27', '29', '31', '35', '39', '45',
  '50', '55', '56', '58', '59', '89', '90', '94', '96', '97', '100', '104', '107', '109', '110', '119', '125', '129',
  '131', '140', '142', '146', '150', '151', '152', '153', '167', '170', '171', '172', '173', '174', '181', '182',
  '183', '185', '189', '197', '198', '199', '200', '204', '206', '208', '222', '226', '227', '234', '236', '237',
  '242', '252', '253', '256', '273', 'A1', 'B7', 'B13', 'B15', 'B16', 'B20',
];

// prettier-ignore
const COMMON_RARCS = [
  'M2', 'M3', 'M15', 'M20', 'M51', 'M60', 'M76', 'M77', 'M79', 'M80', 'M86', 'M114', 'M119', 'M124', 'MA04', 'MA13',
  'MA18', 'MA30', 'MA36', 'MA61', 'MA120', 'MA130', 'N4', 'N19', 'N20', 'N31', 'N56', 'N95', 'N102', 'N115', 'N130',
  'N211', 'N264', 'N265', 'N286', 'N290', 'N362', 'N386', 'N425', 'N432', 'N519', 'N522', 'N657', 'N781', 'N782',
];

// prettier-ignore
const PLB_REASONS = [
  '50', '72', '90', 'AH', 'AM', 'AP', 'B2', 'B3', 'BD', 'BN', 'C5', 'CR', 'CS', 'CT', 'CV', 'CW', 'DM', 'E3', 'FB',
  'FC', 'GO', 'HM', 'IP', 'IR', 'IS', 'J1', 'L3', 'L6', 'LE', 'LS', 'OA', 'OB', 'PI', 'PL', 'RA', 'RE', 'SL', 'TL',
  'WO', 'WU',
];

const TABLES = { CARC_WORDS, RARC_WORDS, GROUP_WORDS, CLAIM_STATUS_WORDS, PROVIDER_ADJUSTMENT_WORDS };

describe('code tables', () => {
  it('hold the common DME codes', () => {
    expect(Object.keys(CARC_WORDS).length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(RARC_WORDS).length).toBeGreaterThanOrEqual(40);
    expect(COMMON_CARCS.filter((code) => !(code in CARC_WORDS))).toEqual([]);
    expect(COMMON_RARCS.filter((code) => !(code in RARC_WORDS))).toEqual([]);
    expect(PLB_REASONS.filter((code) => !(code in PROVIDER_ADJUSTMENT_WORDS))).toEqual([]);
    expect(Object.keys(GROUP_WORDS).sort()).toEqual(['CO', 'CR', 'OA', 'PI', 'PR']);
    expect(Object.keys(CLAIM_STATUS_WORDS).sort()).toEqual(['1', '19', '2', '20', '21', '22', '23', '25', '3', '4']);
  });

  it('have short, non-empty words under upper-case keys', () => {
    for (const [name, table] of Object.entries(TABLES)) {
      for (const [code, words] of Object.entries(table)) {
        const where = `${name}[${code}]`;
        expect(code, where).toBe(code.trim().toUpperCase());
        expect(words.trim(), where).toBe(words);
        expect(words.length, where).toBeGreaterThan(0);
        expect(words.length, where).toBeLessThanOrEqual(120);
      }
    }
  });
});

describe('describing codes', () => {
  it('gives the words of known codes', () => {
    expect(describeCarc('45')).toMatch(/fee schedule/);
    expect(describeCarc('1')).toMatch(/^Deductible/);
    expect(describeRarc('M60')).toMatch(/Certificate of Medical Necessity/);
    expect(describeClaimStatus('4')).toBe('Denied');
    expect(describeClaimStatus('22')).toBe('Reversal of previous payment');
    expect(describeProviderAdjustment('WO')).toBe('Overpayment recovery');
    expect(describeProviderAdjustment('L6')).toBe('Interest owed');
  });

  it('says "no description" for unknown codes, including names on the object prototype', () => {
    for (const code of ['999', 'ZZ9', '', 'constructor', 'toString', '__proto__']) {
      expect(describeCarc(code)).toBe('no description');
      expect(describeRarc(code)).toBe('no description');
      expect(describeClaimStatus(code)).toBe('no description');
      expect(describeProviderAdjustment(code)).toBe('no description');
    }
  });

  it('matches codes ignoring case and surrounding spaces', () => {
    expect(describeCarc(' a1 ')).toBe(CARC_WORDS.A1);
    expect(describeCarc('b13')).toBe(CARC_WORDS.B13);
    expect(describeRarc('ma130')).toBe(RARC_WORDS.MA130);
    expect(describeRarc(' n781\t')).toBe(RARC_WORDS.N781);
    expect(describeProviderAdjustment('wo')).toBe('Overpayment recovery');
    expect(describeClaimStatus(' 19 ')).toBe('Processed as primary, forwarded to another payer');
    expect(describeAdjustment(' co', '45 ')).toBe(`Contractual obligation: ${CARC_WORDS['45']}`);
  });

  it('describes an adjustment as its group and its reason', () => {
    expect(describeAdjustment('CO', '45')).toBe(`Contractual obligation: ${CARC_WORDS['45']}`);
    expect(describeAdjustment('PR', '2')).toBe(`Patient responsibility: ${CARC_WORDS['2']}`);
    expect(describeAdjustment('OA', '23')).toBe(`Other adjustment: ${CARC_WORDS['23']}`);
    expect(describeAdjustment('zz', '1')).toBe(`ZZ (no description): ${CARC_WORDS['1']}`);
    expect(describeAdjustment('CO', '999')).toBe('Contractual obligation: 999 (no description)');
    expect(describeAdjustment('XX', 'q9')).toBe('XX (no description): Q9 (no description)');
  });
});

describe('the denial rule', () => {
  it('patient responsibility is the PR group', () => {
    expect(isPatientResponsibility('PR')).toBe(true);
    expect(isPatientResponsibility(' pr ')).toBe(true);
    for (const group of ['CO', 'OA', 'PI', 'CR', '']) expect(isPatientResponsibility(group)).toBe(false);
  });

  it('CO-45 and patient responsibility are not denials; anything else is', () => {
    expect(isDenialAdjustment('CO', '45')).toBe(false);
    expect(isDenialAdjustment('co', ' 45')).toBe(false);
    expect(isDenialAdjustment('PR', '1')).toBe(false);
    expect(isDenialAdjustment('PR', '2')).toBe(false);
    expect(isDenialAdjustment('PR', '204')).toBe(false);
    expect(isDenialAdjustment('CO', '50')).toBe(true);
    expect(isDenialAdjustment('CO', '16')).toBe(true);
    expect(isDenialAdjustment('CO', '97')).toBe(true);
    expect(isDenialAdjustment('OA', '45')).toBe(true);
    expect(isDenialAdjustment('PI', '45')).toBe(true);
    expect(isDenialAdjustment('OA', '23')).toBe(true);
    expect(isDenialAdjustment('CO', 'A1')).toBe(true);
  });

  it('for any group and reason, only CO-45 and PR are not denials', () => {
    const group = fc.oneof(
      fc.constantFrom(...Object.keys(GROUP_WORDS), 'co', 'pr', ' PR '),
      fc.string({ maxLength: 3 }),
    );
    const reason = fc.oneof(fc.constantFrom(...Object.keys(CARC_WORDS), ' 45 '), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(group, reason, (g, r) => {
        const notDenial = g.trim().toUpperCase() === 'PR' || (g.trim().toUpperCase() === 'CO' && r.trim() === '45');
        expect(isDenialAdjustment(g, r)).toBe(!notDenial);
      }),
    );
  });
});
