/**
 * Helpers shared by the marketplace browser specs (marketplace-*.spec.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './auth-helpers';
import { expect as baseExpect } from './support/fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });

export { DEMO_PASSWORD };

/** localStorage key of the ranking experiment (src/features/marketplace/model/storageKeys.ts). */
export const RANKING_KEY = 'circle-ab-ranking_v1';

/** Signs a demo account in through the API (auth-helpers signInAs). */
export const signIn = (page: Page, email: string) => signInAs(page, email);

/** The cookie the server keeps the ranking arm in (internal/httpapi/first_screen.go). */
const RANKING_COOKIE = 'circle_ab_ranking_v1';

/**
 * Puts this browser in the ranked arm of ranking_v1 (10% of browsers get the holdout), for the
 * server as well as the app: without the cookie the server draws the arm itself with the first
 * page, and a holdout draw shows the newest-first order. A cookie belongs to a host, not a port,
 * so this one reaches the shared server and a test's private one alike (all on the suite's host).
 */
export async function rankedBrowser(page: Page): Promise<void> {
  const baseURL = process.env.E2E_BASE_URL;
  if (!baseURL) throw new Error('E2E_BASE_URL is not set');
  await page.context().addCookies([{ name: RANKING_COOKIE, value: 'ranked', domain: new URL(baseURL).hostname, path: '/' }]);
  await page.addInitScript((key) => {
    // Init scripts also run in embedded frames (the video player), where storage may be denied.
    if (window !== window.top) return;
    if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, 'ranked');
  }, RANKING_KEY);
}

export const grid = (page: Page) => page.locator('#services-grid');
export const cards = (page: Page) => page.locator('#services-grid [data-testid="services-list"] > li > article');
export const summary = (page: Page) => page.getByTestId('results-summary');

/** Titles of the service cards on screen, in order. */
export async function gridTitles(page: Page): Promise<string[]> {
  return cards(page).locator('h3').allTextContents();
}

export interface ServerPage {
  titles: string[];
  total: number;
  page: number;
  pages: number;
}

/** The address bar's filters as the search endpoint's query (what the page must have asked). */
export function apiQueryFromUrl(pageUrl: string, storedVariant?: string | null): URLSearchParams {
  const url = new URL(pageUrl);
  const out = new URLSearchParams();
  const p = url.searchParams;
  for (const key of ['q', 'category', 'tag', 'product', 'min_price', 'max_price', 'min_rating', 'sort', 'page', 'page_size']) {
    const v = p.get(key);
    if (v) out.set(key, v);
  }
  for (const f of p.getAll('features')) out.append('features', f);
  for (const key of ['featured', 'verified', 'copay', 'copay_eligible']) if (p.get(key) === '1') out.set(key, 'true');
  out.set('ab', p.get('ab') ?? storedVariant ?? 'ranked');
  return out;
}

/** What the server answers for a query. */
export async function serverPage(request: APIRequestContext, query: URLSearchParams): Promise<ServerPage> {
  const res = await request.get(`/api/marketplace/services?${query.toString()}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { services: Array<{ title: string }> | null; total: number; page: number; pages: number };
  return { titles: (body.services ?? []).map((s) => s.title), total: body.total, page: body.page, pages: body.pages };
}

/**
 * The grid shows exactly what the server returns for the filters in the address bar: the same
 * services in the same order, and the summary line with the same total.
 */
export async function expectGridMatchesServer(page: Page): Promise<ServerPage> {
  let expected: ServerPage | undefined;
  await expect(async () => {
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
    const stored = await page.evaluate((key) => window.localStorage.getItem(key), RANKING_KEY);
    expected = await serverPage(page.request, apiQueryFromUrl(page.url(), stored));
    expect(await gridTitles(page)).toEqual(expected.titles);
    if (expected.total > 0) {
      await expect(summary(page)).toHaveText(
        `Showing page ${expected.page} of ${Math.max(1, expected.pages)} (${expected.total} total results)`,
        { timeout: 1000 },
      );
    }
  }).toPass({ timeout: 30_000 });
  return expected!;
}

/** Waits for the page's grid of services. */
export async function waitForGrid(page: Page): Promise<void> {
  await expect(cards(page).first()).toBeVisible({ timeout: 15_000 });
  // The first 8 cards paint first, the rest right after (ServicesResults' two passes).
  await expect(page.getByTestId('services-list')).toHaveAttribute('data-rendered', 'all');
}

/** Opens the filter panel (once). */
export async function openFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

export function param(page: Page, key: string): string | null {
  return new URL(page.url()).searchParams.get(key);
}

/** A localStorage value parsed as JSON (null when absent). */
export async function localStorageItemJSON(page: Page, key: string): Promise<unknown> {
  const raw = await page.evaluate((k) => window.localStorage.getItem(k), key);
  return raw === null ? null : (JSON.parse(raw) as unknown);
}

/**
 * Scrolls to the top before axe-core runs: with the page scrolled, the sticky header and filter
 * bar cover part of what is under them and axe reports those targets as obscured.
 */
export async function scrollTop(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** axe-core on a page of 50 cards takes long on a loaded 2-core machine. */
export const AXE_TIMEOUT_MS = 150_000;
