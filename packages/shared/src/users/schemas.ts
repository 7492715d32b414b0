import { z } from 'zod';
import { idField, optionalDateField, optionalText, requiredText } from '../common/fields.ts';
import { passwordProblem } from '../auth/schemas.ts';
import { MSG } from '../common/messages.ts';
import type { User } from './responses.ts';

/** A new password: required (with the given message), then the strength rules. */
export function newPasswordSchema(requiredMessage = 'Password is required') {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .superRefine((value, ctx) => {
      if (!value) return;
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

export const USER_MESSAGES = {
  created: 'The user has been created!',
  exists: 'The username or email exists!',
  updated: 'The user has been updated!',
  deactivated: 'The user was updated as inactive successfully!',
  selfDelete: 'You cannot delete your own account',
  selfStatus: 'You cannot change your own status',
  selfRole: 'You cannot change your own role',
  usernameRequired: 'Username is required',
  usernameCharacters: 'Letters, digits and @/./+/-/_ only',
  usernameTaken: 'A user with that username already exists.',
  emailRequired: 'Email is required',
  emailTaken: 'A user with that email already exists.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  /** The edit form's spelling (spec part 1). */
  lastNameRequiredEdit: 'Last Name is required',
  roleRequired: 'Role is required',
  stateInvalid: 'Select a valid state',
} as const;

export const DEFAULT_ROLE_ID = 1;

export const birthdateSchema = optionalDateField;

export const profileSchema = (lastNameMessage: string) =>
  z.object({
    first_name: requiredText(USER_MESSAGES.firstNameRequired, 150),
    middle_name: optionalText(150),
    last_name: requiredText(lastNameMessage, 150),
    address_1: optionalText(200),
    address_2: optionalText(200),
    city: optionalText(100),
    zip: optionalText(10),
    phone: optionalText(20),
    mobile: optionalText(20),
    fax: optionalText(20),
    birthdate: birthdateSchema,
    state: idField(USER_MESSAGES.stateInvalid)
      .nullish()
      .transform((v) => v ?? null),
  });

const userBase = {
  username: requiredText(USER_MESSAGES.usernameRequired, 150).pipe(
    z.string().regex(/^[\w.@+-]+$/, USER_MESSAGES.usernameCharacters),
  ),
  email: requiredText(USER_MESSAGES.emailRequired, 254).pipe(z.email(MSG.validMail)),
  role_id: idField(USER_MESSAGES.roleRequired),
  is_active: z.boolean().optional().default(true),
};

export const createUserSchema = z.object({
  ...userBase,
  password: newPasswordSchema('Password is required'),
  profile: profileSchema(USER_MESSAGES.lastNameRequired),
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
  profile: profileSchema(USER_MESSAGES.lastNameRequiredEdit),
});
export type UpdateUserBody = z.infer<typeof updateUserSchema>;

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
