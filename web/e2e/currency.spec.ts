import { expect, test, type Page } from './support/fixtures';

// F-APP-06 (01§9, 03§9): the USD/CAD switch. A visitor switches to CAD on /marketplace; the
// server keeps the choice in a cookie and prices the cards in C$ (the page shows no plain $
// price any more), and the choice survives a reload. Header switch at 1366 px, footer at 390 px.

// Two loads of the marketplace and two accessibility scans: past the default 30 s on a slow
// 2-core machine under the full run.
test.describe.configure({ timeout: 60_000 });

/** A card price in US dollars: "$225" not preceded by C. */
const USD_PRICE = /(^|[^C])\$\d/;
const CAD_PRICE = /C\$\d/;

async function cardPrices(page: Page) {
  return page.getByRole('main').getByText(/\$\d/).allInnerTexts();
}

for (const width of [390, 1366]) {
  test(`F-APP-06 switching to CAD on /marketplace shows C$ prices at ${width} px`, async ({ page, axe }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/marketplace');
    const main = page.getByRole('main');
    await expect(main.getByText(USD_PRICE).first()).toBeVisible();
    expect((await cardPrices(page)).some((t) => CAD_PRICE.test(t))).toBe(false);

    // Wide screens: the switch sits beside the language picker; phones: in the footer.
    const where = width >= 1024 ? page.getByRole('banner') : page.getByRole('contentinfo');
    const select = where.getByRole('combobox', { name: 'Currency' });
    await expect(select).toBeEnabled();
    await expect(select).toHaveValue('auto');
    await expect(select.locator('option[value="auto"]')).toHaveText('Auto (US$)');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/currency') && r.request().method() === 'PUT' && r.ok());
    await select.selectOption('CAD');
    await saved;

    await expect(main.getByText(CAD_PRICE).first()).toBeVisible();
    await expect(select).toHaveValue('CAD');
    // Every price on the cards moved to C$ (checked after a C$ price proved the page re-rendered).
    const after = await cardPrices(page);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((t) => USD_PRICE.test(t))).toEqual([]);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'circle_currency')?.value).toBe('CAD');

    await axe(page);

    // The server keeps the choice: after a reload the cards are in C$ again.
    await page.reload();
    await expect(main.getByText(CAD_PRICE).first()).toBeVisible();
    await expect(where.getByRole('combobox', { name: 'Currency' })).toHaveValue('CAD');
  });
}
