import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** Field names a link may carry: form names ("policy_number", "contact_person.0.name"), nothing a selector could misread. */
const FIELD_NAME = /^[A-Za-z0-9_.-]{1,80}$/;

/** What takes focus inside a field whose named element cannot (a select's hidden input, a date's hidden value). */
const FOCUSABLE =
  'input:not([type="hidden"]):not([aria-hidden="true"]), textarea, [role="combobox"], [role="spinbutton"], [tabindex="0"]';

function canTakeFocus(element: HTMLElement): boolean {
  if (element.getAttribute('aria-hidden') === 'true') return false;
  if (element instanceof HTMLInputElement && element.type === 'hidden') return false;
  return element.tabIndex >= 0 || element.hasAttribute('tabindex');
}

/**
 * Scrolls to and focuses the field named `field`: an element with that `name` (form inputs) or
 * that `data-field` (a section such as the diagnoses). An open dialog is searched first, so a
 * dialog opened by the same link wins over the page behind it. Returns whether one was found.
 */
export function focusField(field: string): boolean {
  if (!FIELD_NAME.test(field)) return false;
  const selector = `[data-field="${field}"], [name="${field}"]`;
  const scopes: ParentNode[] = [...Array.from(document.querySelectorAll('[role="dialog"]')).reverse(), document];
  const found = scopes.map((scope) => scope.querySelector<HTMLElement>(selector)).find((el) => el !== null);
  if (!found) return false;
  const target = canTakeFocus(found)
    ? found
    : (found.closest('.MuiFormControl-root')?.querySelector<HTMLElement>(FOCUSABLE) ?? found);
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
  return true;
}

/**
 * Deep links to a field (the claim scrubber's "fix it here" links): `?field=npi` on a screen
 * scrolls to that field and focuses it once the screen has rendered it (`ready`). The screen
 * itself reads any other parameter it needs (which tab, which dialog) to show the field first.
 * Returns the linked field, or null.
 */
export function useFieldFocus(ready = true): string | null {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const field = params.get('field');
  useEffect(() => {
    if (!ready || !field) return undefined;
    // After the screen's own first focus (a dialog's first field) has happened.
    const timer = window.setTimeout(() => focusField(field), 0);
    return () => window.clearTimeout(timer);
  }, [ready, field, key]);
  return field;
}
