import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import i18n, { loadAllResources } from '../lib/i18n';
import { resetToasts } from '../lib/toast';
import { recordConsoleCall, takeConsoleCalls } from './console';

// Tests switch languages freely: every language is loaded up front.
for (const [lang, tree] of Object.entries(await loadAllResources())) i18n.addResourceBundle(lang, 'translation', tree, true, true);

// A console error or warning is a defect (missing i18n key, React key warning, act warning...):
// every test fails on one, as the browser tests do.
beforeEach(() => {
  takeConsoleCalls();
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      recordConsoleCall(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  cleanup();
  resetToasts();
  window.localStorage.clear();
  window.sessionStorage.clear();
  expect(takeConsoleCalls(), 'unexpected console output').toEqual([]);
});
