import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  createPatientSchema,
  patchPatientSchema,
  patientDiagnosisBodySchema,
  patientInsuranceBodySchema,
  patientListQuerySchema,
  patientModifierBodySchema,
  patientTextBodySchema,
} from './schemas.ts';

/** Field -> messages, the way the server answers 422. */
function errors(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const minimal = { first_name: 'Rose', last_name: 'Miller', state_id: 16 };

describe('createPatientSchema', () => {
  it('requires first and last name with the spec messages', () => {
    expect(errors(createPatientSchema.safeParse({ state_id: 16 }))).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
    });
    expect(errors(createPatientSchema.safeParse({ first_name: '  ', last_name: null, state_id: 16 }))).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
    });
  });

  it('refuses a body that is not an object without judging contacts', () => {
    for (const body of [null, [], 'Rose', 7]) expect(createPatientSchema.safeParse(body).success).toBe(false);
  });

  it('judges the contact rows even while another field is wrong', () => {
    const rows = [{ contact_name: '', contact_number: '', contact_relation: 'Son' }];
    const switches = { call_before_delivery: true, contact_different_patient: true, contact_person: rows };
    expect(errors(createPatientSchema.safeParse({ ...minimal, ...switches, state_id: null }))).toEqual({
      state_id: ['State is required'],
      'contact_person.0.contact_name': ['Is required'],
    });
  });

  it('requires a state, as the "State *" label says, and a real one', () => {
    for (const state_id of [undefined, null, '']) {
      expect(errors(createPatientSchema.safeParse({ ...minimal, state_id }))).toEqual({
        state_id: ['State is required'],
      });
    }
    expect(errors(createPatientSchema.safeParse({ ...minimal, state_id: 0 }))).toEqual({
      state_id: ['Select a valid state'],
    });
    expect(errors(patchPatientSchema.safeParse({ state_id: null }))).toEqual({ state_id: ['State is required'] });
    expect(patchPatientSchema.parse({ state_id: '17' })).toEqual({ state_id: 17 });
  });

  it('fills defaults: Active, empty texts, no birthdate, switches off', () => {
    const p = createPatientSchema.parse(minimal);
    expect(p).toMatchObject({
      status: 'Active',
      middle_name: '',
      email: '',
      state_id: 16,
      birthdate: null,
      rentals: false,
      gender: '',
      contact_person: [],
    });
  });

  it('wants an NPI of exactly 10 characters when one is given', () => {
    expect(errors(createPatientSchema.safeParse({ ...minimal, physician_npi: '123456789' }))).toEqual({
      physician_npi: ['NPI must have 10 characters'],
    });
    expect(errors(createPatientSchema.safeParse({ ...minimal, physician_npi: '12345678901' }))).toEqual({
      physician_npi: ['NPI must have 10 characters'],
    });
    expect(createPatientSchema.parse({ ...minimal, physician_npi: '1234567893' }).physician_npi).toBe('1234567893');
    expect(createPatientSchema.parse({ ...minimal, physician_npi: '' }).physician_npi).toBe('');
    expect(createPatientSchema.parse({ ...minimal, physician_npi: null }).physician_npi).toBe('');
  });

  it('wants the NPI check digit to fit once it has 10 characters', () => {
    for (const wrong of ['1234567890', '1245319598', 'ABCDEFGHIJ'])
      expect(errors(createPatientSchema.safeParse({ ...minimal, physician_npi: wrong }))).toEqual({
        physician_npi: ['NPI is not valid'],
      });
    expect(errors(patchPatientSchema.safeParse({ physician_npi: '1245319598' }))).toEqual({
      physician_npi: ['NPI is not valid'],
    });
    expect(patchPatientSchema.parse({ physician_npi: ' 1245319599 ' }).physician_npi).toBe('1245319599');
  });

  it('checks the email only when one is given', () => {
    expect(errors(createPatientSchema.safeParse({ ...minimal, email: 'rose@' }))).toEqual({
      email: ['Must be a valid mail'],
    });
    expect(createPatientSchema.parse({ ...minimal, email: ' rose@example.com ' }).email).toBe('rose@example.com');
    expect(createPatientSchema.parse({ ...minimal, email: '' }).email).toBe('');
  });

  it('takes a real YYYY-MM-DD birthdate or null, otherwise "Invalid date"', () => {
    expect(createPatientSchema.parse({ ...minimal, birthdate: '1950-02-28' }).birthdate).toBe('1950-02-28');
    expect(createPatientSchema.parse({ ...minimal, birthdate: '' }).birthdate).toBeNull();
    for (const bad of ['1950-02-30', '02/28/1950', 'soon']) {
      expect(errors(createPatientSchema.safeParse({ ...minimal, birthdate: bad }))).toEqual({
        birthdate: ['Invalid date'],
      });
    }
  });

  it('accepts Female, Male or nothing as gender, and the three statuses', () => {
    expect(createPatientSchema.parse({ ...minimal, gender: 'Female' }).gender).toBe('Female');
    expect(errors(createPatientSchema.safeParse({ ...minimal, gender: 'F' }))).toEqual({
      gender: ['Gender must be Female or Male'],
    });
    expect(createPatientSchema.parse({ ...minimal, status: 'Deceased' }).status).toBe('Deceased');
    expect(Object.keys(errors(createPatientSchema.safeParse({ ...minimal, status: 'Gone' })))).toEqual(['status']);
  });

  const contacts = [
    { contact_name: 'Tom Miller', contact_number: '515-555-0101', contact_relation: 'Son' },
    { contact_name: '', contact_number: '515-555-0102', contact_relation: 'Daughter' },
  ];

  it('wants a name on each contact row when both contact switches are on', () => {
    const result = createPatientSchema.safeParse({
      ...minimal,
      call_before_delivery: true,
      contact_different_patient: true,
      contact_person: contacts,
    });
    expect(errors(result)).toEqual({ 'contact_person.1.contact_name': ['Is required'] });
    const ok = createPatientSchema.parse({
      ...minimal,
      call_before_delivery: true,
      contact_different_patient: true,
      contact_person: contacts.slice(0, 1),
    });
    expect(ok.contact_person).toEqual(contacts.slice(0, 1));
  });

  it('drops the contact rows (unchecked) unless both switches are on', () => {
    expect(
      createPatientSchema.parse({ ...minimal, call_before_delivery: true, contact_person: contacts }).contact_person,
    ).toEqual([]);
    expect(
      createPatientSchema.parse({ ...minimal, contact_different_patient: true, contact_person: contacts })
        .contact_person,
    ).toEqual([]);
  });
});

