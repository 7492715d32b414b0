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

/** What happens to a body once it is ready to send, with or without a form around it. */
export interface SubmitSpec<TBody, TResult> {
  /** Sends the body (usually a mutation's mutateAsync). */
  submit: (body: TBody) => Promise<TResult>;
  /** The spec's success notification (none when absent). */
  successMessage?: string | ((result: TResult) => string);
  /** The spec's notification for a refused request; "The request could not be processed!" by default. */
  errorMessage?: string;
  /** The notification for a 422, when the spec names another one than errorMessage. */
  invalidMessage?: string;
  /** A notification for other failures drawn from the error (e.g. the server's {error}); errorMessage otherwise. */
  errorText?: (error: unknown) => string | undefined;
  /** Shows the field messages of a 422's body (a form gets them under its fields by itself). */
  onInvalid?: (body: unknown) => void;
  /** Runs after the success message (reset the form to the saved record, clear a field ...). */
  onSuccess?: (result: TResult) => unknown;
  /** Dialog mode: closes the dialog after a success (after onSuccess). A dialog never redirects. */
  close?: () => void;
}

export interface SubmitFormSpec<TValues extends FieldValues, TBody, TResult> extends Omit<
  SubmitSpec<TBody, TResult>,
  'onInvalid'
> {
  form: Pick<UseFormReturn<TValues, unknown, TBody>, 'handleSubmit' | 'setError' | 'reset' | 'getValues'>;
  /** The form fields a 422 may name (others are not shown); read when the answer comes. */
  fields?: readonly string[] | (() => readonly string[]);
  /** The server's field names that the form calls otherwise (patient_id -> patient). */
  fieldNames?: Record<string, string>;
  /** Runs with the form fields that received a 422 message (e.g. to open their tab). */
  onFieldErrors?: (fields: string[]) => void;
  /**
   * Leaves the screen after a success (a create screen; a dialog closes instead): the leave guard
   * is released and the form marked saved first.
   */
  redirect?: SubmitRedirect<TResult>;
}

/**
 * Sends a body the way every screen does, in one place: the spec's success message, then
 * onSuccess and (in a dialog) close; a 422's field messages through onInvalid; the spec's message
 * for any other failure. For a body that is not a form's values (checkboxes of a table, a field
 * saved on its own); a form uses useSubmitForm, which is built on it.
 */
export function useSubmit<TBody, TResult>(spec: SubmitSpec<TBody, TResult>): (body: TBody) => Promise<void> {
  const notify = useNotify();
  return async (body: TBody) => {
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
    spec.close?.();
  };
}

/**
 * The submit handler of a form: validates, sends the body through useSubmit, puts a 422's messages
 * under their fields, and closes the dialog (close) or leaves the screen without the leave warning
 * (redirect) when told to. Works outside a router too (dialogs).
 */
export function useSubmitForm<TValues extends FieldValues, TBody, TResult>(
  spec: SubmitFormSpec<TValues, TBody, TResult>,
): (event?: BaseSyntheticEvent) => Promise<void> {
  const { form, fields, fieldNames, onFieldErrors, redirect, onSuccess, ...rest } = spec;
  const send = useSubmit<TBody, TResult>({
    ...rest,
    onInvalid: (errorBody) => {
      const body = fieldNames ? renameFieldErrors(errorBody, fieldNames) : errorBody;
      const applied = applyFieldErrors(body, form.setError, typeof fields === 'function' ? fields() : fields);
      if (applied.length) onFieldErrors?.(applied);
    },
    onSuccess: async (result) => {
      await onSuccess?.(result);
      if (redirect) {
        redirect.guard.release();
        form.reset(form.getValues());
        await redirect.navigate(redirect.to(result), { replace: true, state: redirect.state });
      }
    },
  });
  return form.handleSubmit(send);
}

function reportFailure<TBody, TResult>(
  spec: SubmitSpec<TBody, TResult>,
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
    spec.onInvalid?.(error.body);
    return;
  }
  notifyError(spec.errorText?.(error) ?? fallback);
}
