import { z } from 'zod';
import { isWireDate } from '../common/dates.ts';
import { newPasswordSchema } from '../auth/schemas.ts';

export const ADMIN_ROLE_ID = 1;
export const DEFAULT_ROLE_ID = 1;

const optionalText = (max = 150) =>
  z.string().trim().max(max).nullish().transform((v) => v ?? '');

const requiredText = (message: string, max = 150) =>
  z.string({ error: message }).trim().min(1, message).max(max);

export const birthdateSchema = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isWireDate(v), 'Invalid date');

export const profileSchema = (lastNameMessage: string) =>
  z.object({
    first_name: requiredText('First name is required'),
    middle_name: optionalText(),
    last_name: requiredText(lastNameMessage),
    address_1: optionalText(200),
    address_2: optionalText(200),
    city: optionalText(100),
    zip: optionalText(10),
    phone: optionalText(20),
    mobile: optionalText(20),
    fax: optionalText(20),
    birthdate: birthdateSchema,
    state: z.coerce.number().int().positive().nullish().transform((v) => v ?? null),
  });

const userBase = {
  username: requiredText('Username is required').pipe(
    z.string().regex(/^[\w.@+-]+$/, 'Letters, digits and @/./+/-/_ only'),
  ),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .pipe(z.email('Must be a valid mail')),
  role_id: z.coerce.number({ error: 'Role is required' }).int().positive('Role is required'),
  is_active: z.boolean().optional().default(true),
};

export const createUserSchema = z.object({
  ...userBase,
  password: newPasswordSchema('Password is required'),
  profile: profileSchema('Last name is required'),
});
export type CreateUserBody = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.object({
  ...userBase,
  password: z
    .string()
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined))
    .pipe(newPasswordSchema().optional()),
  profile: profileSchema('Last Name is required'),
});
export type UpdateUserBody = z.infer<typeof updateUserSchema>;

export const USER_MESSAGES = {
  created: 'The user has been created!',
  exists: 'The username or email exists!',
  updated: 'The user has been updated!',
  deactivated: 'The user was updated as inactive successfully!',
  selfDelete: 'You cannot delete your own account',
  selfStatus: 'You cannot change your own status',
} as const;

export interface Role {
  id: number;
  name: string;
  label: string;
}

export interface UsaState {
  id: number;
  name: string;
  abbreviation: string;
}

export interface UserProfile {
  first_name: string;
  middle_name: string;
  last_name: string;
  address_1: string;
  address_2: string;
  city: string;
  zip: string;
  phone: string;
  mobile: string;
  fax: string;
  birthdate: string | null;
  state: UsaState | null;
}

export interface User {
  id: number;
  username: string;
  email: string;
  is_active: boolean;
  role: Role | null;
  profile: UserProfile;
}

/** Client-side users search (spec: full name, middle name, email, username and role name). */
export function userMatches(user: User, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const p = user.profile;
  const haystack = [
    `${p.first_name} ${p.last_name}`,
    `${p.first_name} ${p.middle_name} ${p.last_name}`,
    p.middle_name,
    user.email,
    user.username,
    user.role?.label ?? '',
    user.role?.name ?? '',
  ];
  return haystack.some((h) => h.toLowerCase().includes(q));
}
