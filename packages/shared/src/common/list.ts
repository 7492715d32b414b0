import { z } from 'zod';
import { searchField } from './fields.ts';

export const PAGE_SIZE_OPTIONS = [10, 15, 25, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_DELAY_MS = 1500;

/** Query of every server-paged list: search, ordering ("field" or "-field"), page, page_size. */
export const listQuerySchema = z.object({
  search: searchField,
  ordering: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().default(DEFAULT_PAGE_SIZE),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface Page<T> {
  results: T[];
  count: number;
  page_size: number;
  current: number;
}

/** Splits "-field" into the field and its direction. */
export function parseOrdering(ordering: string | undefined): { field: string; desc: boolean } | null {
  if (!ordering) return null;
  const desc = ordering.startsWith('-');
  const field = desc ? ordering.slice(1) : ordering;
  return field ? { field, desc } : null;
}

/**
 * The ordering when its field is one of `fields`, else null. Only the map's own keys count, so
 * "constructor", "__proto__" or "toString" never reach a query.
 */
export function knownOrdering<K extends string>(
  ordering: string | undefined,
  fields: Readonly<Record<K, unknown>>,
): { field: K; desc: boolean } | null {
  const parsed = parseOrdering(ordering);
  if (!parsed || !Object.hasOwn(fields, parsed.field)) return null;
  return { field: parsed.field as K, desc: parsed.desc };
}

/** Next ordering when a column header is clicked: ascending first, then descending. */
export function nextOrdering(current: string | undefined, field: string): string {
  return current === field ? `-${field}` : field;
}
