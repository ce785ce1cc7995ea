import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, onTestFinished, vi } from 'vitest';
import i18n, { loadAllResources, loadScreenWords } from '../lib/i18n';
import { resetToasts } from '../lib/toast';
import { recordConsoleCall, takeConsoleCalls } from './console';

// findBy and waitFor give up after 5 s instead of Testing Library's 1 s: make test runs Vitest
// beside the Go tests on two cores, where a first render of a lazy screen can take over a second.
// A passing wait returns as soon as its condition holds, so this only lengthens a failure.
configure({ asyncUtilTimeout: 5000 });

// Tests switch languages freely: every language is loaded up front.
for (const [lang, tree] of Object.entries(await loadAllResources())) i18n.addResourceBundle(lang, 'translation', tree, true, true);
// The screens' English words are settled too, so a Screen renders at once as in a warm app.
await loadScreenWords();

// A console error or warning is a defect (missing i18n key, React key warning, act warning...):
// every test fails on one, as the browser tests do. The check runs when the test has finished,
// after every afterEach hook (a test file's own hooks too: a state reset there that updates a
// screen still mounted is a defect as well).
beforeEach(() => {
  takeConsoleCalls();
  onTestFinished(() => {
    expect(takeConsoleCalls(), 'unexpected console output').toEqual([]);
  });
  // As after a sign-in: the app reads the session (tests answer it as visitor or member).
  // src/lib/session.test.tsx covers a browser without it.
  document.cookie = 'circle_signed_in=1; path=/';
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      recordConsoleCall(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

// First of the afterEach hooks (vitest.config: sequence.hooks 'list'): the screen is unmounted
// before a test file's own hooks reset the state it showed.
afterEach(() => {
  cleanup();
  resetToasts();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie = 'circle_signed_in=; Max-Age=0; path=/';
});
