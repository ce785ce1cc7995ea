import { expect as baseExpect, test, type Page } from './support/fixtures';
import {
  apiQueryFromUrl,
  expectGridMatchesServer,
  gridTitles,
  openFilters,
  AXE_TIMEOUT_MS,
  param,
  rankedBrowser,
  scrollTop,
  serverPage,
  summary,
  waitForGrid,
} from './marketplace-helpers';

// The machine running these is shared and slow: generous waits (the budgets asserted stay as they are).
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

const TOTAL = 76; // active services in the demo catalogue

test.beforeEach(async ({ page }) => {
  await rankedBrowser(page);
});

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search services' });

async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  // Committed 300 ms after the last keystroke.
  await expect.poll(() => param(page, 'q') ?? '').toBe(text.trim() ? text : '');
}

test.describe('F-CAT-03 search', () => {
  test('F-CAT-03 "crm" finds what the server finds; a two-word query matches either word; short words are ignored', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/marketplace');
    await waitForGrid(page);

    await search(page, 'crm');
    const crm = await expectGridMatchesServer(page);
    expect(crm.total).toBeGreaterThan(0);
    expect(crm.total).toBeLessThan(TOTAL);

    // Several words match any of them: the union is at least as large as each word alone.
    await search(page, 'drone seminar');
    const both = await expectGridMatchesServer(page);
    const drone = await serverPage(page.request, new URLSearchParams('q=drone&ab=ranked'));
    const seminar = await serverPage(page.request, new URLSearchParams('q=seminar&ab=ranked'));
    expect(drone.total).toBeGreaterThan(0);
    expect(seminar.total).toBeGreaterThan(0);
    expect(both.total).toBeGreaterThanOrEqual(Math.max(drone.total, seminar.total));
    expect(both.titles).toEqual(expect.arrayContaining([...drone.titles, ...seminar.titles]));

    // Words under 3 characters are ignored: "ab" shows everything.
    await search(page, 'ab');
    await expect(summary(page)).toHaveText(`Showing page 1 of 2 (${TOTAL} total results)`);

    // Case and accents: "CAFÉ" finds the café service.
    await search(page, 'CAFÉ');
    const cafe = await expectGridMatchesServer(page);
    expect(cafe.titles.some((t) => t.includes('Café'))).toBe(true);

    // Nothing found: the empty state with its chips; a chip searches for it.
    await search(page, 'xyzzy');
    await expect(page.getByRole('heading', { name: 'No services found' })).toBeVisible();
    await page.getByRole('button', { name: 'Direct Mail', exact: true }).click();
    await expect.poll(() => param(page, 'q')).toBe('Direct Mail');
    await expectGridMatchesServer(page);
    await search(page, 'xyzzy');
    await page.getByRole('button', { name: 'Clear all filters' }).first().click();
    await expect.poll(() => param(page, 'q')).toBeNull();
    await expect(summary(page)).toHaveText(`Showing page 1 of 2 (${TOTAL} total results)`);
  });
});

