import { z } from 'zod';

/** Response pieces reused by several route groups. */
export const detailResponse = z.object({ detail: z.string() });
export const fieldErrorsResponse = z.record(z.string(), z.array(z.string()));
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export const noContent = z.null();

export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), count: z.number(), page_size: z.number(), current: z.number() });
}

export const errorResponses = {
  401: detailResponse,
  403: detailResponse,
  404: detailResponse,
  422: fieldErrorsResponse,
} as const;
