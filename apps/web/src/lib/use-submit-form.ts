import type { BaseSyntheticEvent } from 'react';
import type { NavigateFunction } from 'react-router';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { MSG } from '@dme/shared';
import type { LeaveGuardHandle } from '@/components/LeaveGuard.tsx';
import { isApiError, isNetworkError, NETWORK_ERROR_MESSAGE } from './api-client.ts';
import { applyFieldErrors, renameFieldErrors } from './form-errors.ts';
import { useNotify } from './notify.ts';

/** Where a successful save goes: the created record's screen, replacing the create form in history. */
export interface SubmitRedirect<TResult> {
  navigate: NavigateFunction;
  to: (result: TResult) => string;
  state?: unknown;
  guard: LeaveGuardHandle;
}

export interface SubmitFormSpec<TValues extends FieldValues, TBody, TResult> {
  form: Pick<UseFormReturn<TValues, unknown, TBody>, 'handleSubmit' | 'setError' | 'reset' | 'getValues'>;
  /** Sends the validated body (usually a mutation's mutateAsync). */
  submit: (body: TBody) => Promise<TResult>;
  /** The spec's success notification (none when absent). */
  successMessage?: string | ((result: TResult) => string);
  /** The spec's notification for a refused request; "The request could not be processed!" by default. */
  errorMessage?: string;
  /** The notification for a 422, when the spec names another one than errorMessage. */
  invalidMessage?: string;
  /** A notification for other failures drawn from the error (e.g. the server's {error}); errorMessage otherwise. */
  errorText?: (error: unknown) => string | undefined;
  /** The form fields a 422 may name (others are not shown); read when the answer comes. */
  fields?: readonly string[] | (() => readonly string[]);
  /** The server's field names that the form calls otherwise (patient_id -> patient). */
  fieldNames?: Record<string, string>;
  /** Runs after the success message (reset the form to the saved record, close a dialog ...). */
  onSuccess?: (result: TResult) => unknown;
  /** Runs with the form fields that received a 422 message (e.g. to open their tab). */
  onFieldErrors?: (fields: string[]) => void;
  /** Leaves the screen after a success: the leave guard is released and the form marked saved first. */
  redirect?: SubmitRedirect<TResult>;
}

/**
 * The submit handler of a form, in one place: sends the body, shows the spec's success message,
 * puts a 422's messages under their fields, shows the spec's message for any other failure, and
 * leaves the screen (without the leave warning) when told to. Works outside a router too (dialogs).
 */
export function useSubmitForm<TValues extends FieldValues, TBody, TResult>(
  spec: SubmitFormSpec<TValues, TBody, TResult>,
): (event?: BaseSyntheticEvent) => Promise<void> {
  const notify = useNotify();
  return spec.form.handleSubmit(async (body: TBody) => {
    let result: TResult;
    try {
      result = await spec.submit(body);
    } catch (error) {
      reportFailure(spec, error, notify.error);
      return;
    }
    if (spec.successMessage) {
      notify.success(typeof spec.successMessage === 'string' ? spec.successMessage : spec.successMessage(result));
    }
    await spec.onSuccess?.(result);
    if (spec.redirect) {
      spec.redirect.guard.release();
      spec.form.reset(spec.form.getValues());
      await spec.redirect.navigate(spec.redirect.to(result), { replace: true, state: spec.redirect.state });
    }
  });
}

function reportFailure<TValues extends FieldValues, TBody, TResult>(
  spec: SubmitFormSpec<TValues, TBody, TResult>,
  error: unknown,
  notifyError: (message: string) => void,
): void {
  // No answer came back: the screen's refusal message would be wrong; say the server is out of reach.
  if (isNetworkError(error)) {
    notifyError(NETWORK_ERROR_MESSAGE);
    return;
  }
  const fallback = spec.errorMessage ?? MSG.requestFailed;
  if (isApiError(error, 422)) {
    notifyError(spec.invalidMessage ?? fallback);
    const body = spec.fieldNames ? renameFieldErrors(error.body, spec.fieldNames) : error.body;
    const fields = typeof spec.fields === 'function' ? spec.fields() : spec.fields;
    const applied = applyFieldErrors(body, spec.form.setError, fields);
    if (applied.length) spec.onFieldErrors?.(applied);
    return;
  }
  notifyError(spec.errorText?.(error) ?? fallback);
}
