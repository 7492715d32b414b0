import { z } from 'zod';
import { CLAIM_MESSAGES, parseModifiers, productLineSchema } from '@dme/shared';

/** The line's modifiers as typed: empty for the product's own (null), else up to four codes. */
const lineModifiersField = z.string().transform((text, ctx): string[] | null => {
  if (text.trim() === '') return null;
  const parsed = parseModifiers(text);
  if (parsed === null) {
    ctx.addIssue({ code: 'custom', message: CLAIM_MESSAGES.modifiersInvalid });
    return z.NEVER;
  }
  return parsed;
});

export const lineSchema = productLineSchema.safeExtend({ modifiers: lineModifiersField });

/** What the product-line dialog sends: the shared line body and the modifiers override. */
export type LineBody = z.output<typeof lineSchema>;
