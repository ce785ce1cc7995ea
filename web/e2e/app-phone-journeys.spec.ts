/**
 * Issue 18 acceptance at 390x844 (F-APP-07, F-CAT-02, F-CAT-03, F-CAT-08, F-PAY-03): a whole
 * journey on a phone, every route without horizontal scroll, axe with the phone's dialogs open, and
 * the marketplace's first card and layout shift measured.
 */
import { createUser, freshEmail, STRONG_PASSWORD } from './auth-helpers';
import { cartDialog, choiceDialog, expect, NESTFLOW, payOnBuiltInPage } from './cart-helpers';
import { cards, rankedBrowser, signIn, waitForGrid } from './marketplace-helpers';
import { APP_ROUTES, FORBIDDEN_HEADING, NOT_FOUND_HEADING, ROUTES, type RouteRow, type ScreenAccess } from './support/routes';
import { test, type Page } from './support/fixtures';

const PHONE = { width: 390, height: 844 };

const UNKNOWN_PARTNER_LINK = {
  reason: "the route table's sample /partner-checkout/abc is no payment link: its screen says so after a 404",
  kind: 'http',
  url: '/api/partner-checkout/',
  status: 404,
} as const;

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
});

/**
 * Issue 32 acceptance: no route of the route table shows a placeholder, as any role. The demo
 * accounts hold the roles of 01§6 (internal/roles: creator, vendor, pro, support, admin; an
 * affiliate is an agent with an affiliate account, no role). holds are the screen levels the web
 * app's viewer grants (src/lib/session.ts toViewer); administrators open every screen.
 */
const WALK_ROLES: readonly { name: string; email: string | null; admin?: boolean; holds: readonly ScreenAccess[] }[] = [
  { name: 'visitor', email: null, holds: [] },
  { name: 'agent', email: 'agent@demo.test', holds: [] },
  { name: 'Pro agent', email: 'pro@demo.test', holds: ['pro'] },
  { name: 'vendor', email: 'vendor@demo.test', holds: ['vendor'] },
  { name: 'creator', email: 'creator@demo.test', holds: ['creator'] },
  { name: 'support staff', email: 'support@demo.test', holds: ['support'] },
  { name: 'administrator', email: 'admin@demo.test', admin: true, holds: [] },
];

/** The role levels of the route table, in the order WALK_ROLES lists them. */
const ROLE_LEVELS = ['pro', 'creator', 'vendor', 'support'] as const;

type Outcome = { what: 'screen' | 'sign-in' | 'forbidden'; heading: string | null };

/** What a role must see on a row, from the access the route table declares (app/access/access.ts decideAccess). */
function outcome(row: RouteRow, role: (typeof WALK_ROLES)[number]): Outcome {
  if (row.access === 'visitor') return { what: 'screen', heading: row.heading };
  // The sign-in prompt is titled with the screen's title.
  if (!role.email) return { what: 'sign-in', heading: row.title };
  if (row.access === 'user' || role.admin || role.holds.includes(row.access)) return { what: 'screen', heading: row.heading };
  return { what: 'forbidden', heading: FORBIDDEN_HEADING };
}

/**
 * Opens a path inside the running app, as its links do (a history entry and a pop the router
 * follows), so a walk loads each screen's code once instead of the whole app per route.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

interface Seen {
  path: string;
  title: string;
  h1: string | null;
  placeholder: boolean;
  /** The access screen shown in the screen's place (AccessGuard's data-access-screen), if any. */
  access: string | null;
}

const seen = (page: Page): Promise<Seen> =>
  page.evaluate(() => ({
    path: window.location.pathname,
    title: document.title,
    // A service's page is its details dialog alone (nothing under it in main): its heading is
    // the dialog's.
    h1: (document.querySelector('#main-content h1') ?? document.querySelector('[role="dialog"] h1'))?.textContent?.trim() ?? null,
    placeholder: document.querySelector('#main-content [data-area-page]') !== null,
    access: document.querySelector('#main-content [data-access-screen]')?.getAttribute('data-access-screen') ?? null,
  }));

