import { z } from 'zod';
import { requiredText } from '../common/fields.ts';

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

export const loginSchema = z.object({
  username: requiredText('Username is required', 150),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Must be a valid mail')),
});

export const resetPasswordSchema = z
  .object({
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .pipe(z.email('Must be a valid mail')),
    password: newPasswordSchema(),
    confirm_password: z.string({ error: 'Confirm password is required' }).min(1, 'Confirm password is required'),
    reset_token: z.string().max(200).optional().default(''),
  })
  .refine((b) => b.password === b.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords must match',
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

export const refreshTokenSchema = z.object({ token: z.string().min(1).max(4000) });

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