test.describe('F-CAT-03 filters and sorts', () => {
  test('F-CAT-03 each filter changes the results to what the server returns for it', async ({ page }) => {
    test.setTimeout(180000);
    await page.goto('/marketplace');
    await waitForGrid(page);
    const baseline = await gridTitles(page);
    await openFilters(page);
    // Issue 18 item 8c: each filter once (no Featured beside Featured Service, no Co-pay allowed
    // beside Co-Pay Available) and no Clear all while nothing is filtered.
    await expect(page.getByRole('checkbox', { name: 'Top Pick' })).toBeVisible(); // the panel's code has loaded
    const labels = await page.getByRole('checkbox').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).labels?.[0]?.textContent ?? ''));
    expect(labels).toEqual([
      'Verified vendors',
      'Co-pay eligible types (ads, mailers, education, co-branding)',
      'Co-Pay Available',
      'Instant Quote',
      'Featured Service',
      'Top Pick',
      'Pro Member Discount',
    ]);
    await expect(page.getByRole('button', { name: 'Clear all filters' })).toHaveCount(0);

    type Step = { name: string; apply: () => Promise<void>; param: string; clear: () => Promise<void> };
    const checkbox = (label: string) => page.getByRole('checkbox', { name: label, exact: true });
    const steps: Step[] = [
      {
        name: 'category',
        param: 'category',
        apply: () => page.getByLabel('Category', { exact: true }).selectOption('home-property').then(() => undefined),
        clear: () => page.getByLabel('Category', { exact: true }).selectOption('').then(() => undefined),
      },
      {
        name: 'category block',
        param: 'tag',
        apply: () => page.getByLabel('Category block').selectOption('cat:seo').then(() => undefined),
        clear: () => page.getByLabel('Category block').selectOption('').then(() => undefined),
      },
      {
        name: 'minimum rating',
        param: 'min_rating',
        apply: () => page.getByRole('button', { name: '5 stars and up' }).click(),
        clear: () => page.getByRole('button', { name: '5 stars and up' }).click(),
      },
      ...(['Co-Pay Available', 'Instant Quote', 'Featured Service', 'Top Pick', 'Pro Member Discount'] as const).map((label) => ({
        name: `feature ${label}`,
        param: 'features',
        apply: () => checkbox(label).check(),
        clear: () => checkbox(label).uncheck(),
      })),
      ...([
        ['Verified vendors', 'verified'],
        ['Co-pay eligible types (ads, mailers, education, co-branding)', 'copay_eligible'],
      ] as const).map(([label, key]) => ({
        name: label,
        param: key,
        apply: () => checkbox(label).check(),
        clear: () => checkbox(label).uncheck(),
      })),
    ];

    for (const step of steps) {
      await test.step(step.name, async () => {
        await step.apply();
        await expect.poll(() => param(page, step.param), { message: step.name }).not.toBeNull();
        const server = await expectGridMatchesServer(page);
        expect(server.titles, `${step.name} changes the results`).not.toEqual(baseline);
        await step.clear();
        await expect.poll(() => param(page, step.param), { message: step.name }).toBeNull();
      });
    }

    await test.step('price range (sliders, from the data)', async () => {
      const min = page.getByRole('slider', { name: 'Minimum price' });
      const max = page.getByRole('slider', { name: 'Maximum price' });
      await expect(min).toHaveAttribute('min', '0');
      await expect(max).toHaveAttribute('max', /^\d+$/);
      // The top of the slider is the data's max x 1.1 rounded up, reached in whole steps.
      const range = (await (await page.request.get('/api/marketplace/data')).json()) as { price_range: { max: number; step: number } };
      expect(Number(await max.getAttribute('max'))).toBeGreaterThanOrEqual(range.price_range.max);
      expect(await max.getAttribute('step')).toBe(String(range.price_range.step));
      // Each press goes to the slider itself and is seen there before the next one: on a loaded
      // machine a press sent while the first debounced commit re-rendered the panel was lost
      // (min_price 27 instead of 108, once in a helper's run).
      for (let i = 1; i <= 4; i++) {
        await min.press('ArrowRight');
        await expect(min).toHaveValue(String(i * range.price_range.step));
      }
      await expect.poll(() => param(page, 'min_price')).toBe(String(4 * range.price_range.step));
      let server = await expectGridMatchesServer(page);
      expect(server.total).toBeLessThan(TOTAL);
      await max.focus();
      for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowLeft');
      await expect.poll(() => param(page, 'max_price')).not.toBeNull();
      server = await expectGridMatchesServer(page);
      expect(server.titles).not.toEqual(baseline);
      await page.getByRole('button', { name: /^Remove filter: Price/ }).click();
      await expect.poll(() => param(page, 'min_price')).toBeNull();
      expect(param(page, 'max_price')).toBeNull();
    });
    await expectGridMatchesServer(page);
  });

  test('F-CAT-03 each sort orders the results as the server does', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/marketplace');
    await waitForGrid(page);
    const sort = page.getByLabel('Sort by');
    await expect(sort.locator('option')).toHaveText(['Ranked', 'Newest', 'Price: Low to High (per month)', 'Price: High to Low (per month)']);
    const ranked = await gridTitles(page);
    for (const value of ['newest', 'price_low', 'price_high'] as const) {
      await sort.selectOption(value);
      await expect.poll(() => param(page, 'sort')).toBe(value);
      const server = await expectGridMatchesServer(page);
      expect(server.titles, value).not.toEqual(ranked);
    }
    await sort.selectOption('ranked');
    await expect.poll(() => param(page, 'sort')).toBeNull();
    await expect.poll(() => gridTitles(page)).toEqual(ranked);
  });

  test('F-ENG-10 the ranking variant is sent to the server; ?ab=holdout forces the holdout order', async ({ page }) => {
    const variants: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/marketplace/services') variants.push(u.searchParams.get('ab') ?? '');
    });
    await page.goto('/marketplace?ab=holdout');
    await waitForGrid(page);
    await expectGridMatchesServer(page);
    expect(variants).toContain('holdout');
    const holdout = await gridTitles(page);
    const newest = await serverPage(page.request, new URLSearchParams('sort=newest'));
    expect(holdout).toEqual(newest.titles.slice(0, holdout.length));
    // The stored assignment of this browser was not changed by the forced variant.
    expect(await page.evaluate(() => localStorage.getItem('circle-ab-ranking_v1'))).toBe('ranked');
  });
});

