import { expect as baseExpect, test } from './support/fixtures';
import { AXE_TIMEOUT_MS, cards, expectGridMatchesServer, param, rankedBrowser, scrollTop, summary, waitForGrid } from './marketplace-helpers';

// The machine running these is shared and slow: generous waits (the budgets asserted stay as they are).
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

declare global {
  interface Window {
    __gridShownAt?: number;
  }
}

const BUDGET_BYTES = 250 * 1024;

test.describe('F-CAT-02 marketplace first paint', () => {
  test('F-CAT-02 first visit of /marketplace: at most 3 API requests before the grid shows, at most 250 KB of gzipped JavaScript', async ({
    page,
  }) => {
    // The ranked arm (90% of browsers), the one the budget is for (docs/decisions.md): a random
    // assignment would make this measure two pages in turn.
    await rankedBrowser(page);
    // When the first service card appears, in the page's own clock.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('#services-grid article')) {
          window.__gridShownAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/marketplace');
    await waitForGrid(page);
    await page.waitForLoadState('networkidle');

    const measured = await page.evaluate(() => {
      const shownAt = window.__gridShownAt ?? Infinity;
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const api = entries.filter((e) => new URL(e.name).pathname.startsWith('/api/') && e.startTime < shownAt);
      // The words of the screens behind a click (locales/screenAreas.ts: en-screens, es-screens...)
      // are fetched once the page has loaded, for the next screen: not the marketplace's JavaScript.
      const scripts = entries.filter((e) => {
        const path = new URL(e.name).pathname;
        return path.endsWith('.js') && !/\/assets\/[a-z]{2}-screens-[^/]+\.js$/.test(path);
      });
      return {
        api: api.map((e) => new URL(e.name).pathname),
        jsBytes: scripts.reduce((n, e) => n + e.encodedBodySize, 0),
        jsFiles: scripts.length,
        shownAt,
      };
    });
    console.log(
      `F-CAT-02 first visit of /marketplace: ${measured.api.length} API requests before the grid showed ` +
        `(${measured.api.join(', ')}) at ${Math.round(measured.shownAt)} ms; JavaScript loaded: ` +
        `${(measured.jsBytes / 1024).toFixed(1)} KB as sent (Brotli; the build checks the gzipped size too) in ${measured.jsFiles} files (budget 250 KB)`,
    );
    expect(measured.api.length).toBeLessThanOrEqual(3);
    // A visitor has no session cookie, so the app does not ask for a session (it would be a 401).
    expect(measured.api).not.toContain('/api/auth/session');
    // The page brings the first screen and its data (issue 33 item 4): the app starts from them and
    // asks the marketplace for nothing before the grid shows.
    expect(measured.api.filter((p) => p.startsWith('/api/marketplace/'))).toEqual([]);
    expect(measured.jsBytes).toBeGreaterThan(0);
    expect(measured.jsBytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  test('F-CAT-02 visitors see the hero, the category blocks with live counts and the grid; axe-core is clean', async ({ page, axe }) => {
    test.setTimeout(AXE_TIMEOUT_MS);
    await rankedBrowser(page);
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { level: 1, name: 'The services your business runs on, for less' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Free Account' })).toHaveAttribute('href', '/pricing');
    await waitForGrid(page);

    const blocks = page.locator('#category-blocks');
    await expect(blocks.getByRole('heading', { name: 'Old-school marketing' })).toBeVisible();
    await expect(blocks.getByRole('heading', { name: 'Digital-first' })).toBeVisible();
    await expect(blocks.getByRole('button')).toHaveCount(25);
    // Each block's count is the number of services the server finds for its tag.
    const crm = blocks.getByRole('button', { name: /^CRM \d+ services?$/ });
    const count = Number(/(\d+)/.exec((await crm.textContent()) ?? '')?.[1]);
    const byTag = (await (await page.request.get('/api/marketplace/services?tag=cat:crms')).json()) as { total: number };
    expect(count).toBe(byTag.total);

    await expect(summary(page)).toHaveText(/^Showing page 1 of \d+ \(\d+ total results\)$/);
    // The whole page as a first-time visitor sees it: header, hero, blocks, bar, 50 cards, footer.
    await scrollTop(page);
    await axe(page);
  });

  test('F-CAT-02 a category block filters the grid by its tag; picking it again clears it', async ({ page }) => {
    await rankedBrowser(page);
    await page.goto('/marketplace');
    await waitForGrid(page);
    const block = page.locator('#category-blocks').getByRole('button', { name: /^Photography/ });
    await block.click();
    await expect(block).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => param(page, 'tag')).toBe('cat:photography');
    const server = await expectGridMatchesServer(page);
    expect(server.total).toBeLessThan(76);
    await expect(page.getByRole('button', { name: 'Remove filter: Photography' })).toBeVisible();
    await block.click();
    await expect.poll(() => param(page, 'tag')).toBeNull();
    await expectGridMatchesServer(page);
  });

  test('F-CAT-02 the search and filter bar sticks under the header once scrolled past', async ({ page }) => {
    await page.goto('/marketplace');
    await waitForGrid(page);
    const bar = page.locator('[data-stuck]');
    await expect(bar).toHaveAttribute('data-stuck', 'false');
    await cards(page).nth(8).scrollIntoViewIfNeeded();
    await expect(bar).toHaveAttribute('data-stuck', 'true');
    const box = await bar.boundingBox();
    expect(box?.y).toBe(64);
    await expect(page.getByRole('searchbox', { name: 'Search services' })).toBeInViewport();
  });

  test('F-CAT-02 /lobby shows the five categories with live counts; each opens the marketplace filtered by it', async ({ page }) => {
    await rankedBrowser(page);
    await page.goto('/lobby');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse by Category' })).toBeVisible();
    const links = page.getByRole('main').getByRole('list').getByRole('link');
    await expect(links).toHaveCount(5);
    const home = links.filter({ hasText: 'Home & Property' });
    await expect(home).toContainText(/\d+ services/);
    const shown = Number(/(\d+) services/.exec((await home.textContent()) ?? '')?.[1]);
    await home.click();
    await expect(page).toHaveURL(/\/marketplace\?category=home-property$/);
    const server = await expectGridMatchesServer(page);
    expect(server.total).toBe(shown);
    await expect(page.getByRole('button', { name: 'Remove filter: Home & Property' })).toBeVisible();
  });

  test('F-CAT-06 fresh=1 loads the marketplace data again, bypassing the browser cache, then leaves the address', async ({ page }) => {
    await rankedBrowser(page);
    await page.goto('/marketplace');
    await waitForGrid(page);
    const reload = page.waitForRequest((r) => r.url().endsWith('/api/marketplace/data'));
    await page.goto('/marketplace?fresh=1&q=crm');
    const req = await reload;
    // fetch(..., { cache: 'reload' }) makes Chromium ask the server again with Cache-Control: no-cache.
    expect((await req.allHeaders())['cache-control']).toBe('no-cache');
    await expect.poll(() => new URL(page.url()).search).toBe('?q=crm');
    await expectGridMatchesServer(page);
  });
});
