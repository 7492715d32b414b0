import { parseOrdering } from '@dme/shared';

/**
 * The list's ordering ("field" or "-field") when its field is one of `fields` (own keys only, so
 * "constructor" or "__proto__" never reach a query), else `fallback` ascending.
 */
export function orderingOf<K extends string>(
  ordering: string | undefined,
  fields: Readonly<Record<K, unknown>>,
  fallback: K,
): { field: K; desc: boolean } {
  const parsed = parseOrdering(ordering);
  if (!parsed || !Object.hasOwn(fields, parsed.field)) return { field: fallback, desc: false };
  return { field: parsed.field as K, desc: parsed.desc };
}