describe('patchPatientSchema', () => {
  it('takes any subset of fields and adds nothing', () => {
    expect(patchPatientSchema.parse({ notes: 'Prefers morning calls' })).toEqual({ notes: 'Prefers morning calls' });
    expect(patchPatientSchema.parse({})).toEqual({});
  });

  it('still checks the fields it is given', () => {
    expect(errors(patchPatientSchema.safeParse({ first_name: '', physician_npi: '12' }))).toEqual({
      first_name: ['First name is required'],
      physician_npi: ['NPI must have 10 characters'],
    });
  });
});

describe('dialogs', () => {
  it('insurance: name and policy number required, policy number cleaned', () => {
    expect(errors(patientInsuranceBodySchema.safeParse({}))).toEqual({
      name: ['Name is required'],
      policy_number: ['Policy number is required'],
    });
    expect(errors(patientInsuranceBodySchema.safeParse({ name: 'Medicare', policy_number: ' - . ' }))).toEqual({
      policy_number: ['Policy number is required'],
    });
    expect(patientInsuranceBodySchema.parse({ name: ' Medicare ', policy_number: '1EG4-TE5.MK 73' })).toEqual({
      name: 'Medicare',
      policy_number: '1EG4TE5MK73',
    });
  });

  it('insurance: the name may be left empty when a payer is chosen; coverage not sent stays out', () => {
    expect(patientInsuranceBodySchema.parse({ vendor_id: '7', policy_number: 'A1', priority: 1 })).toMatchObject({
      name: '',
      vendor_id: 7,
      priority: 1,
    });
    expect(errors(patientInsuranceBodySchema.safeParse({ vendor_id: null, policy_number: 'A1' }))).toEqual({
      name: ['Name is required'],
    });
    expect(patientInsuranceBodySchema.parse({ name: 'M', policy_number: 'A1', relationship: null })).toEqual({
      name: 'M',
      policy_number: 'A1',
      relationship: '18',
    });
    expect(errors(patientInsuranceBodySchema.safeParse({ policy_number: 'A1', priority: 0 }))).toEqual({
      name: ['Name is required'],
      priority: ['Priority is 1 (primary), 2 (secondary) or 3 (tertiary)'],
    });
  });

  it('diagnosis: an optional ICD-10 code, stored without its dot', () => {
    expect(patientDiagnosisBodySchema.parse({ text: 'COPD', code: 'j44.9' })).toEqual({ text: 'COPD', code: 'J449' });
    expect(patientDiagnosisBodySchema.parse({ text: 'COPD', code: null })).toEqual({ text: 'COPD', code: '' });
    expect(patientDiagnosisBodySchema.parse({ text: 'COPD' })).toEqual({ text: 'COPD' });
    expect(Object.keys(errors(patientDiagnosisBodySchema.safeParse({ text: 'COPD', code: 'J4' })))).toEqual(['code']);
  });

  it('diagnosis, HCPCS and modifier texts are required', () => {
    expect(errors(patientTextBodySchema.safeParse({ text: '  ' }))).toEqual({ text: ['Text is required'] });
    expect(errors(patientModifierBodySchema.safeParse({ text: 'NU' }))).toEqual({ hcps_id: ['Select an HCPCS entry'] });
    expect(patientModifierBodySchema.parse({ text: 'NU', hcps_id: '4' })).toEqual({ text: 'NU', hcps_id: 4 });
  });
});

describe('patientListQuerySchema', () => {
  it('defaults to Active, page 1, 25 rows; empty or "all" status means any', () => {
    expect(patientListQuerySchema.parse({})).toMatchObject({ status: 'Active', page: 1, page_size: 25, search: '' });
    expect(patientListQuerySchema.parse({ status: '' }).status).toBeNull();
    expect(patientListQuerySchema.parse({ status: 'all', state: '' })).toMatchObject({
      status: null,
      state: undefined,
    });
    expect(patientListQuerySchema.parse({ state: '16' }).state).toBe(16);
    expect(patientListQuerySchema.safeParse({ status: 'Gone' }).success).toBe(false);
    expect(patientListQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
  });
});