test.describe('F-CAT-03 pagination', () => {
  test('F-CAT-03 "Showing page X of Y (N total results)", page sizes 25/50/100, First/Previous/Next/Last only with more than one page', async ({
    page,
  }) => {
    test.setTimeout(120000);
    await page.goto('/marketplace');
    await waitForGrid(page);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    const size = page.getByLabel('Results per page');
    await expect(size).toHaveValue('50');
    await expect(size.locator('option')).toHaveText(['25', '50', '100']);
    await expect(summary(page)).toHaveText(`Showing page 1 of 2 (${TOTAL} total results)`);
    await expect(pages.getByRole('button', { name: 'First' })).toBeDisabled();
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await pages.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => param(page, 'page')).toBe('2');
    await expect(summary(page)).toHaveText(`Showing page 2 of 2 (${TOTAL} total results)`);
    await expectGridMatchesServer(page);
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(pages.getByRole('button', { name: 'Last' })).toBeDisabled();
    await pages.getByRole('button', { name: 'First' }).click();
    await expect.poll(() => param(page, 'page')).toBeNull();

    await size.selectOption('25');
    await expect(summary(page)).toHaveText(`Showing page 1 of 4 (${TOTAL} total results)`);
    await pages.getByRole('button', { name: 'Last' }).click();
    await expect(summary(page)).toHaveText(`Showing page 4 of 4 (${TOTAL} total results)`);
    await expectGridMatchesServer(page);
    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect(summary(page)).toHaveText(`Showing page 3 of 4 (${TOTAL} total results)`);
    await expectGridMatchesServer(page);

    await size.selectOption('100');
    await expect(summary(page)).toHaveText(`Showing page 1 of 1 (${TOTAL} total results)`);
    await expect(pages).toHaveCount(0);
    // The cards past the first 8 are rendered in a transition, right after the first paint.
    await expect.poll(async () => (await gridTitles(page)).length).toBe(TOTAL);
  });

  test('F-CAT-03 changing search, category, featured, verified, co-pay, sort or page size returns to page 1', async ({ page }) => {
    test.setTimeout(180000);
    const onPage3 = async () => {
      await page.goto('/marketplace?page_size=25&page=3');
      await waitForGrid(page);
      await expect(summary(page)).toHaveText(`Showing page 3 of 4 (${TOTAL} total results)`);
      await openFilters(page);
    };
    const changes: Array<[string, () => Promise<unknown>]> = [
      ['search', () => searchBox(page).fill('lead')],
      ['category', () => page.getByLabel('Category', { exact: true }).selectOption('business-professional')],
      ['featured', () => page.getByRole('checkbox', { name: 'Featured Service', exact: true }).check()],
      ['verified', () => page.getByRole('checkbox', { name: 'Verified vendors' }).check()],
      ['co-pay', () => page.getByRole('checkbox', { name: 'Co-Pay Available' }).check()],
      ['sort', () => page.getByLabel('Sort by').selectOption('newest')],
      ['page size', () => page.getByLabel('Results per page').selectOption('50')],
    ];
    for (const [name, change] of changes) {
      await test.step(name, async () => {
        await onPage3();
        await change();
        await expect.poll(() => param(page, 'page'), { message: name }).toBeNull();
        await expect(summary(page)).toHaveText(/^Showing page 1 of /);
        await expectGridMatchesServer(page);
      });
    }
  });
});

