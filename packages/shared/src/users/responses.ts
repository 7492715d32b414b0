import { z } from 'zod';

// What the users and lookup routes answer: the server's response schemas and, through z.infer,
// the web's types.

export const roleSchema = z.object({ id: z.number(), name: z.string(), label: z.string() });
export type Role = z.infer<typeof roleSchema>;

export const usaStateSchema = z.object({ id: z.number(), name: z.string(), abbreviation: z.string() });
export type UsaState = z.infer<typeof usaStateSchema>;

export const userProfileSchema = z.object({
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  zip: z.string(),
  phone: z.string(),
  mobile: z.string(),
  fax: z.string(),
  birthdate: z.string().nullable(),
  state: usaStateSchema.nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  role: roleSchema.nullable(),
  profile: userProfileSchema,
});
export type User = z.infer<typeof userSchema>;

/** PATCH /users/{id}/ answers the user inside the spec's envelope. */
export const userUpdatedSchema = z.object({ success: z.boolean(), data: userSchema, message: z.string() });
export type UserUpdated = z.infer<typeof userUpdatedSchema>;
