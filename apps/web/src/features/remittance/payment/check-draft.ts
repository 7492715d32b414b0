import { checkSchema, formatPrice, type CheckPayment } from '@dme/shared';

/** The check fields of the Remittance Payment dialog, as typed. */
export interface CheckDraft {
  check_number: string;
  check_date: string | null;
  total_amount: string;
  payment_method: string;
  vendor_id: number | '';
  memo_notes: string;
}

export const EMPTY_CHECK: CheckDraft = {
  check_number: '',
  check_date: null,
  total_amount: '',
  payment_method: '',
  vendor_id: '',
  memo_notes: '',
};

/** The saved check, prefilled (and locked) from the user's last posting. */
export function draftOf(check: CheckPayment): CheckDraft {
  return {
    check_number: check.check_number,
    check_date: check.check_date,
    total_amount: formatPrice(check.total_amount).replace(/,/g, ''),
    payment_method: check.payment_method,
    vendor_id: check.vendor.id,
    memo_notes: check.memo_notes,
  };
}

export type CheckErrors = Partial<Record<keyof CheckDraft, string>>;

/** The check as the server takes it, or the first message of each field (the shared schema's). */
export function readCheck(draft: CheckDraft) {
  const parsed = checkSchema.safeParse({ ...draft, check_date: draft.check_date ?? '' });
  if (parsed.success) return { ok: true as const, check: parsed.data };
  const errors: CheckErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof CheckDraft;
    errors[field] ??= issue.message;
  }
  return { ok: false as const, errors };
}

/**
 * The messages after fields changed: a changed field's message is dropped, or, once Ok has been
 * pressed, replaced by what the field says now, so a message never sits beside a valid value.
 */
export function recheck(
  errors: CheckErrors,
  draft: CheckDraft,
  changed: (keyof CheckDraft)[],
  submitted: boolean,
): CheckErrors {
  const now = submitted ? readCheck(draft) : null;
  const next = { ...errors };
  for (const field of changed) {
    const message = now && !now.ok ? now.errors[field] : undefined;
    if (message) next[field] = message;
    else delete next[field];
  }
  return next;
}
