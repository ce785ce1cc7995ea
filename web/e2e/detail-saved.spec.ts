import { privateServerTest, test } from './support/fixtures';
import { expect, FARM_ID, freshAgent, funnel, funnelUrl, LAKESHORE_ID, NESTFLOW, NESTFLOW_ID, openFunnel, stubVideoHosts } from './detail-helpers';

test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ page }) => {
  await stubVideoHosts(page);
});

const RECENT_KEY = 'circle-recently-viewed';

test.describe('F-CAT-12 saved services', () => {
  test('F-CAT-12 the heart saves through /api/saved; /saved lists it with notes; remove', async ({ page }) => {
    await freshAgent(page, 'saved');
    await openFunnel(page, NESTFLOW_ID);
    const heart = funnel(page).getByRole('button', { name: `Save ${NESTFLOW}` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    const put = page.waitForResponse((r) => r.url().endsWith(`/api/saved/${NESTFLOW_ID}`) && r.request().method() === 'PUT');
    await heart.click();
    expect((await put).status()).toBe(200);
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/saved');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Services' })).toBeVisible();
    const item = page.getByTestId('saved-list').getByRole('article', { name: NESTFLOW });
    await expect(item).toBeVisible();
    await item.getByRole('textbox', { name: `Notes for ${NESTFLOW}` }).fill('Ask about team pricing');
    const notes = page.waitForRequest((r) => r.url().endsWith(`/api/saved/${NESTFLOW_ID}`) && r.method() === 'PUT');
    await item.getByRole('button', { name: 'Save notes' }).click();
    expect((await notes).postDataJSON()).toEqual({ notes: 'Ask about team pricing' });
    await expect(page.getByRole('status').getByText('Notes saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: `Notes for ${NESTFLOW}` })).toHaveValue('Ask about team pricing');
    await expect(page.getByRole('link', { name: 'View details' })).toHaveAttribute('href', funnelUrl(NESTFLOW_ID));

    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('heading', { name: "You haven't saved any services yet." })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse the Marketplace' })).toHaveAttribute('href', '/marketplace');
  });

  test('F-CAT-12 a visitor: the heart asks to sign in and /saved offers sign-in', async ({ page }) => {
    await openFunnel(page, NESTFLOW_ID);
    await funnel(page).getByRole('button', { name: `Save ${NESTFLOW}` }).click();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Please sign in')).toBeVisible();
    await page.goto('/saved');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Services' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' }).last()).toHaveAttribute('href', '/auth?redirect=%2Fsaved');
  });
});

test.describe('F-CAT-12 recently viewed and customers also viewed', () => {
  test('F-CAT-12 recently viewed: kept in circle-recently-viewed, shown on the page, remove one, Clear all, gone services noted', async ({ page }) => {
    const old = Date.now() - 31 * 24 * 60 * 60 * 1000;
    await page.addInitScript(
      ([key, old]) => {
        try {
          if (window.localStorage.getItem('e2e-recent-seeded')) return;
          window.localStorage.setItem('e2e-recent-seeded', '1');
        } catch {
          return; // about:blank has no storage
        }
        window.localStorage.setItem(
          key as string,
          JSON.stringify([
            { serviceId: 'svc-gone-forever', title: 'Gone', viewedAt: Date.now() - 1000 },
            { serviceId: 'svc-too-old', title: 'Old', viewedAt: old },
          ]),
        );
      },
      [RECENT_KEY, old] as const,
    );
    await openFunnel(page, FARM_ID);
    await page.goto(funnelUrl(LAKESHORE_ID));
    await expect(funnel(page)).toBeVisible();
    await page.goto(funnelUrl(NESTFLOW_ID));
    await expect(funnel(page)).toBeVisible();
    const stored = (await page.evaluate((k) => JSON.parse(window.localStorage.getItem(k) ?? '[]'), RECENT_KEY)) as Array<{ serviceId: string; title: string; viewedAt: number }>;
    expect(stored.map((e) => e.serviceId)).toEqual([NESTFLOW_ID, LAKESHORE_ID, FARM_ID, 'svc-gone-forever']);
    expect(stored[0]).toMatchObject({ title: NESTFLOW, viewedAt: expect.any(Number) });

    const recent = funnel(page).getByRole('region', { name: 'Recently Viewed' });
    await funnel(page).getByTestId('disclaimer').scrollIntoViewIfNeeded(); // the cards load when scrolled near
    await expect(recent.getByTestId('recently-viewed').getByRole('listitem')).toHaveCount(2); // the current service is not listed
    await expect(recent.getByText('Some services are no longer available')).toBeVisible();
    await recent.getByRole('button', { name: /^Remove Neighborhood Farming Mail Program$/ }).click();
    await expect(recent.getByTestId('recently-viewed').getByRole('listitem')).toHaveCount(1);
    await recent.getByRole('button', { name: 'Clear all' }).click();
    await expect(funnel(page).getByRole('region', { name: 'Recently Viewed' })).toHaveCount(0);
    expect(await page.evaluate((k) => window.localStorage.getItem(k), RECENT_KEY)).toBeNull();
  });

  test('F-CAT-12 bundles on the funnel page only with the serviceBundles flag', async ({ page }) => {
    await openFunnel(page, NESTFLOW_ID);
    await expect(funnel(page).getByTestId('suggestions')).toBeVisible();
    await expect(funnel(page).getByTestId('bundles')).toHaveCount(0);
    await page.goto(`${funnelUrl(NESTFLOW_ID)}&ff_serviceBundles=on`);
    const bundles = funnel(page).getByTestId('bundles');
    await expect(bundles.getByRole('heading', { level: 3 })).toHaveText(['Complete CRM Bundle', 'Starter Bundle', 'Premium Bundle']);
  });
});

privateServerTest.describe('F-CAT-12 customers also viewed', () => {
  privateServerTest('F-CAT-12 customers also viewed: a carousel of what the same viewers opened, 4 per page with dots', async ({ page }) => {
    // Three other browsers viewed NestFlow and six other services each. A view counts once per
    // browser (IP address and user agent) and at most 3 browsers per network per 15 minutes, so
    // each gets its own user agent, on a server of its own (the shared one has seen this
    // address's browsers view NestFlow all run long).
    const others = ['svc-closingbell-tc', 'svc-brightpath-social-ads', 'svc-harborline-preapproval', 'svc-listingloop-hdr-photos', 'svc-pixelroof-virtual-staging', 'svc-cedarpine-idx-website'];
    for (let v = 0; v < 3; v++) {
      const key = `e2e-also-${Date.now().toString(36)}-${v}`;
      const headers = { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) circle-e2e-also-viewed/${key}` };
      for (const id of [NESTFLOW_ID, ...others]) {
        expect((await page.request.post(`/api/services/${id}/views`, { data: { viewer_key: key }, headers })).status()).toBe(200);
      }
    }
    await openFunnel(page, NESTFLOW_ID);
    const also = funnel(page).getByRole('region', { name: 'Customers Also Viewed' });
    await funnel(page).getByTestId('disclaimer').scrollIntoViewIfNeeded(); // it loads when scrolled near
    const list = also.getByTestId('also-viewed').getByRole('listitem');
    await expect(list).toHaveCount(4);
    const dots = also.getByRole('group', { name: 'Pages' }).getByRole('button');
    expect(await dots.count()).toBeGreaterThanOrEqual(2);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await expect(also.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const firstPage = await list.allTextContents();
    await also.getByRole('button', { name: 'Next' }).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(list.first()).not.toHaveText(firstPage[0]!);
    await dots.first().click();
    await expect(list).toHaveText(firstPage);
  });
});
