import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, formatIcd10, isValidNpi, normalizeIcd10, npiCheckDigit, parseModifiers } from './rules.ts';
import { z } from 'zod';
import {
  billingSettingsSchema,
  coverageFieldsSchema,
  icd10Field,
  modifiersField,
  npiField,
  optionalModifiersField,
  vendorClaimFieldsSchema,
} from './schemas.ts';

describe('NPI check digit', () => {
  it('accepts the CMS example and refuses a changed digit', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678a3')).toBe(false);
  });

  it('holds for every nine digits: one check digit fits, and any other single change breaks it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{9}$/),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (nine, at, delta) => {
          const npi = `${nine}${npiCheckDigit(nine)}`;
          expect(isValidNpi(npi)).toBe(true);
          const changed = npi.slice(0, at) + String((Number(npi[at]) + delta) % 10) + npi.slice(at + 1);
          expect(isValidNpi(changed)).toBe(false);
        },
      ),
    );
  });

  it('the schema strips spaces and names the rule', () => {
    expect(npiField.parse(' 1234 567 893 ')).toBe('1234567893');
    expect(npiField.safeParse('1234567890').error?.issues[0]?.message).toBe('NPI is not valid');
    expect(npiField.parse('')).toBe('');
  });
});

describe('ICD-10-CM codes', () => {
  it('stores codes without the dot and shows them with it', () => {
    expect(normalizeIcd10(' j44.9 ')).toBe('J449');
    expect(normalizeIcd10('E1165')).toBe('E1165');
    expect(normalizeIcd10('Z99.81')).toBe('Z9981');
    expect(normalizeIcd10('G47')).toBe('G47');
    expect(formatIcd10('J449')).toBe('J44.9');
    expect(formatIcd10('G47')).toBe('G47');
    for (const bad of ['123', 'J4', 'J44.', 'J44.12345', 'JJ4.9', 'J44..9']) expect(normalizeIcd10(bad)).toBeNull();
    expect(icd10Field.safeParse('12.3').success).toBe(false);
  });
});

describe('modifiers', () => {
  it('reads the form text and lists, up to four codes of two characters', () => {
    expect(parseModifiers('rr, kh')).toEqual(['RR', 'KH']);
    expect(parseModifiers(['NU'])).toEqual(['NU']);
    expect(parseModifiers('')).toEqual([]);
    expect(parseModifiers('RR,KH,KX,GA,GY')).toBeNull();
    expect(parseModifiers('R')).toBeNull();
    expect(modifiersField.safeParse('RRR').success).toBe(false);
  });
});

describe('settings and coverage', () => {
  it('saves unfinished settings but refuses malformed ones', () => {
    expect(billingSettingsSchema.parse({}).production).toBe(false);
    const bad = billingSettingsSchema.safeParse({ npi: '1234567890', tax_id: '12', zip: '12345', state: 'Texas' });
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['npi', 'state', 'tax_id', 'zip']);
    expect(billingSettingsSchema.parse({ zip: '12345-6789', tax_id: '12-3456789' })).toMatchObject({
      zip: '123456789',
      tax_id: '123456789',
    });
  });

  it('names each coverage and payer field a person got wrong, in words', () => {
    const messages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(
      messages(
        coverageFieldsSchema.safeParse({ vendor_id: 'x', relationship: '99', subscriber_gender: 'M', priority: 0 }),
      ),
    ).toEqual({
      vendor_id: CLAIM_MESSAGES.payerUnknown,
      relationship: CLAIM_MESSAGES.relationshipInvalid,
      subscriber_gender: CLAIM_MESSAGES.subscriberGenderInvalid,
      priority: CLAIM_MESSAGES.priorityInvalid,
    });
    expect(messages(coverageFieldsSchema.safeParse({ vendor_id: 0 }))).toEqual({
      vendor_id: CLAIM_MESSAGES.payerUnknown,
    });
    expect(messages(vendorClaimFieldsSchema.safeParse({ claim_filing_indicator: 'XX', state: 'Iowa' }))).toEqual({
      claim_filing_indicator: CLAIM_MESSAGES.filingIndicatorInvalid,
      state: CLAIM_MESSAGES.stateInvalid,
    });
    expect(billingSettingsSchema.parse({ phone: '(515) 555-0100' }).phone).toBe('5155550100');
  });

  it('reads optional modifiers: absent, null (none of its own) or a list', () => {
    const line = z.object({ modifiers: optionalModifiersField });
    expect(line.parse({})).toEqual({});
    expect(line.parse({ modifiers: null })).toEqual({ modifiers: null });
    expect(line.parse({ modifiers: 'rr,kx' })).toEqual({ modifiers: ['RR', 'KX'] });
    expect(line.safeParse({ modifiers: 5 }).error?.issues[0]?.message).toBe(CLAIM_MESSAGES.modifiersInvalid);
    expect(line.safeParse({ modifiers: 'RRR' }).error?.issues[0]?.message).toBe(CLAIM_MESSAGES.modifiersInvalid);
  });

  it('defaults the relationship to self and refuses an unknown one', () => {
    expect(coverageFieldsSchema.parse({}).relationship).toBe('18');
    expect(coverageFieldsSchema.safeParse({ relationship: '99' }).success).toBe(false);
    expect(coverageFieldsSchema.safeParse({ priority: 4 }).success).toBe(false);
  });
});
