import createCache, { type EmotionCache, type StylisElement } from '@emotion/cache';

/**
 * Selectors jsdom cannot use but pays for on every node. jsdom's getComputedStyle, which each
 * accessible-name lookup of a ByRole query calls for every node it reads, matches every rule of
 * the document against the node:
 * - a pseudo-element (`::placeholder`, `::-moz-focus-inner`, `::backdrop`) never styles the node
 *   itself, and nwsapi throws on the vendor ones, so each was parsed again for every node;
 * - `:has()` makes nwsapi query the candidate's whole subtree; MUI's select sets the width of its
 *   caret through it, which no test reads.
 */
const UNUSED_IN_JSDOM = /::|:has\(/;

function dropUnusedSelectors(element: StylisElement) {
  if (element.type !== 'rule' || typeof element.props === 'string') return;
  const kept = element.props.filter((selector) => !UNUSED_IN_JSDOM.test(selector));
  if (kept.length === element.props.length) return;
  element.props = kept;
  // A rule without children serializes to nothing and is not inserted.
  if (kept.length === 0) element.children = [];
}

const caches = new Set<EmotionCache>();

/**
 * A style cache for one rendered tree, emptied by `removeTestStyles` after the test.
 *
 * Test files share one document per worker (`isolate: false`), and emotion's default cache keeps
 * every rule it has inserted in <head> for as long as the worker lives, so with it each file's
 * queries were slower than the one before. The rules go into one <style> element through
 * insertRule (`speedy`) rather than one element each: jsdom walks the whole document to find a
 * label's control, which every textbox name needs. No vendor prefixes (stylis's prefixer is left
 * out): jsdom reads the standard properties.
 */
export function testStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css', speedy: true, stylisPlugins: [dropUnusedSelectors] });
  caches.add(cache);
  return cache;
}

/** Removes the <style> elements of the trees rendered since the last call. */
export function removeTestStyles() {
  for (const cache of caches) cache.sheet.flush();
  caches.clear();
}
