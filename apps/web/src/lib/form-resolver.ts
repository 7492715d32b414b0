import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

interface Issue {
  path: PropertyKey[];
  code: string;
  message: string;
}

/** The first message of each field, keyed by its dotted path (contact_person.0.name). */
function firstErrors(issues: readonly Issue[], rename: Record<string, string>): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    const name = rename[key] ?? key;
    errors[name] ??= { type: issue.code, message: issue.message };
  }
  return errors;
}

/**
 * A react-hook-form resolver that validates with a shared zod schema. The form's values may
 * differ from the schema's input (a picked object for an id, '' for "none"): `toInput` maps them
 * first. Each first message lands on its form field (`rename` maps a schema field to the form
 * field that shows it), nested fields included; a valid form submits the schema's output.
 */
export function schemaResolver<TValues extends FieldValues, TOut>(
  schema: ZodType<TOut>,
  toInput: (values: TValues) => unknown = (values) => values,
  rename: Record<string, string> = {},
): Resolver<TValues, unknown, TOut> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(toInput(values));
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    return { values: {}, errors: toNestErrors(firstErrors(result.error.issues, rename), options) };
  };
}

/**
 * Like schemaResolver, but a valid form submits its own values (for a dialog whose schema
 * depends on its mode; the submit builds the body for that mode).
 */
export function validatingResolver<TValues extends FieldValues>(
  schema: ZodType,
  toInput: (values: TValues) => unknown = (values) => values,
): Resolver<TValues, unknown, TValues> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(toInput(values));
    if (result.success) return { values, errors: {} };
    return { values: {}, errors: toNestErrors(firstErrors(result.error.issues, {}), options) };
  };
}

/**
 * Renames for a list typed as one text ("E0193, K08"): the message about any of its elements
 * (`hcpcs.1`) shows under the field itself, which has no element fields of its own.
 */
export function listTypedAsText(name: string, max: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: max }, (_, index) => [`${name}.${index}`, name]));
}
