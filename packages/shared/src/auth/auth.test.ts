import { describe, expect, it } from 'vitest';
import { loginSchema, passwordProblem, resetPasswordSchema } from './schemas.ts';
import { createUserSchema, updateUserSchema, userMatches } from '../users/schemas.ts';
import type { User } from '../users/responses.ts';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('login and reset schemas', () => {
  it('requires username and password', () => {
    expect(messages(loginSchema.safeParse({ username: '', password: '' }))).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });
  it('password rules: 8..128 characters, not common', () => {
    expect(passwordProblem('short')).toMatch(/at least 8/);
    expect(passwordProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem('Password123')).toBe('This password is too common');
    expect(passwordProblem('Teal-Walrus-88')).toBeNull();
  });
  it('reset needs matching passwords', () => {
    const r = resetPasswordSchema.safeParse({
      email: 'a@b.co',
      password: 'Teal-Walrus-88',
      confirm_password: 'x',
      reset_token: 't',
    });
    expect(messages(r)).toEqual({ confirm_password: 'Passwords must match' });
  });
});

describe('user schemas', () => {
  const profile = { first_name: 'A', last_name: 'B', birthdate: null, state: null };
  it('create: the spec messages', () => {
    const r = createUserSchema.safeParse({
      username: '',
      email: '',
      password: '',
      profile: { first_name: '', last_name: '' },
    });
    expect(messages(r)).toMatchObject({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
      'profile.first_name': 'First name is required',
      'profile.last_name': 'Last name is required',
      role_id: 'Role is required',
    });
  });
  it('email must be valid', () => {
    const r = createUserSchema.safeParse({
      username: 'x',
      email: 'nope',
      password: 'Teal-Walrus-88',
      role_id: 1,
      profile,
    });
    expect(messages(r)).toEqual({ email: 'Must be a valid mail' });
  });
  it('edit: password optional, "Last Name is required"', () => {
    const ok = updateUserSchema.safeParse({ username: 'x', email: 'x@y.co', password: '', role_id: 2, profile });
    expect(ok.success).toBe(true);
    const bad = updateUserSchema.safeParse({
      username: 'x',
      email: 'x@y.co',
      role_id: 2,
      profile: { ...profile, last_name: '' },
    });
    expect(messages(bad)).toEqual({ 'profile.last_name': 'Last Name is required' });
  });
  it('birthdate must be a real date', () => {
    const r = updateUserSchema.safeParse({
      username: 'x',
      email: 'x@y.co',
      role_id: 2,
      profile: { ...profile, birthdate: '2024-13-01' },
    });
    expect(messages(r)).toEqual({ 'profile.birthdate': 'Invalid date' });
  });
  it('client search covers name, middle name, email, username and role', () => {
    const u: User = {
      id: 1,
      username: 'mgarcia',
      email: 'maria@x.org',
      is_active: true,
      role: { id: 2, name: 'office_staff', label: 'Office Staff' },
      profile: {
        first_name: 'Maria',
        middle_name: 'Elena',
        last_name: 'Garcia',
        address_1: '',
        address_2: '',
        city: '',
        zip: '',
        phone: '',
        mobile: '',
        fax: '',
        birthdate: null,
        state: null,
      },
    };
    for (const q of ['maria garcia', 'elena', 'MARIA@X', 'mgar', 'office']) expect(userMatches(u, q)).toBe(true);
    expect(userMatches(u, 'billing')).toBe(false);
  });
});
