import { expect, expectScreen, test, type Page } from './support/fixtures';
import { NOT_FOUND_HEADING, ROUTES } from './support/routes';
import { eagerScripts } from './support/scripts';

const errorPanel = (page: Page) => page.getByRole('heading', { name: /^Something went wrong in/ });

// The route table opens /partner-checkout/abc, a token no link has: the screen asks for it and
// says the link is not valid (the API's 404 is the answer, not a fault).
const unknownPartnerLink = { reason: 'an unknown payment link token answers 404', kind: 'http', url: '/api/partner-checkout/', status: 404 } as const;

test.describe('F-APP-02 route table', () => {
  for (const route of ROUTES) {
    const label = route.heading ?? `the ${route.title} screen`;
    const alias = route.aliasOf ? ` (alias of ${route.aliasOf})` : '';
    test(`F-APP-02 ${route.path} renders ${label}${alias}`, async ({ warmPage: page, problems }) => {
      if (route.path.startsWith('/partner-checkout/')) problems.allow(unknownPartnerLink);
      const res = await page.goto(route.path);
      expect(res?.status(), 'the server answers a deep link with the app').toBe(200);
      if (route.heading) {
        await expectScreen(page, route.heading);
      } else {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(errorPanel(page)).toHaveCount(0);
      }
      await expect(page).toHaveTitle(`${route.title} | Circle`);
      await expect(page.getByRole('heading', { name: NOT_FOUND_HEADING })).toHaveCount(0);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }
});

test.describe('F-APP-01 single binary serves the SPA', () => {
  test('F-APP-01 screens load lazily behind the route spinner', async ({ page }) => {
    const eager = await eagerScripts(page);
    const lazy: string[] = [];
    // Hold every on-demand chunk until the spinner has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (!eager.has(path)) {
        lazy.push(path);
        await held;
      }
      await route.continue();
    });
    await page.goto('/lobby', { waitUntil: 'commit' });
    const spinner = page.getByRole('main').getByRole('status').filter({ hasText: 'Loading…' });
    await expect(spinner).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    release();
    await expectScreen(page, 'Browse by Category');
    await expect(spinner).toHaveCount(0);
    expect(lazy.length, 'the lobby screen came from a chunk index.html does not load').toBeGreaterThan(0);

    // Navigating inside the app fetches the next screen's code only then.
    const before = lazy.length;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expectScreen(page, 'Circle Pro');
    expect(lazy.length, 'the pricing screen was fetched on demand').toBeGreaterThan(before);
  });

  for (const path of ['/admin/accounting', '/legal/seller-agreement', '/affiliate/dashboard', '/partner-checkout/abc']) {
    test(`F-APP-01 hard reload of the deep link ${path} renders the same screen`, async ({ page, problems }) => {
      if (path.startsWith('/partner-checkout/')) problems.allow(unknownPartnerLink);
      const row = ROUTES.find((r) => r.path === path);
      expect(row?.heading).toBeTruthy();
      await page.goto(path);
      await expectScreen(page, row!.heading!);
      const res = await page.reload();
      expect(res?.status()).toBe(200);
      await expectScreen(page, row!.heading!);
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  for (const path of ['/no-such-page', '/legal/unknown-doc', '/ministry/success/extra', '/payment/success/x']) {
    test(`F-APP-01 unknown path ${path} answers 404 and shows "Oops! Page not found" with a working link home`, async ({ page, problems }) => {
      problems.allow({ reason: 'an unknown path answers 404 (issue 33: no soft 404s)', kind: 'http', url: path, status: 404, required: true });
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expectScreen(page, NOT_FOUND_HEADING);
      await expect(page).toHaveTitle(`${NOT_FOUND_HEADING} | Circle`);
      await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: NOT_FOUND_HEADING })).toHaveCount(0);
      await expect(page).toHaveTitle('Marketplace | Circle');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('F-APP-01 the binary serves the API beside the app', async ({ request }) => {
    const health = await request.get('/healthz');
    expect(health.status()).toBe(200);
    const config = await request.get('/api/config');
    expect(config.status()).toBe(200);
    expect(config.headers()['content-type']).toContain('application/json');
    expect(await config.json()).toMatchObject({ maintenance_mode: false, min_build_version: '1.0.0' });
    const index = await request.get('/lobby');
    expect(index.headers()['content-type']).toContain('text/html');
    expect(await index.text()).toContain('<div id="root">');
  });
});
