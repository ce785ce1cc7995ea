import { expect as baseExpect, privateServerTest, test, type Page, type Request, type Response } from './support/fixtures';
import { AXE_TIMEOUT_MS, cards, rankedBrowser, signIn, summary, waitForGrid } from './marketplace-helpers';
import { requestBarrier } from './support/timing';

// The machine running these is shared and slow: generous waits (the budgets asserted stay as they are).
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

const topDeals = (page: Page) => page.getByRole('region', { name: 'Top Deals' });
const dealList = (page: Page) => page.getByTestId('top-deals');

test.beforeEach(async ({ page }) => {
  await rankedBrowser(page);
});

test.describe('F-CAT-05 Top Deals', () => {
  test('F-CAT-05 hidden while the topDeals flag is off (its default)', async ({ page }) => {
    await page.goto('/marketplace');
    await waitForGrid(page);
    await expect(page.getByRole('heading', { name: 'Top Deals' })).toHaveCount(0);
  });

  test('F-CAT-05 with the flag on: the snapshot\'s top 12, compact cards with at most 2 badges, previous/next buttons and arrow keys', async ({
    page,
    axe,
  }) => {
    test.setTimeout(AXE_TIMEOUT_MS);
    await page.goto('/marketplace?ff_topDeals=on');
    await expect(topDeals(page)).toBeVisible();
    const snapshot = (await (await page.request.get('/api/marketplace/data')).json()) as { top_deals: Array<{ title: string }> };
    expect(snapshot.top_deals).toHaveLength(12);
    const items = dealList(page).locator('article');
    await expect(items).toHaveCount(12);
    await expect(items.locator('h3')).toHaveText(snapshot.top_deals.map((d) => d.title));
    for (let i = 0; i < 12; i++) {
      expect(await items.nth(i).getByRole('list', { name: 'Badges' }).getByRole('listitem').count()).toBeLessThanOrEqual(2);
    }
    const prev = topDeals(page).getByRole('button', { name: 'Previous deals' });
    const next = topDeals(page).getByRole('button', { name: 'Next deals' });
    await expect(prev).toBeDisabled();
    const scrollLeft = () => dealList(page).evaluate((el) => el.scrollLeft);
    await next.click();
    await expect.poll(scrollLeft).toBeGreaterThan(0);
    await expect(prev).toBeEnabled();
    await prev.click();
    await expect.poll(scrollLeft).toBe(0);
    await dealList(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrollLeft).toBeGreaterThan(0);
    await axe(page, { include: '[data-testid="top-deals"]' });
  });

  test('F-CAT-05 with reduced motion the carousel still moves, without smooth scrolling', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/marketplace?ff_topDeals=on');
    await expect(topDeals(page)).toBeVisible();
    await topDeals(page).getByRole('button', { name: 'Next deals' }).click();
    // Without smooth scrolling the position is final at once.
    expect(await dealList(page).evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  test('F-CAT-13 sponsored deals log an impression and a click once per 5 minutes, only with sponsoredPlacements on', async ({ page }) => {
    // The demo's Top Deals hold no sponsored service: put a real sponsored one in the snapshot's list.
    const catalogue = (await (await page.request.get('/api/marketplace/services?page_size=100')).json()) as {
      services: Array<{ id: string; is_sponsored: boolean }>;
    };
    const sponsored = catalogue.services.find((s) => s.is_sponsored)!;
    await page.route('**/api/marketplace/data', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { top_deals: unknown[] };
      body.top_deals = [sponsored, ...body.top_deals.slice(0, 11)];
      await route.fulfill({ response: res, json: body });
    });
    const events: Array<{ event: string; context: string }> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/services\/[^/]+\/sponsored$/.test(new URL(r.url()).pathname)) {
        events.push(r.postDataJSON() as { event: string; context: string });
      }
    });

    await page.goto('/marketplace?ff_topDeals=on&ff_sponsoredPlacements=off');
    await expect(dealList(page).locator('article')).toHaveCount(12);
    await requestBarrier(page);
    expect(events).toEqual([]);

    const impression = page.waitForResponse((r) => r.url().endsWith(`/api/services/${sponsored.id}/sponsored`));
    await page.goto('/marketplace?ff_topDeals=on&ff_sponsoredPlacements=on');
    expect(await (await impression).json()).toEqual({ recorded: true });
    const click = page.waitForResponse((r) => r.url().endsWith(`/api/services/${sponsored.id}/sponsored`));
    await dealList(page).locator(`article[data-service-id="${sponsored.id}"]`).getByRole('button', { name: /^Learn more about/ }).click();
    await click;
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(dealList(page).locator('article')).toHaveCount(12);
    await requestBarrier(page);
    expect(events.map((e) => `${e.event}/${e.context}`)).toEqual(['impression/carousel_view', 'click/carousel_click']);
  });

  test('F-APP-08 sponsored services carry a "Sponsored" badge only with the sponsoredBadges flag on', async ({ page }) => {
    const catalogue = (await (await page.request.get('/api/marketplace/services?page_size=100')).json()) as {
      services: Array<{ id: string; is_sponsored: boolean }>;
    };
    const sponsored = catalogue.services.filter((s) => s.is_sponsored).map((s) => s.id);
    expect(sponsored.length).toBeGreaterThan(0);
    await page.goto('/marketplace?page_size=100');
    await waitForGrid(page);
    await expect(page.locator('#services-grid').getByText('Sponsored', { exact: true })).toHaveCount(0);
    await page.goto('/marketplace?page_size=100&ff_sponsoredBadges=on');
    await waitForGrid(page);
    await expect(page.locator('#services-grid').getByText('Sponsored', { exact: true })).toHaveCount(sponsored.length);
    for (const id of sponsored) {
      await expect(page.locator(`article[data-service-id="${id}"]`).getByText('Sponsored', { exact: true })).toBeVisible();
    }
  });

  test('F-CAT-05 trending and bestseller badges follow the server\'s lists', async ({ page }) => {
    await page.goto('/marketplace?page_size=100');
    await waitForGrid(page);
    const snapshot = (await (await page.request.get('/api/marketplace/data')).json()) as {
      trending_ids: string[];
      bestseller_ids: string[];
      first_page: { services: Array<{ id: string; is_featured: boolean; is_top_pick: boolean }> };
    };
    expect(snapshot.trending_ids.length).toBeGreaterThan(0);
    expect(snapshot.bestseller_ids.length).toBeGreaterThan(0);
    // A trending service that is neither featured nor a top pick shows "Trending" first.
    const plain = snapshot.first_page.services.find((s) => snapshot.trending_ids.includes(s.id) && !s.is_featured && !s.is_top_pick);
    if (plain) {
      await expect(page.locator(`article[data-service-id="${plain.id}"]`).getByRole('list', { name: 'Badges' }).getByRole('listitem').first()).toHaveText('Trending');
    }
    const best = snapshot.bestseller_ids[0]!;
    await expect(page.locator(`article[data-service-id="${best}"]`).getByText('Bestseller')).toBeAttached();
  });
});

