import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { removeTestStyles } from './style-cache.ts';

configure({
  // Screens are lazy routes: the first render of one waits for its module to be transformed,
  // which on a busy 2-core machine can take a few seconds. Half the test timeout, so a wait that
  // fails reports what it waited for instead of the test's timeout.
  asyncUtilTimeout: 10_000,
  // Checking every element's computed style makes each ByRole query take ~0.5 s on MUI pages in
  // jsdom; closed menus and dialogs are unmounted anyway, so hidden elements are not in the way.
  defaultHidden: true,
});

afterEach(() => {
  cleanup();
  removeTestStyles();
  window.localStorage.clear();
});
