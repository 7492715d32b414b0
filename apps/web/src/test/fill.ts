import type { UserEvent } from '@testing-library/user-event';

/** Types a whole value at once (a paste): per-key typing into a large form is slow in jsdom. */
export async function fill(user: UserEvent, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}
