/**
 * Issue 18 acceptance at 390x844 (F-APP-07, F-CAT-02, F-CAT-03, F-CAT-08, F-PAY-03): a whole
 * journey on a phone, every route without horizontal scroll, axe with the phone's dialogs open, and
 * the marketplace's first card and layout shift measured.
 */
import { createUser, freshEmail, STRONG_PASSWORD } from './auth-helpers';
import { cartDialog, choiceDialog, expect, NESTFLOW, payOnBuiltInPage } from './cart-helpers';
import { cards, rankedBrowser, signIn, waitForGrid } from './marketplace-helpers';
import { NOT_FOUND_HEADING, ROUTES } from './support/routes';
import { test, type Page } from './support/fixtures';

const PHONE = { width: 390, height: 844 };

const cardNamed = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('F-APP-07 phone journeys at 390 px', () => {
  test.use({ viewport: PHONE });
  test.describe.configure({ timeout: 120_000 });

  test('F-APP-07 F-CAT-03 F-PAY-03 sign in from the menu, search, filter in the sheet, open a service, add to cart and check out', async ({
    page,
    axe,
  }) => {
    await rankedBrowser(page);
    // An account of its own: it fills and pays its own cart.
    const email = freshEmail('phone-journey');
    await createUser(email);

    await page.goto('/marketplace');
    await waitForGrid(page);
    // Search and results come first: the first card starts within the first two screens.
    const firstTop = await cards(page).first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(firstTop).toBeLessThan(2 * PHONE.height);

    // Sign in from the menu.
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).not.toHaveURL(/\/auth/);

    // Search.
    await page.goto('/marketplace');
    await waitForGrid(page);
    await page.getByRole('searchbox').first().fill('crm');
    await expect(page).toHaveURL(/[?&]q=crm/);
    await expect(cardNamed(page, NESTFLOW)).toBeVisible();

    // Filter in the full-height sheet: the live count, Apply, the chip.
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    const box = await sheet.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(PHONE.height - 1);
    await sheet.getByRole('checkbox', { name: 'Verified vendors' }).check();
    await expect(page).toHaveURL(/verified=/);
    await expect(sheet.getByRole('status')).toHaveText(/^\d+ results?$/);
    await axe(page);
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('button', { name: 'Remove filter: Verified vendors' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The card shows this member's price: retail, with the Pro price as the upsell.
    const card = cardNamed(page, NESTFLOW);
    await expect(card.getByText('Retail Price')).toBeVisible();
    await expect(card.getByText('Pro $99/mo')).toBeVisible();

    // Open the service: its dialog opens at its top; the page behind is inert.
    await card.getByRole('button', { name: `Learn more about ${NESTFLOW}` }).click();
    const details = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: NESTFLOW }) }).first();
    await expect(details).toBeVisible();
    await expect(details.getByRole('heading', { name: NESTFLOW }).first()).toBeInViewport();
    await expect(page.locator('#main-content').locator('xpath=ancestor-or-self::*[@inert]')).not.toHaveCount(0);
    await axe(page);
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);

    // Add to cart and check out in the same tab.
    await card.getByRole('button', { name: `Add to cart: ${NESTFLOW}` }).click();
    await choiceDialog(page).getByRole('button', { name: /Pay Retail Price/ }).click();
    const cart = cartDialog(page);
    await expect(cart.getByText(NESTFLOW, { exact: true })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
    await payOnBuiltInPage(page, '$129');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
    await page.request.delete('/api/cart');
  });

  for (const who of ['visitor', 'admin@demo.test'] as const) {
    test(`F-APP-07 no route of the route table scrolls sideways at 390 px (${who})`, async ({ warmPage: page, problems }) => {
      test.setTimeout(300_000);
      problems.allow({
        reason: "the route table's sample /partner-checkout/abc is no payment link: its screen says so after a 404",
        kind: 'http',
        url: '/api/partner-checkout/',
        status: 404,
      });
      if (who !== 'visitor') await signIn(page, who);
      const wide: string[] = [];
      const placeholders: string[] = [];
      // Issue 32: no route shows a placeholder. The placeholder was the area card (AreaPage,
      // marked data-area-page; the academy's switched-off notice is its only other use), titled
      // with the route's title; so no route shows that card, none falls to the not-found screen,
      // and every screen's heading is its row's (a visitor's sign-in prompt carries the same). An
      // unknown back-office address is an admin's own screen with the sections to go on to.
      const rows = who === 'visitor' ? ROUTES : [...ROUTES, { path: '/admin/no-such-page', heading: 'Admin page not found' }];
      for (const route of rows) {
        await page.goto(route.path);
        await expect(page.locator('#main-content')).not.toBeEmpty();
        // The screen itself, not the route spinner.
        const h1 = page.getByRole('heading', { level: 1 }).first();
        await expect(h1).toBeVisible();
        await expect(h1, `${route.path} falls to the not-found screen`).not.toHaveText(NOT_FOUND_HEADING);
        await page.waitForLoadState('load');
        const text = (await h1.innerText()).trim();
        // A screen that sends its viewer on (a signed-in admin's /auth) is that other screen.
        const stayed = new URL(page.url()).pathname === new URL(route.path, page.url()).pathname;
        if ((await page.locator('#main-content [data-area-page]').count()) > 0 || (stayed && route.heading && text !== route.heading)) {
          placeholders.push(`${route.path} ("${text}")`);
        }
        const over = await horizontalOverflow(page);
        if (over > 0) wide.push(`${route.path} (+${over}px)`);
      }
      expect(placeholders, 'routes showing the area card or another heading than their own').toEqual([]);
      expect(wide, 'routes wider than the phone').toEqual([]);
    });
  }
});

