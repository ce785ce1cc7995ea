import { defineConfig } from '@playwright/test';

/**
 * Browser tests (quality.md, tier "browser"): headless Debian Chromium against the real binary.
 * Run them with scripts/e2e.sh, which starts `circle serve --demo` on a temp database and exports
 * E2E_BASE_URL, E2E_CIRCLE_BIN, E2E_DATA_DIR and CHROMIUM_PATH. Playwright's own browser download
 * is not used (and does not work here): we drive the system Chromium.
 *
 * Specs import `test` and `expect` from ./e2e/support/fixtures (read the top of that file).
 */
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error(
    'E2E_BASE_URL is not set. Run the browser tests with scripts/e2e.sh (from the repository root), ' +
      'which starts the server and sets it; e.g. `bash scripts/e2e.sh e2e/app-routes.spec.ts`.',
  );
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  // No retries: a test that passes only on its second run hides a race in the product or the
  // test, and the race comes back in CI. Fix it instead (scripts/e2e.sh prints the failures).
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'playwright-report/results.json' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'America/Chicago',
    // Recording a trace for every test doubles its cost on 2 cores: E2E_TRACE=1 turns it on.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // A click on something that never shows fails here, naming it, instead of hanging until the
    // test's own timeout (a CI failure once said only "2.0m" for a co-pay journey).
    actionTimeout: 30_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
});
