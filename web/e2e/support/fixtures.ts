/**
 * Shared Playwright fixtures for every browser spec (web/e2e/*.spec.ts). Import from here, never
 * from '@playwright/test' directly:
 *
 *   import { test, expect } from './support/fixtures';
 *
 * What every test gets without asking
 * -----------------------------------
 * - A problem guard: the test FAILS at the end if any page of its browser context logged a console
 *   error, threw an uncaught exception (pageerror), got an HTTP status >= 400 from the app's own
 *   origin, or had a same-origin request fail (connection refused, reset, blocked...). Chromium's
 *   echo of a failed response ("Failed to load resource: ... status of 401") counts as that
 *   response, not as a second problem. Nothing is ignored silently: the only problems allowed
 *   everywhere are in ALWAYS_ALLOWED below (a visitor's 401 on /api/auth/session, and requests
 *   the page cancels itself, net::ERR_ABORTED), each with its reason.
 * - A stored cookie consent (version 1.0, necessary only) so the banner, which appears 1 s after
 *   load, never covers what a test clicks. Specs about the banner opt out:
 *     test.use({ cookieConsent: 'unset' });
 *
 * Fixtures and helpers
 * --------------------
 * - `problems` (test): `problems.allow({ reason, kind?, url?, status?, text?, required? })` allows a
 *   problem this test causes on purpose (e.g. a deliberate 503); `required: true` also fails the
 *   test when it never happened. `problems.list()` returns everything seen so far.
 *   For a whole file/describe: `test.use({ allowProblems: [{ reason, ... }] })`.
 * - `axe` (test): `await axe(page)` runs axe-core (WCAG 2.0/2.1/2.2 A+AA and best practices) on the
 *   page and fails on any serious or critical violation; `await axe(page, { include: '[role=dialog]' })`
 *   checks one part. The full result is attached to the test report.
 * - `warmPage` (test): one page per worker, reused from test to test (warm HTTP and code caches:
 *   a navigation costs a third of a fresh context's). For tests that walk many screens, such as the
 *   route table. It takes the test's viewport; after the test its cookies and storage are cleared,
 *   so a test may sign in on it. A test that installs a clock, routes requests or opens popups
 *   uses `page`. The problem guard watches it during the test.
 * - `privateServer` (worker): a `circle serve --demo` of this worker alone, on its own temp SQLite
 *   database, for tests that change app_config (maintenance, versions, cache bust, marketplace
 *   switch) without disturbing other specs. Use `privateServerTest` below, which points baseURL at
 *   it and resets app_config after every test:
 *     import { privateServerTest as test, expect } from './support/fixtures';
 *     test('...', async ({ page, appConfig }) => { await appConfig.set({ maintenance_mode: true }); ... });
 *   Never change the shared server's app_config (E2E_DATA_DIR): other specs run against it.
 *   (./server.ts also exports startCircleServer() and circleConfig(dataDir, values) for more.)
 * - `expectScreen(page, heading)`: the screen's level-1 heading is visible, no error panel shows.
 * - `localStorageItem(page, key)` / `sessionStorageItem(page, key)`: read browser storage.
 * - `STORAGE_KEYS`: the web app's storage keys (src/lib/storage.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
  type Response,
} from '@playwright/test';
import { APP_CONFIG_DEFAULTS, startCircleServer, type AppConfigRow, type AppConfigValues, type CircleServer } from './server';

export { expect };
export type { Page, Request, Response };

export const STORAGE_KEYS = {
  language: 'preferredLanguage',
  consent: 'circle-cookie-consent',
  featureFlags: 'circle-feature-flags',
  lastCacheBust: 'circle-last-cache-bust',
  reloadReason: 'circle-reload-reason',
  versionReload: 'circle-version-reload',
} as const;

/** One thing that went wrong in the browser. */
export interface Problem {
  kind: 'console' | 'pageerror' | 'http' | 'requestfailed';
  /** Console text, exception message, "GET 503 Service Unavailable" or the network error. */
  text: string;
  /** Request URL (http, requestfailed) or the console message's source. */
  url?: string;
  status?: number;
  method?: string;
}

/** A problem a test may cause on purpose. Every field given must match; `reason` is required. */
export interface AllowedProblem {
  reason: string;
  kind?: Problem['kind'];
  /** Matched against the full URL (a string matches when the URL's path starts with it). */
  url?: string | RegExp;
  status?: number;
  method?: string;
  /** Matched against Problem.text (a string matches when it is contained). */
  text?: string | RegExp;
  /** Fail the test when this problem never happened (keeps allow-lists from going stale). */
  required?: boolean;
}

/**
 * Allowed in every test. Keep this list short and give each entry its reason.
 */
export const ALWAYS_ALLOWED: readonly AllowedProblem[] = [
  {
    reason:
      'A dead session (revoked, expired, signed out in another browser): GET /api/auth/session answers 401 and ' +
      'src/lib/session.ts reads that as "signed out". Visitors never ask (no circle_signed_in cookie).',
    kind: 'http',
    method: 'GET',
    url: '/api/auth/session',
    status: 401,
  },
  {
    reason:
      'net::ERR_ABORTED is the page cancelling a request itself: a navigation or reload, or an ' +
      'AbortController when a query is no longer needed. A server or network failure shows as an ' +
      'HTTP status or another net:: error, which are not allowed.',
    kind: 'requestfailed',
    text: 'net::ERR_ABORTED',
  },
];

