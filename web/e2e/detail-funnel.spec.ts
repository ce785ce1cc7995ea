import { test, type Page } from './support/fixtures';
import { AXE_TIMEOUT_MS, waitForGrid } from './marketplace-helpers';
import { requestBarrier } from './support/timing';
import {
  CLOSINGBELL_ID,
  expect,
  freshAgent,
  funnel,
  funnelUrl,
  LAKESHORE_ID,
  NESTFLOW,
  NESTFLOW_ID,
  openFunnel,
  purchases,
  recordEvents,
  recordPurchases,
  stubVideoHosts,
} from './detail-helpers';

test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ page }) => {
  await stubVideoHosts(page);
});

/**
 * Waits until the page's requests have settled, at most 5 s: a media element may keep the network
 * busy for longer on a loaded machine, and an unbounded networkidle wait then hangs the test.
 */
async function settle(page: Page): Promise<void> {
  await Promise.race([page.waitForLoadState('networkidle'), page.waitForTimeout(5_000)]);
}

const section = (page: Page, name: string | RegExp) => funnel(page).getByRole('button', { name });

test.describe('F-CAT-08 service detail funnel page', () => {
  test('F-CAT-08 a shared link opens the funnel page: hero media, badges, headline, rating, stats, single-open sections', async ({ page, axe, problems }) => {
    test.setTimeout(AXE_TIMEOUT_MS);
    problems.allow({
      reason: 'the demo ships pictures but no video files (docs/adr/0005-demo-data.md): /demo/media/ answers 404',
      kind: 'http',
      url: '/demo/media/nestflow-crm-mobile.mp4',
      status: 404,
      required: true,
    });
    await openFunnel(page, NESTFLOW_ID);
    const f = funnel(page);
    await expect(page.getByRole('dialog', { name: new RegExp(NESTFLOW) })).toBeVisible();
    await expect(f.getByRole('heading', { level: 1, name: 'Never Let Another Lead Go Cold' })).toBeVisible();
    await expect(f.getByText('Speed-to-lead, daily call lists and AI follow-up in one mobile CRM.')).toBeVisible();
    await expect(f.getByText('Verified Pro', { exact: true })).toBeVisible();
    await expect(f.getByText('Premium Provider', { exact: true })).toBeVisible();
    await expect(f.getByText(/^Rated \d\.\d out of 5 from 3 reviews?$/).first()).toBeAttached();
    const stats = f.getByRole('definition');
    await expect(stats.filter({ hasText: '5x' })).toHaveCount(1);
    await expect(f.getByText('Avg ROI')).toBeVisible();
    await expect(f.getByText('Time to Results')).toBeVisible();
    await expect(f.getByText('Same day')).toBeVisible();

    // YouTube watch link -> privacy-enhanced embed, behind a button until asked for (the
    // video's facade); thumbnails 2-5 switch the main media.
    const hero = f.getByTestId('hero-media');
    await expect(hero).toHaveAttribute('data-kind', 'youtube');
    await expect(hero.locator('iframe')).toHaveCount(0);
    await hero.getByRole('button', { name: 'Watch the video' }).click();
    await expect(hero.locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aQ4rT7yU1iO?autoplay=1');
    const thumbs = f.getByRole('button', { name: /^Show media \d/ });
    await expect(thumbs).toHaveCount(5);
    await thumbs.nth(1).click();
    await expect(hero).toHaveAttribute('data-kind', 'video');
    await expect(hero.locator('video')).toHaveAttribute('src', '/demo/media/nestflow-crm-mobile.mp4');
    await thumbs.nth(2).click();
    await expect(hero).toHaveAttribute('data-kind', 'image');
    await thumbs.nth(4).click(); // youtu.be short link
    await hero.getByRole('button', { name: 'Watch the video' }).click();
    await expect(hero.locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/Lm3Nb8Vc2Xz?autoplay=1');

    // Five sections, single-open, the first open.
    const titles = ['Why Should I Care?', "What's My ROI Potential?", 'How Soon Will I See Results?', "What's Included?", 'Proof It Works'];
    for (const title of titles) await expect(section(page, new RegExp(title.replace(/[?]/g, '\\?'))).first()).toBeVisible();
    await expect(section(page, /Why Should I Care/)).toHaveAttribute('aria-expanded', 'true');
    await section(page, /Proof It Works/).click();
    await expect(section(page, /Proof It Works/)).toHaveAttribute('aria-expanded', 'true');
    await expect(section(page, /Why Should I Care/)).toHaveAttribute('aria-expanded', 'false');
    await expect(f.getByTestId('case-study')).toBeVisible();
    await section(page, /Proof It Works/).click();
    await expect(section(page, /Proof It Works/)).toHaveAttribute('aria-expanded', 'false');

    // Blue verified disclaimer with its last-updated date.
    const disclaimer = f.getByTestId('disclaimer');
    await expect(disclaimer).toHaveAttribute('data-variant', 'verified');
    await expect(disclaimer.getByRole('heading', { name: 'Verified Pricing Disclaimer' })).toBeVisible();
    await expect(disclaimer.getByText(/^Last updated: [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(disclaimer.getByRole('link', { name: /Visit Website/ })).toBeVisible();
    await expect(disclaimer.getByRole('button', { name: 'Book Consultation' })).toBeVisible();

    // Suggestions: at most 6.
    const suggestions = f.getByTestId('suggestions').getByRole('listitem');
    await expect(suggestions.first()).toBeVisible();
    expect(await suggestions.count()).toBeLessThanOrEqual(6);
    await axe(page, { include: '[role=dialog]' });

    await page.keyboard.press('Escape');
    await expect(funnel(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/marketplace$/);
  });

  test('F-CAT-08 packages: Monthly/Yearly with "Save up to 20%", Most Popular, Select Package/Selected, Show n More Features', async ({ page }) => {
    await openFunnel(page, NESTFLOW_ID);
    const f = funnel(page);
    await expect(f.getByRole('heading', { name: 'Choose Your Package' })).toBeVisible();
    const cards = f.getByRole('region', { name: 'Choose Your Package' }).getByRole('article');
    const pro = f.getByRole('article', { name: 'Growth', exact: true });
    const starter = f.getByRole('article', { name: 'Starter', exact: true });
    const power = f.getByRole('article', { name: 'Power', exact: true });
    await expect(cards).toHaveCount(3);
    await expect(pro.getByText('Most Popular')).toBeVisible();
    await expect(pro.getByRole('button', { name: 'Selected' })).toHaveAttribute('aria-pressed', 'true');
    await expect(pro).toContainText('$129/mo');
    await expect(f.getByText('Save up to 20%')).toBeVisible();
    await f.getByRole('button', { name: 'Yearly' }).click();
    await expect(pro).toContainText('$1,290/yr');
    await f.getByRole('button', { name: 'Monthly' }).click();
    await starter.getByRole('button', { name: 'Select Package' }).click();
    await expect(starter.getByRole('button', { name: 'Selected' })).toBeVisible();
    await expect(pro.getByRole('button', { name: 'Select Package' })).toBeVisible();
    // Buy Now shows the selected package's total.
    await expect(f.getByTestId('bottom-actions').getByRole('button', { name: 'Buy Now - $79' })).toBeVisible();
    // A visitor is not Pro: the pro-only Power package is locked.
    await expect(power.getByRole('link', { name: /Upgrade to Access/ })).toHaveAttribute('href', '/pricing');
    await expect(power.getByRole('link', { name: /Upgrade to Access/ })).toHaveAttribute('target', '_blank');
    await expect(power.getByRole('listitem')).toHaveCount(4);
    await power.getByRole('button', { name: 'Show 5 More Features' }).click();
    await expect(power.getByRole('listitem')).toHaveCount(9);
    await power.getByRole('button', { name: 'Show Less' }).click();
    await expect(power.getByRole('listitem')).toHaveCount(4);
  });

  test('F-CAT-08 every fallback of a service without funnel content: TBD stats, default sections, amber disclaimer, Sign In to Add to Cart', async ({ page }) => {
    await recordPurchases(page);
    await openFunnel(page, LAKESHORE_ID);
    const f = funnel(page);
    await expect(f.getByRole('definition').filter({ hasText: /^TBD$/ })).toHaveCount(2); // Avg ROI, Time to Results
    await expect(f.getByRole('definition').filter({ hasText: '2 business days' })).toBeVisible();
    await expect(f.getByText('Not Verified', { exact: true })).toBeVisible();
    await section(page, /ROI Potential/).click();
    await expect(f.getByText('ROI data is not available for this service yet. Contact the vendor for details.')).toBeVisible();
    await section(page, /How Soon/).click();
    await expect(f.getByText(/Setup: 24-48 hours \(about 2-3 hours of your time\)/)).toBeVisible();
    await section(page, /What's Included/).click();
    await expect(f.getByText('Information Coming Soon')).toBeVisible();
    await section(page, /Proof It Works/).click();
    await expect(f.getByText('Proven across 1000+ implementations by real-estate agents nationwide.')).toBeVisible();
    await expect(f.getByText('No reviews yet. Be the first to share your experience.')).toBeVisible();
    const disclaimer = f.getByTestId('disclaimer');
    await expect(disclaimer).toHaveAttribute('data-variant', 'unverified');
    await expect(disclaimer.getByRole('heading', { name: 'Unverified Vendor Disclaimer' })).toBeVisible();
    // Quick Actions without direct purchase: Book Consultation, and no Pricing without packages.
    const quick = f.getByRole('region', { name: 'Quick Actions' });
    await expect(quick.getByRole('button', { name: 'Book Consultation' })).toBeVisible();
    await expect(quick.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
    await expect(quick.getByRole('button', { name: 'Pricing' })).toHaveCount(0);
    await expect(quick.getByRole('link', { name: /View Our Website/ })).toBeVisible();
    // A visitor's bottom action: Sign In to Add to Cart hands the request to the cart layer.
    await f.getByRole('button', { name: 'Sign In to Add to Cart' }).click();
    await expect.poll(() => purchases(page)).toEqual([expect.objectContaining({ serviceId: LAKESHORE_ID, mode: 'add' })]);
  });

  test('F-CAT-08 first paint needs 2 API requests; the detail chunk is not part of the first paint and loads once', async ({ page }) => {
    // Not in the page's HTML nor its preload header: the first paint never waits for it.
    const first = await page.request.get('/marketplace');
    expect(await first.text()).not.toMatch(/DetailView/);
    expect(first.headers()['link'] ?? '').not.toMatch(/DetailView/);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/marketplace');
    await waitForGrid(page);
    await page.waitForLoadState('networkidle');

    const api: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) api.push(`${r.method()} ${u.pathname}`);
    });
    await page.getByRole('button', { name: `Learn more about ${NESTFLOW}` }).first().click();
    await expect(page.getByTestId('sales-dialog')).toBeVisible();
    // Downloaded once: when the marketplace was idle (issue 28 item 15), or at the latest now.
    expect(scripts.filter((s) => /DetailView/.test(s))).toHaveLength(1);
    // The view is recorded in an effect after the dialog's render, so it is awaited: a
    // networkidle wait here returned at once (the page had reached that state on its first load)
    // and the test failed whenever the record was a moment late.
    await expect.poll(() => [...api].sort()).toEqual([`GET /api/services/${NESTFLOW_ID}`, `POST /api/services/${NESTFLOW_ID}/views`]);
  });

  test('F-CAT-08 another service\'s funnel page opens from a suggestion in 2 API requests and the address follows', async ({ page }) => {
    await openFunnel(page, NESTFLOW_ID);
    const first = funnel(page).getByTestId('suggestions').getByRole('button', { name: /^View / }).first();
    const name = (await first.textContent())!.replace(/^View /, '');
    await settle(page);
    const api: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) api.push(`${r.method()} ${u.pathname.replace(/svc-[a-z0-9-]+/, '{id}')}`);
    });
    const viewed = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/services\/[^/]+\/views$/.test(new URL(r.url()).pathname));
    await first.click();
    await expect(page.getByRole('dialog', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
    await expect(page).toHaveURL(/view=funnel/);
    expect(new URL(page.url()).searchParams.get('service')).not.toBe(NESTFLOW_ID);
    // First paint of a funnel page: the detail and the view record, nothing else (a request the
    // page started after them would reach the test before the barrier's).
    await expect(funnel(page).getByRole('heading', { level: 1 })).toBeVisible();
    await viewed;
    await requestBarrier(page);
    expect(api.sort()).toEqual(['GET /api/services/{id}', 'POST /api/services/{id}/views']);
  });
});

test.describe('F-CAT-08 loading, not found and error states', () => {
  test('F-CAT-08 an unknown service says "Service not found"', async ({ page, problems }) => {
    problems.allow({ reason: 'the service does not exist: the API answers 404', kind: 'http', url: '/api/services/svc-does-not-exist', status: 404, required: true });
    problems.allow({ reason: "Chromium's echo of that 404", kind: 'console', text: 'Failed to load resource' });
    await page.goto('/marketplace?service=svc-does-not-exist');
    await expect(page.getByRole('dialog', { name: 'Service not found' })).toBeVisible();
    await expect(page.getByText('This service is no longer available.')).toBeVisible();
    await page.getByRole('dialog', { name: 'Service not found' }).getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
  });

  test('F-CAT-08 a failed load shows the error with Try again, which loads the page', async ({ page, problems }) => {
    problems.allow({ reason: 'the detail request fails on purpose (503)', kind: 'http', url: `/api/services/${NESTFLOW_ID}`, status: 503, required: true });
    problems.allow({ reason: "Chromium's echo of that 503", kind: 'console', text: 'Failed to load resource' });
    const fail = (route: import('@playwright/test').Route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'unavailable', message: 'down' }) });
    await page.route(`**/api/services/${NESTFLOW_ID}`, fail);
    await page.goto(funnelUrl(NESTFLOW_ID));
    await expect(page.getByRole('dialog', { name: 'Unable to load this service' })).toBeVisible();
    await page.unroute(`**/api/services/${NESTFLOW_ID}`, fail);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(funnel(page).getByRole('heading', { level: 1, name: 'Never Let Another Lead Go Cold' })).toBeVisible();
  });
});