test.describe('F-APP-02 the route table as every role at 390 px', () => {
  test.use({ viewport: PHONE });

  // One test per role, so the two workers share them.
  for (const role of WALK_ROLES) {
    test(`F-APP-02 F-APP-07 the route table as ${role.name}: every screen, sign-in prompt or access screen, never the placeholder or not-found, none wider than the phone`, async ({
      warmPage: page,
      problems,
    }) => {
      test.setTimeout(120_000);
      problems.allow(UNKNOWN_PARTNER_LINK);
      if (role.admin) {
        problems.allow({
          reason: "an administrator owns no vendor: /vendor-dashboard/consultations shows the bookings and says there is no vendor's availability after its 404",
          kind: 'http',
          url: '/api/vendor/consultations/availability',
          status: 404,
          required: true,
        });
      }
      if (role.email) {
        await signIn(page, role.email);
        // The roles the walk expects are the ones the account holds.
        const { profile: p } = (await (await page.request.get('/api/auth/session')).json()) as { profile: Record<string, boolean> };
        const holds = ROLE_LEVELS.filter((r) => ({ pro: p.is_pro_effective, creator: p.is_creator || p.is_staff, vendor: p.vendor_enabled, support: p.is_support })[r]);
        // Administrators open every screen whatever else they hold.
        if (role.admin) expect(p.is_admin_effective).toBe(true);
        else expect({ admin: p.is_admin_effective, holds }).toEqual({ admin: false, holds: role.holds });
      }
      await page.goto('/lobby');
      await expect(page.getByRole('heading', { level: 1, name: 'Browse by Category' })).toBeVisible();
      const wrong: string[] = [];
      for (const row of [...ROUTES, ...APP_ROUTES]) {
        // A signed-in member's /auth sends them on once their session is known; that wait made
        // the walk flaky under a full run's load (the screen had no heading for 15 s). The
        // visitor's walk covers the sign-in screens; members' sign-in redirects have their tests.
        if (role.email && row.path.startsWith('/auth')) continue;
        const want = outcome(row, role);
        await openInApp(page, row.path);
        const target = row.path.split('?')[0]!;
        let last: Seen | undefined;
        // Settled: the row's screen is on (its title set, a heading shown: the previous screen's
        // cannot pass for it), or the screen sent its viewer on (a signed-in member's /auth).
        const settled = (s: Seen) =>
          s.path !== target || (s.title === `${row.title} | Circle` && s.h1 !== null && (want.heading === null || s.h1 === want.heading));
        try {
          await expect.poll(async () => settled((last = await seen(page))), { timeout: 15_000 }).toBe(true);
        } catch {
          wrong.push(`${row.path}: wanted the ${want.what} "${want.heading ?? row.title}", saw the ${last?.access ?? 'screen'} "${last?.h1}" titled "${last?.title}"`);
          continue;
        }
        const s = last!;
        if (s.path !== target) continue;
        if (s.placeholder) wrong.push(`${row.path}: the placeholder card`);
        if (s.h1 === NOT_FOUND_HEADING) wrong.push(`${row.path}: the not-found screen`);
        if ((s.access ?? 'screen') !== want.what) wrong.push(`${row.path}: the ${s.access ?? 'screen'} instead of the ${want.what}`);
        // Measured once the screen's eager pictures have loaded (as the load event would, which an
        // in-app visit has not): a picture without a set size widens the page only then.
        await expect
          .poll(() => page.evaluate(() => Array.from(document.images).every((i) => i.complete || i.loading === 'lazy')), { timeout: 10_000 })
          .toBe(true);
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) wrong.push(`${row.path}: wider than the phone (+${overflow}px)`);
      }
      expect(wrong, `what ${role.name} sees on the route table`).toEqual([]);
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
