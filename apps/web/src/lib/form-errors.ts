import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

export type FieldErrorMap = Record<string, string[]>;

/** True for the server's 422 body: `{ field: ["message", ...] }`. */
export function isFieldErrorMap(body: unknown): body is FieldErrorMap {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const values = Object.values(body as Record<string, unknown>);
  return values.length > 0 && values.every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
}

/**
 * Shows each server field error under its field (first message only). Fields the form does not
 * have are skipped when `fields` is given. Returns the names that received an error.
 */
export function applyFieldErrors<T extends FieldValues>(
  body: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly string[],
): string[] {
  if (!isFieldErrorMap(body)) return [];
  const applied: string[] = [];
  Object.entries(body).forEach(([name, messages]) => {
    if (!messages.length || (fields && !fields.includes(name))) return;
    setError(name as FieldPath<T>, { type: 'server', message: messages[0] }, { shouldFocus: applied.length === 0 });
    applied.push(name);
  });
  return applied;
}

/** A server 422 body with its field names changed to the form's (unknown names are kept). */
export function renameFieldErrors(body: unknown, names: Record<string, string>): unknown {
  if (!isFieldErrorMap(body)) return body;
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [names[key] ?? key, value]));
}