test.describe('F-CAT-08 share and F-CAT-13 tracking (signed in)', () => {
  test('F-CAT-08 F-CAT-13 agent: share popover with a UTM link carrying the minted referral token; events recorded', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await freshAgent(page, 'share'); // an agent (agent@demo.test signs in in detail-sales; two sessions at once bring up the sessions dialog)
    await recordPurchases(page);
    const events = recordEvents(page);
    await openFunnel(page, NESTFLOW_ID);
    const f = funnel(page);

    const minted = page.waitForResponse((r) => r.url().endsWith('/api/referral-tokens') && r.request().method() === 'POST');
    await f.getByRole('button', { name: `Share ${NESTFLOW}` }).click();
    const token = ((await (await minted).json()) as { token: string }).token;
    const popover = f.getByTestId('share-popover');
    const expected = `${new URL(page.url()).origin}/services/nestflow-crm-for-solo-agents--${NESTFLOW_ID}?utm_source=nestflow-crm-for-solo-agents&utm_medium=share&utm_campaign=deal_share&ref=${token}`;
    await expect(popover).toHaveAttribute('data-link', expected);
    expect(decodeURIComponent((await popover.getByRole('link', { name: 'Text Message' }).getAttribute('href')) ?? '')).toContain(expected);
    expect(await popover.getByRole('link', { name: 'Email' }).getAttribute('href')).toMatch(/^mailto:\?subject=NestFlow%20CRM/);
    await popover.getByRole('button', { name: 'Copy Link' }).click();
    await expect(page.getByRole('status').getByText('Link copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

    // Pricing scrolls to the packages and logs a click.
    await f.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Pricing' }).click();
    await expect(f.getByRole('heading', { name: 'Choose Your Package' })).toBeInViewport();

    // The website opens in a new tab and logs an outbound click.
    const popup = page.waitForEvent('popup');
    await f.getByRole('region', { name: 'Quick Actions' }).getByRole('link', { name: /View Our Website/ }).click();
    await (await popup).close();

    // Buy Now with the selected package goes to the cart layer and logs a purchase.
    await f.getByTestId('bottom-actions').getByRole('button', { name: /^Buy Now - / }).click();
    await expect.poll(() => purchases(page)).toEqual([
      expect.objectContaining({ serviceId: NESTFLOW_ID, mode: 'buy_now', packageName: 'Growth', shownPriceCents: 12900, serviceName: NESTFLOW }),
    ]);

    await expect
      .poll(() => events.map((e) => e.event_type).sort())
      .toEqual(['click', 'outbound_click', 'purchase', 'share', 'share_completed']);
    expect(events.find((e) => e.event_type === 'share_completed')?.event_data).toMatchObject({ channel: 'copy' });
    expect(events.find((e) => e.event_type === 'click')?.event_data).toMatchObject({ target: 'pricing' });
    expect(events.every((e) => e.service === NESTFLOW_ID)).toBe(true);
  });

  test('F-CAT-13 Book Consultation logs a booking event and goes to the booking screen', async ({ page }) => {
    await freshAgent(page, 'booking');
    const events = recordEvents(page);
    await openFunnel(page, CLOSINGBELL_ID);
    await funnel(page).getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Book Consultation' }).click();
    await expect(page).toHaveURL(new RegExp(`/book-meeting\\?service=${CLOSINGBELL_ID}$`));
    await expect.poll(() => events.map((e) => e.event_type)).toEqual(['booking']);
  });

  test('F-CAT-08 a visitor\'s share link has no ref and nothing is tracked', async ({ page }) => {
    const events = recordEvents(page);
    await page.goto(funnelUrl(NESTFLOW_ID));
    await funnel(page).getByRole('button', { name: `Share ${NESTFLOW}` }).click();
    await expect(funnel(page).getByTestId('share-popover')).toHaveAttribute('data-link', /deal_share$/);
    await requestBarrier(page);
    expect(events).toEqual([]);
  });
});

test.describe('F-APP-06 detail copy in every language', () => {
  for (const [lang, packages, sections, quick] of [
    ['es', 'Elija su paquete', '¿Por qué debería importarme?', 'Acciones rápidas'],
    ['fr', 'Choisissez votre forfait', "Pourquoi m'y intéresser ?", 'Actions rapides'],
  ] as const) {
    test(`F-CAT-08 the funnel page in ${lang}`, async ({ page }) => {
      await page.addInitScript((l) => {
        try {
          window.localStorage.setItem('preferredLanguage', l);
        } catch {
          // about:blank has no storage
        }
      }, lang);
      await openFunnel(page, NESTFLOW_ID);
      const f = funnel(page);
      await expect(f.getByRole('heading', { name: packages })).toBeVisible();
      await expect(f.getByRole('button', { name: new RegExp(sections.replace(/[?]/g, '\\?')) })).toBeVisible();
      await expect(f.getByRole('heading', { name: quick })).toBeVisible();
      // A missing translation key logs a console error, which fails the test (fixtures).
      await f.getByRole('button', { name: /^(Anual|Annuel)$/ }).click();
    });
  }
});