test.describe('F-CAT-03 shareable, keyboard, accessible', () => {
  test('F-CAT-03 a filtered, sorted, paged address reproduces the same results after a reload and in another browser', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/marketplace');
    await waitForGrid(page);
    await search(page, 'lead');
    await openFilters(page);
    await page.getByRole('checkbox', { name: 'Instant Quote' }).check();
    await page.getByLabel('Sort by').selectOption('price_high');
    await page.getByLabel('Results per page').selectOption('25');
    await expect.poll(() => param(page, 'page_size')).toBe('25');
    const before = await expectGridMatchesServer(page);
    const summaryText = await summary(page).textContent();
    const url = page.url();
    expect(Object.fromEntries(apiQueryFromUrl(url))).toMatchObject({ q: 'lead', features: 'instant', sort: 'price_high', page_size: '25' });
    // Issue 28 item 6: while a price sort is active each priced card says the number it was sorted by.
    await expect(page.getByTestId('sort-price').first()).toContainText(/^Sorted by retail: \$[\d,]+\/mo/);

    await page.reload();
    await expect(summary(page)).toHaveText(summaryText ?? '');
    await expect.poll(() => gridTitles(page)).toEqual(before.titles);
    await expect(searchBox(page)).toHaveValue('lead');
    await expect(page.getByLabel('Sort by')).toHaveValue('price_high');

    const other = await browser.newContext({ baseURL: new URL(url).origin });
    try {
      const second = await other.newPage();
      await second.goto(url);
      await expect(second.getByTestId('results-summary')).toHaveText(summaryText ?? '');
      await expect.poll(() => gridTitles(second)).toEqual(before.titles);
    } finally {
      await other.close();
    }
  });

  test('F-CAT-03 the search and filter bar works with the keyboard alone', async ({ page }) => {
    test.setTimeout(120000);
    await page.goto('/marketplace');
    await waitForGrid(page);
    // tag|role|name|type of the focused element; the name is aria-label, the <label>, or the text.
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement>; type?: string }) | null;
        if (!el) return '';
        const name = el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent?.trim() ?? '';
        return `${el.tagName.toLowerCase()}|${el.getAttribute('role') ?? ''}|${name}|${el.type ?? ''}`;
      });
    const tabTo = async (pattern: RegExp, max = 80, key = 'Tab') => {
      for (let i = 0; i < max; i++) {
        if (pattern.test(await focused())) return;
        await page.keyboard.press(key);
      }
      throw new Error(`never reached ${pattern} with ${key}; focus is on ${await focused()}`);
    };

    await tabTo(/^input\|\|Search services\|search$/);
    await page.keyboard.type('crm');
    await expect.poll(() => param(page, 'q')).toBe('crm');
    await tabTo(/^select\|/);
    await page.keyboard.press('ArrowDown'); // Ranked -> Newest
    await expect.poll(() => param(page, 'sort')).toBe('newest');
    await tabTo(/^button\|\|Filters/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Category', { exact: true })).toBeVisible(); // the panel's code has loaded
    await tabTo(/^select\|\|Category\|/);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => param(page, 'category')).toBe('home-property');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => param(page, 'category')).toBeNull();
    await tabTo(/^button\|\|4 stars and up/);
    await page.keyboard.press('Enter');
    await expect.poll(() => param(page, 'min_rating')).toBe('4');
    await tabTo(/^input\|\|Featured Service\|checkbox$/);
    await page.keyboard.press('Space');
    await expect.poll(() => param(page, 'features')).toBe('featured');
    await expectGridMatchesServer(page);

    // Back to the tabs; arrow keys move between them.
    await tabTo(/\|tab\|/, 80, 'Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => param(page, 'tab')).toBe('products');
    await expect(page.getByRole('tab', { name: 'Products' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => param(page, 'tab')).toBe('vendors');
    await page.keyboard.press('Home');
    await expect.poll(() => param(page, 'tab')).toBeNull();
    await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
  });

  test('F-CAT-03 axe-core finds no serious violation with filters open and results filtered', async ({ page, axe }) => {
    test.setTimeout(AXE_TIMEOUT_MS);
    await page.goto('/marketplace?q=photo&sort=price_low&features=instant');
    await waitForGrid(page);
    await openFilters(page);
    await expectGridMatchesServer(page);
    await scrollTop(page);
    await axe(page);
  });
});
