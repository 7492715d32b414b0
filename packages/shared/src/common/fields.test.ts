import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FIELD_MESSAGES, ID_MAX, idField, isId, optionalText, parseId, pathId, requiredText } from './fields.ts';
import { listQuerySchema } from './list.ts';
import { loginSchema } from '../auth/schemas.ts';
import { createUserSchema, updateUserSchema } from '../users/schemas.ts';
import { createPatientSchema, patientInsuranceBodySchema, patientPickerQuerySchema } from '../patients/schemas.ts';
import { productCreateSchema } from '../products/schemas.ts';
import { orderCreateSchema, callNoteSchema } from '../orders/schemas.ts';

const NUL = '\u0000';

interface Parsed {
  success: boolean;
  error?: { issues: readonly { path: PropertyKey[]; message: string }[] };
}
/** Full zod and zod/mini schemas (the sign-in ones) alike. */
type Parser = { safeParse(input: unknown): Parsed };

function fieldErrors(result: Parsed): Record<string, string[]> {
  if (result.success || !result.error) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.map(String).join('.')] ??= []).push(issue.message);
  return out;
}

const user = {
  username: 'nul-test',
  email: 'nul@test.local',
  role_id: 2,
  password: 'Sturdy-Pass-2026',
  profile: { first_name: 'Nora', last_name: 'Null', state: null },
};

describe('text fields', () => {
  it('refuse a NUL character with one clear message in every area', () => {
    const cases: [Parser, unknown, string][] = [
      [loginSchema, { username: `adm${NUL}in`, password: 'x' }, 'username'],
      [createUserSchema, { ...user, profile: { ...user.profile, city: `Des${NUL}Moines` } }, 'profile.city'],
      [createPatientSchema, { first_name: `A${NUL}`, last_name: 'B' }, 'first_name'],
      [createPatientSchema, { first_name: 'A', last_name: 'B', physician_npi: `123456789${NUL}` }, 'physician_npi'],
      [patientInsuranceBodySchema, { name: 'Aetna', policy_number: `AB${NUL}12` }, 'policy_number'],
      [
        productCreateSchema,
        {
          name: `Mask${NUL}`,
          internal_code: 'M-1',
          type_id: 1,
          variants: [{ price_variant: 'General', sale_price: 1, cost_price: 1, unit_measure: 'Each' }],
        },
        'name',
      ],
      [orderCreateSchema, { patient_id: 1, delivery_id: 1, name: 'Order', po_number: `PO${NUL}` }, 'po_number'],
      [callNoteSchema, { body: `called${NUL}` }, 'body'],
    ];
    for (const [schema, body, field] of cases) {
      expect(fieldErrors(schema.safeParse(body))[field], field).toContain(FIELD_MESSAGES.nulCharacter);
    }
  });

  it('use one "too long" message (with its full stop) in every area', () => {
    const long = 'x'.repeat(101);
    expect(fieldErrors(createPatientSchema.safeParse({ first_name: long, last_name: 'B' })).first_name).toEqual([
      'Ensure this field has no more than 100 characters.',
    ]);
    expect(fieldErrors(callNoteSchema.safeParse({ body: 'x'.repeat(5001) })).body).toEqual([
      FIELD_MESSAGES.tooLong(5000),
    ]);
  });

  it('trim, default and require as before', () => {
    expect(optionalText(10).parse(null)).toBe('');
    expect(optionalText(10).parse(undefined)).toBe('');
    expect(optionalText(10).parse('  a ')).toBe('a');
    expect(requiredText('Name is required', 10).safeParse('   ').error?.issues[0].message).toBe('Name is required');
  });
});

describe('searches', () => {
  it('drop NUL and other control characters instead of refusing', () => {
    expect(listQuerySchema.parse({ search: `smi${NUL}th` }).search).toBe('smi th');
    expect(patientPickerQuerySchema.parse({ search: `${NUL}ann\t` }).search).toBe('ann');
  });
});

describe('ids', () => {
  it('refuse integers past PostgreSQL integer range with the field message', () => {
    expect(fieldErrors(createUserSchema.safeParse({ ...user, role_id: 99999999999 })).role_id).toEqual([
      'Role is required',
    ]);
    expect(
      fieldErrors(updateUserSchema.safeParse({ ...user, profile: { ...user.profile, state: 99999999999 } }))[
        'profile.state'
      ],
    ).toEqual(['Select a valid state']);
    expect(
      fieldErrors(createPatientSchema.safeParse({ first_name: 'A', last_name: 'B', state_id: 99999999999 })).state_id,
    ).toEqual(['Select a valid state']);
    expect(fieldErrors(orderCreateSchema.safeParse({ patient_id: ID_MAX + 1, delivery_id: 1, name: 'x' }))).toEqual({
      patient_id: ['Patient is required'],
    });
  });

  it('read decimal text but nothing looser', () => {
    const id = idField('bad');
    expect(id.parse(7)).toBe(7);
    expect(id.parse('7')).toBe(7);
    expect(id.parse(String(ID_MAX))).toBe(ID_MAX);
    for (const bad of ['0x1f', '1e3', '1.0', '-1', '0', '', true, [5], 1.5, 0, ID_MAX + 1, null]) {
      expect(id.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('path ids are plain digits within range, and agree with isId', () => {
    for (const bad of ['0x1f', '1e3', ' 1', '1 ', '1.0', '-1', '+1', '0', '01', '2147483648', '99999999999', '']) {
      expect(parseId(bad), bad).toBeNull();
      expect(pathId.safeParse(bad).success, bad).toBe(false);
    }
    fc.assert(
      fc.property(fc.integer({ min: 1, max: ID_MAX }), (n) => {
        expect(parseId(String(n))).toBe(n);
        expect(pathId.parse(String(n))).toBe(n);
        expect(isId(n)).toBe(true);
      }),
      { seed: 9, numRuns: 200 },
    );
  });
});
