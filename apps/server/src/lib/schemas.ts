import { z } from 'zod';
import { pathId } from '@dme/shared';

/** Response pieces reused by several route groups. */
export const detailResponse = z.object({ detail: z.string() });
export const fieldErrorsResponse = z.record(z.string(), z.array(z.string()));

/**
 * The body of every 4xx but 422: `detail` always; `error` too when a business rule refused
 * (lib/errors.ts `conflict`), which the spec's callers read.
 */
export const errorBody = z.object({ detail: z.string(), error: z.string().optional() });

/** `{id}` of a path: plain digits within integer range ("0x1f", "1e3", " 1", "-1" name no record: 404). */
export const idParams = z.object({ id: pathId });
export const noContent = z.null();

export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), count: z.number(), page_size: z.number(), current: z.number() });
}

/** Declared on every route: malformed body (400), no token (401), not allowed (403), unknown id (404), bad input (422). */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  422: fieldErrorsResponse,
} as const;
