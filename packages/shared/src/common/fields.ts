import { z } from 'zod';
import { isWireDate } from './dates.ts';
import { FIELD_MESSAGES, ID_MAX, NO_NUL } from './limits.ts';
import { PRICE_MAX } from './money.ts';
import { parsePrice } from '../products/rules.ts';

/**
 * Schema building blocks of every area, written once: text, ids, money and dates, with their
 * messages from one table. Area schemas pass their own "is required" texts (the spec's).
 */

export { FIELD_MESSAGES, ID_MAX };

/** A path or query id as text: digits only, no sign, no leading zero, no spaces, no exponent. */
const ID_TEXT = /^[1-9][0-9]{0,9}$/;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The id a path segment or query value names, or null unless it is plain digits within range. */
export function parseId(text: string): number | null {
  if (!ID_TEXT.test(text)) return null;
  const id = Number(text);
  return id <= ID_MAX ? id : null;
}

/** True when `value` can be stored as an id (a whole number 1..ID_MAX). */
export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ID_MAX;
}

/** Any string without NUL, which PostgreSQL refuses in text columns. */
export const nulFreeString = z.string().regex(NO_NUL, FIELD_MESSAGES.nulCharacter);

/** Surrounding spaces trimmed, at most `max` characters, no NUL. */
function boundedText(max: number, requiredMessage?: string) {
  const base = requiredMessage === undefined ? z.string() : z.string({ error: requiredMessage });
  return base.trim().max(max, FIELD_MESSAGES.tooLong(max)).regex(NO_NUL, FIELD_MESSAGES.nulCharacter);
}

/** A required text: the spec's message when missing or blank. */
export function requiredText(message: string, max: number) {
  return boundedText(max, message).min(1, message);
}

/** An optional text: missing and null become ''. */
export function optionalText(max: number) {
  return boundedText(max)
    .nullish()
    .transform((v) => v ?? '');
}

/**
 * An id sent as a JSON number or as decimal text (form fields): a whole number 1..ID_MAX.
 * Anything else ("0x1f", "1e3", true, 99999999999) is refused with `message`.
 */
export function idField(message: string = FIELD_MESSAGES.invalidId) {
  return z.preprocess(
    (v) => (typeof v === 'string' && ID_TEXT.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: message }).int(message).min(1, message).max(ID_MAX, message),
  );
}

/** A path parameter id: plain digits only, within range (anything else is not a record: 404). */
export const pathId = z.string().transform((text, ctx): number => {
  const id = parseId(text);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.invalidId });
    return z.NEVER;
  }
  return id;
});

/**
 * A money amount typed by a person or sent by a client ("1,234.5", 99, "$ 12"): kept as exact
 * text with two decimals, from 0 to `max` (a unit price's range unless told). With `blank`, an
 * empty value stands for that amount.
 */
export function moneyField(
  messages: { required: string; number: string },
  { max = PRICE_MAX, blank }: { max?: string; blank?: string } = {},
) {
  const isBlank = (v: unknown) => v === undefined || v === null || v === '';
  // optional() on the input side lets an absent key reach the transform (and its message).
  return z
    .unknown()
    .optional()
    .transform((input, ctx): string => {
      const parsed = parsePrice(blank !== undefined && isBlank(input) ? blank : input, 2, max);
      if (parsed.ok) return parsed.value;
      const message = {
        empty: messages.required,
        invalid: messages.number,
        negative: FIELD_MESSAGES.priceNegative,
        too_large: FIELD_MESSAGES.maxValue(max),
      }[parsed.reason];
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}

/** A required calendar date on the wire (YYYY-MM-DD). */
export function dateField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .refine(isWireDate, FIELD_MESSAGES.invalidDate);
}

/** An optional date: missing, null and empty text mean "no date" (null). */
export const optionalDateField = z
  .string()
  .nullish()
  .transform((v) => (v && v.trim() ? v.trim() : null))
  .refine((v) => v === null || isWireDate(v), FIELD_MESSAGES.invalidDate);

/** The search text of a list: at most 200 characters, NUL and other control characters dropped. */
export const searchField = z
  .string()
  .trim()
  .max(200)
  .optional()
  .default('')
  .transform((v) => v.replace(CONTROL_CHARACTERS, ' ').trim());