function matchesUrl(pattern: string | RegExp, url: string | undefined): boolean {
  if (url === undefined) return false;
  if (pattern instanceof RegExp) return pattern.test(url);
  try {
    const u = new URL(url);
    return (u.pathname + u.search).startsWith(pattern) || url.startsWith(pattern);
  } catch {
    return url.startsWith(pattern);
  }
}

function matches(a: AllowedProblem, p: Problem): boolean {
  if (a.kind && a.kind !== p.kind) return false;
  if (a.status !== undefined && a.status !== p.status) return false;
  if (a.method && p.method && a.method !== p.method) return false;
  if (a.url !== undefined && !matchesUrl(a.url, p.url)) return false;
  if (a.text !== undefined) {
    if (a.text instanceof RegExp ? !a.text.test(p.text) : !p.text.includes(a.text)) return false;
  }
  return true;
}

function describe(p: Problem): string {
  const where = p.url ? ` (${p.url})` : '';
  return `[${p.kind}] ${p.text}${where}`;
}

export interface Problems {
  /** Allows a problem this test causes on purpose. */
  allow(entry: AllowedProblem): void;
  /** Every problem seen so far, allowed or not. */
  list(): readonly Problem[];
}

/** Collects problems from every page of a context; `verdict()` lists the ones not allowed. */
class ProblemGuard implements Problems {
  private problems: Problem[] = [];
  private allowed: AllowedProblem[];
  private used = new Set<AllowedProblem>();
  private origin: string;
  private stopped = false;
  /** Pages watched on behalf of the test that outlive it (warmPage). */
  readonly detachers: Array<() => void> = [];

  constructor(baseURL: string, allowed: AllowedProblem[]) {
    this.origin = new URL(baseURL).origin;
    this.allowed = [...ALWAYS_ALLOWED, ...allowed];
  }

  allow(entry: AllowedProblem): void {
    if (!entry.reason?.trim()) throw new Error('problems.allow needs a reason');
    this.allowed.push(entry);
  }

  list(): readonly Problem[] {
    return this.problems;
  }

  private sameOrigin(url: string): boolean {
    try {
      return new URL(url).origin === this.origin;
    } catch {
      return false;
    }
  }

  private add(p: Problem) {
    if (!this.stopped) this.problems.push(p);
  }

  /** Starts watching a page; returns a function that stops watching it. */
  watch(page: Page): () => void {
    const onConsole = (msg: ConsoleMessage) => {
      if (msg.type() !== 'error') return;
      const text = msg.text();
      const url = msg.location().url || undefined;
      // Chromium echoes a failed response or request on the console; the response/requestfailed
      // events below record those, so the echo is folded into them rather than counted twice.
      const http = /^Failed to load resource: the server responded with a status of (\d+)/.exec(text);
      if (http && url && this.sameOrigin(url)) return;
      if (/^Failed to load resource: net::/.test(text) && url && this.sameOrigin(url)) return;
      this.add({ kind: 'console', text, url });
    };
    const onPageError = (err: Error) => {
      this.add({ kind: 'pageerror', text: err.stack || String(err) });
    };
    const onResponse = (res: Response) => {
      if (res.status() < 400 || !this.sameOrigin(res.url())) return;
      this.add({
        kind: 'http',
        text: `${res.request().method()} ${res.status()} ${res.statusText()}`,
        url: res.url(),
        status: res.status(),
        method: res.request().method(),
      });
    };
    const onRequestFailed = (req: Request) => {
      if (!this.sameOrigin(req.url())) return;
      const error = req.failure()?.errorText ?? 'failed';
      this.add({ kind: 'requestfailed', text: `${req.method()} ${error}`, url: req.url(), method: req.method() });
    };
    page.on('console', onConsole);
    page.on('pageerror', onPageError);
    page.on('response', onResponse);
    page.on('requestfailed', onRequestFailed);
    return () => {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('response', onResponse);
      page.off('requestfailed', onRequestFailed);
    };
  }

  verdict(): string[] {
    this.stopped = true;
    const out: string[] = [];
    for (const p of this.problems) {
      const entry = this.allowed.find((a) => matches(a, p));
      if (entry) this.used.add(entry);
      else out.push(describe(p));
    }
    for (const a of this.allowed) {
      if (a.required && !this.used.has(a)) {
        out.push(`expected problem did not happen: ${JSON.stringify({ ...a, url: String(a.url ?? '') })}`);
      }
    }
    return out;
  }
}

export interface AxeOptions {
  /** CSS selector(s) to check; default the whole page. */
  include?: string | string[];
  exclude?: string | string[];
  /** Rule ids to skip, each needs a comment at the call site saying why. */
  disableRules?: string[];
}

export type AxeCheck = (page: Page, options?: AxeOptions) => Promise<void>;

export type CookieConsentSetting = 'accepted' | 'unset';

