import { CLAIM_MESSAGES } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import type { FieldErrors } from './errors.ts';

/**
 * Checks codes a product or an order line bills against the CMS lists (hcpcs_codes,
 * hcpcs_modifiers): the field errors of the first unknown code of each kind, or none.
 */
export async function unknownHcpcs(
  db: Executor,
  input: { hcpcs_code?: string; modifiers?: readonly string[] | null },
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const code = input.hcpcs_code;
  if (code) {
    const found = await db.selectFrom('hcpcs_codes').select('code').where('code', '=', code).executeTakeFirst();
    if (!found) errors.hcpcs_code = [CLAIM_MESSAGES.hcpcsUnknown(code)];
  }
  const modifiers = [...new Set(input.modifiers ?? [])];
  if (modifiers.length > 0) {
    const rows = await db.selectFrom('hcpcs_modifiers').select('code').where('code', 'in', modifiers).execute();
    const known = new Set(rows.map((r) => r.code));
    const unknown = modifiers.find((m) => !known.has(m));
    if (unknown !== undefined) errors.modifiers = [CLAIM_MESSAGES.modifierUnknown(unknown)];
  }
  return errors;
}