privateServerTest.describe('F-CAT-05 Top Deals and app_config', () => {
  privateServerTest('F-CAT-05 top_deals_enabled=false hides Top Deals even with the flag on', async ({ page, appConfig }) => {
    await appConfig.set({ top_deals_enabled: false });
    await page.goto('/marketplace?ff_topDeals=on');
    await waitForGrid(page);
    await expect(page.getByRole('heading', { name: 'Top Deals' })).toHaveCount(0);
  });
});

privateServerTest.describe('F-CAT-06 admin tools', () => {
  privateServerTest('F-CAT-06 admins see the cache health badge, Refresh Cache, Clear Cache and Rerank (in the filters), with the spec\'s toasts', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto('/marketplace');
    await waitForGrid(page);
    const tools = page.getByRole('region', { name: 'Admin tools' });
    const badge = page.getByTestId('cache-health');
    // Whatever the table holds now (a worker's server may have had its cache cleared before).
    await expect(badge).toHaveText(/^(Cache (fresh|stale) · 76 services · 31 vendors|No cache)$/);

    await tools.getByRole('button', { name: 'Refresh Cache' }).click();
    await expect(page.getByText('Cache Refreshed', { exact: true })).toBeVisible();
    await expect(page.getByText('Updated 76 services and 31 vendors')).toBeVisible();
    await expect(badge).toHaveText('Cache fresh · 76 services · 31 vendors');

    // Clear Cache empties the cache; the page then reads its data again, which rebuilds it, and
    // only then the badge: it ends on a cache built after the clear.
    const health = async () => (await (await page.request.get('/api/admin/marketplace/cache')).json()) as { generated_at: string };
    const before = await health();
    const healthUrl = (r: Response) => r.url().endsWith('/api/admin/marketplace/cache');
    const cleared = page.waitForResponse((r) => healthUrl(r) && r.request().method() === 'DELETE');
    // Only a read the page sends once the clear has answered: the badge's own poll may be in
    // flight across the click and answer with the cache from before.
    let clearAnswered = false;
    const sentAfterClear = new Set<Request>();
    page.on('response', (r) => {
      if (healthUrl(r) && r.request().method() === 'DELETE') clearAnswered = true;
    });
    page.on('request', (req) => {
      if (clearAnswered && req.method() === 'GET' && req.url().endsWith('/api/admin/marketplace/cache')) sentAfterClear.add(req);
    });
    const reread = page.waitForResponse((r) => healthUrl(r) && sentAfterClear.has(r.request()));
    await tools.getByRole('button', { name: 'Clear Cache' }).click();
    expect((await cleared).ok()).toBe(true);
    await expect(page.getByText('Cache Cleared', { exact: true })).toBeVisible();
    const after = (await (await reread).json()) as { exists: boolean; generated_at: string };
    expect(after.exists).toBe(true);
    expect(Date.parse(after.generated_at)).toBeGreaterThan(Date.parse(before.generated_at));
    await expect(badge).toHaveText('Cache fresh · 76 services · 31 vendors');

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: 'Rerank' }).click();
    await expect(page.getByText('Reranking Complete')).toBeVisible();
    await expect(page.getByText('Services have been re-ranked based on latest metrics.')).toBeVisible();
    await waitForGrid(page);
  });

  privateServerTest('F-CAT-06 failures say "Rerank Failed", "Refresh Failed" and "Error: Failed to clear cache"', async ({ page, problems }) => {
    problems.allow({ reason: 'admin endpoints fail on purpose', kind: 'http', url: /\/api\/admin\/marketplace\//, status: 500 });
    await signIn(page, 'admin@demo.test');
    await page.route(/\/api\/admin\/marketplace\/(rerank|cache\/refresh)$/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"internal","message":"boom"}' }),
    );
    await page.route(/\/api\/admin\/marketplace\/cache$/, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"internal","message":"boom"}' })
        : route.continue(),
    );
    await page.goto('/marketplace');
    await waitForGrid(page);
    const tools = page.getByRole('region', { name: 'Admin tools' });
    await tools.getByRole('button', { name: 'Refresh Cache' }).click();
    await expect(page.getByText('Refresh Failed')).toBeVisible();
    await expect(page.getByText('Failed to refresh marketplace cache')).toBeVisible();
    await tools.getByRole('button', { name: 'Clear Cache' }).click();
    await expect(page.getByText('Failed to clear cache')).toBeVisible();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: 'Rerank' }).click();
    await expect(page.getByText('Rerank Failed')).toBeVisible();
    await expect(page.getByText('Failed to trigger service reranking.')).toBeVisible();
  });

  privateServerTest('F-CAT-06 the cache health is polled every 60 s', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.clock.install();
    let polls = 0;
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/admin/marketplace/cache') polls++;
    });
    await page.goto('/marketplace');
    await waitForGrid(page);
    // The app must hold the first answer before the fake clock jumps: an interval that fires
    // while a read is still in flight joins that read instead of sending a second one.
    await expect(page.getByTestId('cache-health')).not.toHaveText(/Checking/);
    expect(polls).toBe(1);
    await page.clock.runFor(61_000);
    await expect.poll(() => polls).toBe(2);
  });

  test('F-CAT-13 admins open View spikes from the admin tools: the window\'s suspicious views, none in the demo', async ({ page, axe }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto('/marketplace');
    await waitForGrid(page);
    await page.getByRole('region', { name: 'Admin tools' }).getByRole('link', { name: 'View spikes' }).click();
    await expect(page).toHaveURL(/\/admin\/view-spikes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'View Spikes' })).toBeVisible();
    await expect(page.getByText('No suspicious spikes')).toBeVisible();
    const answer = page.waitForResponse((r) => r.url().includes('/api/admin/marketplace/view-spikes?window_minutes=1440'));
    await page.getByLabel('Window').selectOption({ label: 'Last 24 hours' });
    expect((await answer).status()).toBe(200);
    await expect(page.getByText('No suspicious spikes')).toBeVisible();
    await axe(page);
  });

  privateServerTest('F-CAT-06 agents do not see the admin tools', async ({ page }) => {
    await signIn(page, 'agent@demo.test');
    await page.goto('/marketplace');
    await waitForGrid(page);
    await expect(page.getByRole('region', { name: 'Admin tools' })).toHaveCount(0);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page.getByRole('checkbox', { name: 'Top Pick' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rerank' })).toHaveCount(0);
  });
});

