/** The server's one error vocabulary; the error handler maps each to its status code. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export type FieldErrors = Record<string, string[]>;

export const notFound = (detail = 'Not found.') => new AppError(404, { detail });
export const unauthorized = (detail = 'Authentication credentials were not provided or are invalid.') =>
  new AppError(401, { detail });
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new AppError(403, { detail });
export const badRequest = (detail: string) => new AppError(400, { detail });
export const tooManyRequests = (detail: string) => new AppError(429, { detail });
export const validation = (fields: FieldErrors) => new AppError(422, fields);
/** A refusal of the business rules, answered with `{error}` as the spec's callers read it. */
export const conflict = (error: string, status = 400) => new AppError(status, { error, detail: error });

/** True when a PostgreSQL error is a unique violation (optionally on a named constraint). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return false;
  return !constraint || e.constraint === constraint || (e.message ?? '').includes(constraint);
}

export function isForeignKeyViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === '23503';
}

/** True when PostgreSQL refused a number as out of its column's range (numeric or integer overflow). */
export function isNumericOverflow(err: unknown): boolean {
  return (err as { code?: string })?.code === '22003';
}
