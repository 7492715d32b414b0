import { expect } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Types a whole value at once (a paste): per-key typing into a large form is slow in jsdom. */
export async function fill(user: UserEvent, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

/**
 * Clicks a form's submit button once the form has turned it on. Forms validate asynchronously,
 * so the button is enabled a moment after the last keystroke; on a busy machine clicking at once
 * hits the still-disabled button. A person waits for it too.
 */
export async function press(user: UserEvent, button: HTMLElement) {
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  await user.click(button);
}

/**
 * Waits until a button is enabled (or disabled), given the element found once: a ByRole lookup
 * reads the whole page, and a wait repeats its callback on every change of the page.
 */
export async function waitForEnabled(button: HTMLElement, enabled = true) {
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(!enabled));
}
