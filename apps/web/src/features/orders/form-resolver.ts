import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A resolver that maps the form's values to the shared schema's input first (a picked object to
 * its id, '' to null), validates with that schema, and puts each first message on its form
 * field (`rename` maps a schema field to the form field that shows it). Flat forms only.
 */
export function schemaResolver<TValues extends FieldValues, TOut>(
  schema: ZodType<TOut>,
  toInput: (values: TValues) => unknown,
  rename: Record<string, string> = {},
): Resolver<TValues, unknown, TOut> {
  return async (values) => {
    const result = await schema.safeParseAsync(toInput(values));
    if (result.success) return { values: result.data, errors: {} };
    return { values: {}, errors: fieldErrors<TValues>(result.error.issues, rename) };
  };
}

/**
 * Like schemaResolver, but a valid form submits its own values (for a dialog whose schema
 * depends on its mode; the submit builds the body for that mode).
 */
export function validatingResolver<TValues extends FieldValues>(
  schema: ZodType,
  toInput: (values: TValues) => unknown,
): Resolver<TValues, unknown, TValues> {
  return async (values) => {
    const result = await schema.safeParseAsync(toInput(values));
    if (result.success) return { values, errors: {} };
    return { values: {}, errors: fieldErrors<TValues>(result.error.issues, {}) };
  };
}

function fieldErrors<TValues extends FieldValues>(
  issues: readonly { path: PropertyKey[]; code: string; message: string }[],
  rename: Record<string, string>,
): FieldErrors<TValues> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    const name = rename[key] ?? key;
    errors[name] ??= { type: issue.code, message: issue.message };
  }
  return errors as FieldErrors<TValues>;
}