export interface AppConfigControl {
  set(values: AppConfigValues): Promise<AppConfigRow>;
  get(): Promise<AppConfigRow>;
}

interface TestFixtures {
  cookieConsent: CookieConsentSetting;
  allowProblems: AllowedProblem[];
  problems: Problems;
  axe: AxeCheck;
  warmPage: Page;
}

interface WorkerFixtures {
  privateServer: CircleServer;
  workerPage: Page;
}

const CONSENT_VALUE = { necessary: true, analytics: false, functional: false, marketing: false, version: '1.0' };

/** Stores the cookie consent in a context a test opens itself, so the banner never covers it. */
export async function seedConsent(context: BrowserContext) {
  await context.addInitScript(
    ([key, value]) => {
      try {
        if (window.location.protocol.startsWith('http') && window.localStorage.getItem(key) === null) {
          window.localStorage.setItem(key, JSON.stringify({ ...value, timestamp: new Date().toISOString() }));
        }
      } catch {
        // storage disabled: the banner will show
      }
    },
    [STORAGE_KEYS.consent, CONSENT_VALUE] as const,
  );
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  cookieConsent: ['accepted', { option: true }],
  allowProblems: [[], { option: true }],

  problems: [
    async ({ context, baseURL, allowProblems, cookieConsent }, use, testInfo) => {
      if (cookieConsent === 'accepted') await seedConsent(context);
      const guard = new ProblemGuard(baseURL ?? 'http://127.0.0.1', allowProblems);
      for (const p of context.pages()) guard.watch(p);
      context.on('page', (p) => guard.watch(p));
      await use(guard);
      for (const stop of guard.detachers) stop();
      const bad = guard.verdict();
      if (bad.length > 0) {
        await testInfo.attach('browser-problems.txt', { body: bad.join('\n'), contentType: 'text/plain' });
        throw new Error(
          `The browser reported ${bad.length} problem(s) (console errors, page errors or failed requests):\n` +
            bad.map((b) => `  - ${b}`).join('\n') +
            '\nIf one is legitimate, allow it with problems.allow({ reason, ... }) in the test.',
        );
      }
    },
    { auto: true },
  ],

  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = process.env.E2E_BASE_URL;
      const { viewport, locale, timezoneId } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, locale, timezoneId });
      await seedConsent(context);
      const page = await context.newPage();
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],

  warmPage: async ({ workerPage, problems, viewport }, use) => {
    // The page outlives the test, so the test's own options are applied here (test.use({ viewport })
    // would otherwise not reach it) and what a test leaves behind is wiped afterwards: a session
    // cookie left by a test that signed in turned the next test's /auth into a redirect.
    if (viewport) await workerPage.setViewportSize(viewport);
    const guard = problems as ProblemGuard;
    guard.detachers.push(guard.watch(workerPage));
    await use(workerPage);
    await workerPage.context().clearCookies();
    await workerPage
      .evaluate(() => {
        window.localStorage.clear();
        window.sessionStorage.clear();
      })
      .catch(() => undefined); // about:blank or a page mid-navigation has no storage to clear
  },

  // eslint-disable-next-line no-empty-pattern
  axe: async ({}, use, testInfo) => {
    let run = 0;
    await use(async (page, options = {}) => {
      run += 1;
      // Only violations are reported in full: on a large page this halves axe's time.
      let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags([
        'wcag2a',
        'wcag2aa',
        'wcag21a',
        'wcag21aa',
        'wcag22aa',
        'best-practice',
      ]);
      for (const sel of [options.include ?? []].flat()) builder = builder.include(sel);
      for (const sel of [options.exclude ?? []].flat()) builder = builder.exclude(sel);
      if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
      const results = await builder.analyze();
      await testInfo.attach(`axe-${run}.json`, {
        body: JSON.stringify({ url: results.url, violations: results.violations }, null, 2),
        contentType: 'application/json',
      });
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const report = serious.map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n` +
          v.nodes
            .slice(0, 5)
            .map((n) => `      ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
            .join('\n'),
      );
      expect(report, `axe-core: serious or critical violations on ${page.url()}`).toEqual([]);
    });
  },

  privateServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startCircleServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 30_000 },
  ],
});

/**
 * For specs that change app_config: baseURL points at this worker's private server, and app_config
 * is put back to the defaults after every test (and checked, so a test cannot leak its changes).
 */
export const privateServerTest = test.extend<{ appConfig: AppConfigControl }>({
  baseURL: async ({ privateServer }, use) => {
    await use(privateServer.url);
  },
  appConfig: async ({ privateServer }, use) => {
    await privateServer.setConfig(APP_CONFIG_DEFAULTS);
    await use({ set: (v) => privateServer.setConfig(v), get: () => privateServer.getConfig() });
    const after = await privateServer.setConfig(APP_CONFIG_DEFAULTS);
    expect(after.maintenance_mode).toBe(false);
  },
});

/** The screen's level-1 heading is visible and no error panel is on screen. */
export async function expectScreen(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Something went wrong in/ })).toHaveCount(0);
}

export async function localStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

export async function sessionStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.sessionStorage.getItem(k), key);
}
