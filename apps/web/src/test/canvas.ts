import { vi } from 'vitest';

/** The PNG a faked canvas answers (the first bytes of a PNG, enough for the shared schema). */
export const CANVAS_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';

/**
 * jsdom has no canvas to draw on: canvases get a 2D context that draws nothing and answers every
 * call, and their PNG is CANVAS_PNG. Libraries drawing on them (signature_pad) run as in the
 * browser. Restored after each test (restoreMocks).
 */
export function fakeCanvas(): void {
  const state: Record<PropertyKey, unknown> = {};
  const context = new Proxy(state, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(CANVAS_PNG);
}