/** Milliseconds from navigation start to the first service card, and the layout shift by then + 2 s. */
async function measureFirstCard(page: Page, path: string): Promise<{ ms: number; cls: number }> {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstCard?: number; __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) w.__cls += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver((_, obs) => {
      if (document.querySelector('article[data-service-id]')) {
        w.__firstCard = performance.now();
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(path);
  await waitForGrid(page);
  await page.waitForTimeout(2000);
  return page.evaluate(() => {
    const w = window as unknown as { __firstCard?: number; __cls: number };
    return { ms: Math.round(w.__firstCard ?? Infinity), cls: w.__cls };
  });
}

test.describe('F-CAT-02 marketplace speed and layout shift', () => {
  test.describe.configure({ timeout: 120_000 });

  test('F-CAT-02 the built app answers /marketplace with the preload of its data and route chunks, and does not serve its build manifest', async ({
    request,
  }) => {
    // The bundle-size check once deleted the manifest the server reads, and the Link header
    // silently disappeared from every build.
    // A browser that has been signed in (the first screen in the HTML is for signed-out visitors,
    // whose page brings its data instead of preloading it; first-paint.spec.ts covers them).
    const page = await request.get('/marketplace', { headers: { cookie: 'circle_signed_in=1' } });
    const link = page.headers()['link'] ?? '';
    expect(link).toContain('</api/marketplace/data>; rel=preload; as=fetch');
    expect(link).toMatch(/<\/assets\/MarketplacePage-[^>]+\.js>; rel=modulepreload/);
    expect((await request.get('/.vite/manifest.json')).status()).toBe(404);
  });

  for (const viewport of [{ width: 1366, height: 900 }, PHONE]) {
    // @quiet: scripts/e2e.sh runs it before every other test, alone, so the budget is measured
    // on a machine that is not also running another browser beside it.
    test(`F-CAT-02 the first service card shows within 1.5 s (median of 5) and the page shifts less than 0.05 at ${viewport.width} px`, { tag: '@quiet' }, async ({
      browser,
    }, testInfo) => {
      const runs: { ms: number; cls: number }[] = [];
      for (let i = 0; i < 5; i++) {
        // A fresh context each time: nothing cached but what a first visit has.
        const context = await browser.newContext({ viewport, baseURL: testInfo.project.use.baseURL });
        await context.addInitScript(() => {
          const consent = { necessary: true, analytics: false, functional: false, marketing: false, version: '1.0' };
          window.localStorage.setItem('circle-cookie-consent', JSON.stringify({ ...consent, timestamp: new Date().toISOString() }));
        });
        const page = await context.newPage();
        await rankedBrowser(page);
        runs.push(await measureFirstCard(page, '/marketplace'));
        await context.close();
      }
      const times = runs.map((r) => r.ms).sort((a, b) => a - b);
      const median = times[2]!;
      const worstCls = Math.max(...runs.map((r) => r.cls));
      testInfo.annotations.push({ type: 'first card (ms)', description: `median ${median}; runs ${times.join(', ')}` });
      testInfo.annotations.push({ type: 'CLS', description: runs.map((r) => r.cls.toFixed(3)).join(', ') });
      console.log(`first card at ${viewport.width} px: median ${median} ms (${times.join(', ')}); CLS ${runs.map((r) => r.cls.toFixed(3)).join(', ')}`);
      // Issue 18's budget. On the 2-core test machine with another spec running beside it the
      // median was 0.88 s at 1366 px and 0.78 s at 390 px on 2026-11-26 (0.63-0.65 s alone),
      // since the page loads in four script requests instead of about 35; beside the heaviest
      // spec it once went over 1.5 s in CI (session 15), hence the quiet run.
      expect(median).toBeLessThanOrEqual(1500);
      expect(worstCls).toBeLessThan(0.05);
    });
  }
});
