import * as z from 'zod/mini';
import { FIELD_MESSAGES, NO_NUL } from '../common/limits.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A short list of passwords too common to accept (checked case-insensitively). */
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  '12345678',
  '123456789',
  '1234567890',
  '11111111',
  '00000000',
  'qwerty123',
  'qwertyuiop',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'letmein1',
  'abc12345',
  'admin123',
  'administrator',
  'changeme',
  'trustno1',
  'superman',
  'starwars',
  'monkey123',
  'dragon123',
  'master123',
  'qwerty12',
  '1q2w3e4r',
  'zaq12wsx',
  'password!',
  'p@ssw0rd',
]);

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must have at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Password must have at most ${PASSWORD_MAX} characters`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'This password is too common';
  return null;
}

/**
 * The sign-in, forgot and reset schemas are written with zod/mini: the sign-in page loads them, and
 * the full zod would double what that page downloads (docs/decisions.md, "Login page weight").
 * The server validates with the same schemas (fastify-type-provider-zod runs on zod's core).
 */
const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, FIELD_MESSAGES.tooLong(max)),
      z.regex(NO_NUL, FIELD_MESSAGES.nulCharacter),
    );

const emailField = z.pipe(required('Email is required', 254), z.email('Must be a valid mail'));

/** A new password: required (with the given message), then the strength rules (passwordProblem). */
export function newPasswordRule(requiredMessage = 'Password is required') {
  return z.string({ error: requiredMessage }).check(
    z.minLength(1, requiredMessage),
    z.superRefine((value, ctx) => {
      if (!value) return;
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    }),
  );
}

export const loginSchema = z.object({
  username: required('Username is required', 150),
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX)),
});
export type LoginBody = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    email: emailField,
    password: newPasswordRule(),
    confirm_password: z
      .string({ error: 'Confirm password is required' })
      .check(z.minLength(1, 'Confirm password is required')),
    reset_token: z._default(z.optional(z.string().check(z.maxLength(200))), ''),
  })
  .check(
    z.refine((b) => b.password === b.confirm_password, {
      path: ['confirm_password'],
      message: 'Passwords must match',
    }),
  );
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

export const refreshTokenSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(4000)) });

export const LOGIN_MESSAGES = {
  accountProblem: 'Please contact your system administrator',
  incorrect: 'Incorrect credentials',
  forgotSent: 'An email has been sent to reset your password.',
  forgotUnknown: "The email doesn't exist!",
  resetDone: 'The password has been changed, please login.',
  resetInvalid: 'The url is not valid or has expired!',
} as const;

/** Session kept by the browser (spec part 1, section 3). */
export interface Session {
  id: number;
  fullName: string;
  username: string;
  avatar: string;
  token: string;
  role_id: number;
}

/** POST /login/ answers the user and a token (spec part 1, section 7). */
export const loginResponseSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  token: z.string(),
  role_id: z.number(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