test.describe('F-ENG-10 QA panel and intro', () => {
  test('F-ENG-10 ?qa=1 shows the QA panel: A/B variants, active sort, admin flag, user, counts', async ({ page }) => {
    await page.goto('/marketplace?qa=1&sort=newest');
    await waitForGrid(page);
    const qa = page.getByTestId('qa-panel');
    await expect(qa).toContainText('Ranking A/B (ranking_v1)ranked (stored)');
    await expect(qa).toContainText('Active sortnewest');
    await expect(qa).toContainText('Adminno');
    await expect(qa).toContainText('Usersigned out');
    await expect(qa).toContainText('Services (catalogue)76');
    await expect(page.getByRole('link', { name: /Open the QA runner/ })).toHaveAttribute('href', '/qa');
  });

  test('F-ENG-10 the intro dialog (forced with ?intro=1 in automated browsers): what Circle is, Explore closes it for 90 days', async ({
    page,
    axe,
  }) => {
    test.setTimeout(AXE_TIMEOUT_MS);
    await page.goto('/?intro=1');
    const intro = page.getByRole('dialog', { name: 'Welcome to Circle' });
    await expect(intro).toBeVisible();
    await expect(intro.getByRole('link', { name: 'Create Free Account' })).toHaveAttribute('href', '/pricing');
    await axe(page, { include: '[role=dialog]' });
    await intro.getByRole('button', { name: 'Explore' }).click();
    await expect(intro).toHaveCount(0);
    const shownAt = Number(await page.evaluate(() => localStorage.getItem('circle-intro-shown-at')));
    expect(Date.now() - shownAt).toBeLessThan(60_000);
    // Automated browsers never get it unasked, so other tests are not interrupted: run the page's
    // clock past the intro's 800 ms delay, then let a dialog it opened render before looking.
    await page.clock.install();
    await page.goto('/');
    await waitForGrid(page);
    await page.clock.runFor(1_000);
    await requestBarrier(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('F-CAT-06 loading, errors and recovery', () => {
  // A visitor's /marketplace carries its first screen and data in the HTML (issue 33), so it asks
  // nothing the tests below could slow down or fail. A browser that has signed in before
  // (circle_signed_in) gets the app's own load, which is what these tests are about.
  test.beforeEach(async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'circle_signed_in', value: '1', url: baseURL ?? '' }]);
  });

  test('F-CAT-06 when the snapshot fails the page loads directly and offers "System Recovery Available"', async ({ page, problems }) => {
    problems.allow({ reason: 'the snapshot fails on purpose', kind: 'http', url: '/api/marketplace/data', status: 503, required: true });
    await page.route('**/api/marketplace/data', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"unavailable","message":"All marketplace data sources failed"}' }),
    );
    await page.goto('/marketplace?qa=1');
    await waitForGrid(page);
    await expect(summary(page)).toHaveText('Showing page 1 of 2 (76 total results)');
    await expect(page.getByRole('heading', { name: 'System Recovery Available' })).toBeVisible();
    await expect(page.getByTestId('qa-panel')).toContainText('direct load (snapshot unavailable)');

    await page.unroute('**/api/marketplace/data');
    await page.getByRole('button', { name: 'Refresh System' }).click();
    await expect(page.getByText('Our apologies, we hit a snag')).toBeVisible();
    await expect(page.getByText('Let me refresh the system for you...')).toBeVisible();
    await expect(page.getByText('System refreshed successfully')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'System Recovery Available' })).toHaveCount(0);
  });

  test('F-CAT-06 when everything fails: automatic recovery once, then "Recovery attempt failed" and the snag notice', async ({
    page,
    problems,
  }) => {
    problems.allow({ reason: 'the marketplace API fails on purpose', kind: 'http', url: /\/api\/marketplace\//, status: 503, required: true });
    await page.route(/\/api\/marketplace\/(data|services|vendors)/, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"unavailable","message":"down"}' }),
    );
    // The retries' back-off (1, 2, 4 s...) and the recovery run on the page's fake clock, moved
    // on a second at a time until the recovery has failed.
    await page.clock.install();
    await page.goto('/marketplace');
    const recoveryFailed = page.getByText('Recovery attempt failed');
    await expect
      .poll(async () => {
        await page.clock.runFor(1_000);
        return recoveryFailed.isVisible();
      })
      .toBe(true);
    await expect(page.getByText('Our apologies, we hit a snag').first()).toBeVisible();
    await expect(page.getByText('Please try refreshing the page manually.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'System Recovery Available' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('F-CAT-06 a load slower than 8 s is flagged', async ({ page }) => {
    // The page's Link header preloads the data as the HTML arrives, a request page.route does not
    // hold back here; the page is served without it, so the slow request below is the only load.
    await page.route(/\/marketplace$/, async (route) => {
      const res = await route.fetch();
      const headers = { ...res.headers() };
      delete headers['link'];
      await route.fulfill({ response: res, headers });
    });
    // The data request is held until the page's fake clock has passed 8 s (no wall-clock wait).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let asked = false;
    await page.route('**/api/marketplace/data', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    // The installed clock runs; stopped before the page exists, its timers fire only when run.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto('/marketplace');
    await expect.poll(() => asked).toBe(true);
    await page.clock.runFor(7_900);
    await expect(page.getByText('This is taking longer than usual. Still loading…')).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(page.getByText('This is taking longer than usual. Still loading…')).toBeVisible();
    // The answer arrives and the clock runs on (the query library batches its updates on timers).
    release();
    await page.clock.resume();
    await waitForGrid(page);
    await expect(page.getByText('This is taking longer than usual. Still loading…')).toHaveCount(0);
  });
});
