/**
 * Issue 33 (F-CAT-08; docs/areas/service-pages.md): a service's page, /services/{slug}, opened
 * directly. The server's HTML is on screen before any script runs (title, price, picture,
 * rating; Open Graph and JSON-LD in the head); then the app takes over from the detail answer the
 * page carries (no second request for it) with the service's funnel page open, and its Save,
 * Share and Add to Cart work; taking over shifts nothing (CLS under 0.05, measured by a PerformanceObserver from
 * the first paint on). At 390 and 1366 px, axe clean.
 */
import { test, type Page } from './support/fixtures';
import { cartDialog, choiceDialog, expect, freshAgent } from './cart-helpers';
import { funnel, stubVideoHosts } from './detail-helpers';
import { layoutShifts, recordLayoutShifts } from './support/timing';

const HDR = 'HDR Listing Photography';
const HDR_ID = 'svc-listingloop-hdr-photos'; // one-time price, reviews, no Buy Now: Add to Cart
const SLUG = `hdr-listing-photography--${HDR_ID}`;

test.describe.configure({ timeout: 90_000 });

/** The app's scripts wait until release() is called, so the test sees the server's page alone. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`F-CAT-08 a service page opened directly: server HTML first, then the app without a shift or a second fetch, Save, Share and Add to Cart work (${viewport.width} px)`, async ({
      page,
      axe,
    }) => {
      await stubVideoHosts(page);
      await recordLayoutShifts(page);
      await freshAgent(page, `service-page-${viewport.width}`);
      const detailRequests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === `/api/services/${HDR_ID}`) detailRequests.push(r.url());
      });
      const release = await holdScripts(page);
      const res = await page.goto(`/services/${SLUG}?utm_source=hdr-listing-photography&utm_medium=share&utm_campaign=deal_share`, {
        waitUntil: 'commit',
      });
      expect(res?.status()).toBe(200);

      // The server's page, before any script: the service's heading, price, picture and rating.
      const article = page.locator('article[data-server-page="service"]');
      await expect(article.getByRole('heading', { level: 1, name: HDR })).toBeVisible();
      await expect(article.locator('[data-field="price"]')).toHaveText(/^\$\d/);
      await expect(article.locator('[data-field="rating"]')).toContainText(/reviews?/);
      const img = article.getByRole('img', { name: HDR });
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`/services/${SLUG}/share\\.png`));
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { '@graph': Array<{ '@type': string }> };
      expect(ld['@graph'].map((n) => n['@type'])).toEqual(['Product', 'Organization', 'BreadcrumbList']);
      await axe(page);

      // The app takes over with the service's funnel page open, from the page's data.
      release();
      await expect(page.getByRole('dialog', { name: new RegExp(`^${HDR}`) })).toBeVisible();
      const f = funnel(page);
      await expect(f.getByRole('region', { name: 'Choose Your Package' })).toBeVisible();
      await expect(article).toHaveCount(0);
      await expect(f.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
      // Two frames after the app's screen, every shift of taking over has been reported.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const { cls, shifts } = await layoutShifts(page);
      test.info().annotations.push({ type: 'CLS', description: `${cls.toFixed(4)} (${shifts.length} shifts)` });
      console.log(`service page at ${viewport.width} px: CLS ${cls.toFixed(4)} from ${shifts.length} shifts`);
      expect(cls, `layout shifts:\n${shifts.join('\n')}`).toBeLessThan(0.05);
      expect(detailRequests, 'the app asked again for the details the page carries').toEqual([]);
      await axe(page);

      // Save and share work as on any funnel page: the heart saves through the API; the share
      // menu's link is this page's address with the spec's campaign fields.
      const heart = f.getByRole('button', { name: `Save ${HDR}` });
      const saved = page.waitForResponse((r) => r.url().endsWith(`/api/saved/${HDR_ID}`) && r.request().method() === 'PUT');
      await heart.click();
      expect((await saved).status()).toBe(200);
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await f.getByRole('button', { name: `Share ${HDR}` }).click();
      const popover = f.getByTestId('share-popover');
      await expect(popover).toHaveAttribute(
        'data-link',
        new RegExp(`/services/${SLUG}\\?utm_source=hdr-listing-photography&utm_medium=share&utm_campaign=deal_share(&ref=[\\w-]+)?$`),
      );
      await f.getByRole('button', { name: `Share ${HDR}` }).click(); // closes the menu

      // Add to Cart works as everywhere: the payment choice, then the cart with the service.
      await f.getByRole('button', { name: 'Add to Cart' }).click();
      await choiceDialog(page).getByRole('button', { name: /Pay Retail Price/ }).click();
      await expect(cartDialog(page).getByTestId('cart-line').filter({ hasText: HDR })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    });
  });
}

test('F-CAT-08 an unknown service answers 404 and the app says it is not found; an old shared link moves to the page (issue 33)', async ({ page, problems }) => {
  const res = await page.request.get(`/marketplace?service=${HDR_ID}&view=funnel&utm_medium=share&ref=usr-1`, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers()['location']).toBe(`/services/${SLUG}?ref=usr-1&utm_medium=share`);

  const missing = '/services/nothing--svc-does-not-exist';
  problems.allow({ reason: 'an unknown service answers 404 (issue 33: no soft 404s)', kind: 'http', url: missing, status: 404, required: true });
  problems.allow({ reason: 'the app asks for the unknown service and is told it is not found', kind: 'http', url: '/api/services/svc-does-not-exist', status: 404 });
  const page404 = await page.goto(missing);
  expect(page404?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByText('Service not found').first()).toBeVisible();
});
