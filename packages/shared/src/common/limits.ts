import { MSG } from './messages.ts';

/**
 * Limits and messages of text and id fields, free of zod so the sign-in screens (whose schemas
 * use zod/mini) can share them without loading the full schema library.
 */

/** PostgreSQL's integer: the largest id any table holds. */
export const ID_MAX = 2_147_483_647;

export const FIELD_MESSAGES = {
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  nulCharacter: 'Null characters are not allowed.',
  invalidDate: MSG.invalidDate,
  invalidId: 'A valid id is required.',
  priceNegative: 'The price cannot be negative',
  maxValue: (max: string | number) => `Ensure this value is less than or equal to ${max}.`,
  /** The database refused a number as out of range: the safety net behind the schemas' ranges. */
  numberOutOfRange: 'A value is too large to be saved.',
} as const;

/** Any text without NUL, which PostgreSQL refuses in text columns. */
// eslint-disable-next-line no-control-regex
export const NO_NUL = /^[^\u0000]*$/;
