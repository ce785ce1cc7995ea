/**
 * Issue 33 (F-CAT-08): a service's page (/services/{slug}) is the server's HTML (readable with
 * scripts off: title, price, picture, Open Graph, JSON-LD) and then the app: it takes over with
 * the service's funnel page open, from the detail answer the page carries (no second request for
 * it), and its purchase action (Buy Now on this funnel page) works.
 */
import { test } from './support/fixtures';
import { expect, freshAgent, NESTFLOW, NESTFLOW_ID } from './cart-helpers';
import { funnel, purchases, recordPurchases, stubVideoHosts } from './detail-helpers';

const SLUG = `nestflow-crm-for-solo-agents--${NESTFLOW_ID}`;

test.describe.configure({ timeout: 90_000 });

test('F-CAT-08 a service page opened directly shows the server HTML, then works as the app (issue 33)', async ({ page, browser, baseURL }) => {
  // Without JavaScript: the server's page, as a link preview or a crawler reads it.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await noScript.newPage();
  const res = await plain.goto(`/services/${SLUG}?utm_medium=share`);
  expect(res?.status()).toBe(200);
  await expect(plain.getByRole('heading', { level: 1, name: NESTFLOW })).toBeVisible();
  await expect(plain.locator('[data-field="price"]')).toContainText('$');
  await expect(plain.locator('article img')).toHaveAttribute('src', /\/demo\/services\//);
  await expect(plain.locator('meta[property="og:title"]')).toHaveAttribute('content', NESTFLOW);
  await expect(plain.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`/services/${SLUG}/share\\.png`));
  const ld = JSON.parse((await plain.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { '@graph': Array<{ '@type': string }> };
  expect(ld['@graph'].map((n) => n['@type'])).toEqual(['Product', 'Organization', 'BreadcrumbList']);
  await noScript.close();

  // With JavaScript, signed in: the app takes over with the funnel page open.
  await stubVideoHosts(page);
  await recordPurchases(page);
  await freshAgent(page, 'share-page');
  const detailRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/services/${NESTFLOW_ID}`) detailRequests.push(r.url());
  });
  await page.goto(`/services/${SLUG}`);
  const f = funnel(page);
  await expect(f).toBeVisible();
  await expect(f.getByRole('heading', { name: 'Choose Your Package' })).toBeVisible();
  // The app started from the page's data: it did not ask for the same details again.
  expect(detailRequests).toEqual([]);

  // The app's purchase action works from it (NestFlow's funnel page buys with Buy Now).
  await f.getByRole('button', { name: /^Buy Now/ }).first().click();
  await expect.poll(async () => (await purchases(page)).map((p) => p.serviceId)).toContain(NESTFLOW_ID);
});
