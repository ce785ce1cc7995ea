import { test, type Page } from './support/fixtures';
import { AXE_TIMEOUT_MS, signIn } from './marketplace-helpers';
import { CMA_ID, expect, FARM, FARM_ID, NESTFLOW_ID, purchases, recordPurchases, stubVideoHosts } from './detail-helpers';

test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ page }) => {
  await stubVideoHosts(page);
  await recordPurchases(page);
});

const salesDialog = (page: Page) => page.getByTestId('sales-dialog');
const tier = (page: Page, name: string) => salesDialog(page).getByRole('article', { name, exact: true });

async function openSales(page: Page, id: string): Promise<void> {
  await page.goto(`/marketplace?service=${id}&view=details`);
  await expect(salesDialog(page)).toBeVisible();
}

test.describe('F-CAT-09 sales-page dialog', () => {
  test('F-CAT-09 agent (not Pro): hero, default tiers Standard / Circle Pro / Co-Pay, locked Pro tiers, CTA cards, trust footer', async ({ page, axe }) => {
    test.setTimeout(AXE_TIMEOUT_MS);
    await signIn(page, 'agent@demo.test');
    await openSales(page, FARM_ID);
    const d = salesDialog(page);
    await expect(page.getByRole('dialog', { name: FARM })).toBeVisible();
    await expect(d.getByText('by Brightpath Agent Marketing')).toBeVisible();
    await expect(d.getByText('Verified Pro', { exact: true })).toBeVisible();
    await expect(d.getByTestId('sales-roi')).toHaveText('ROI: 8x');
    await expect(d.getByText('Trusted by 10,000+ Agents')).toBeVisible();

    const tiers = d.getByRole('region', { name: 'Choose Your Package' }).getByRole('article');
    await expect(tiers).toHaveCount(3);
    await expect(tiers.getByRole('heading', { level: 3 })).toHaveText(['Standard', 'Circle Pro', 'Co-Pay']);
    await expect(tier(page, 'Standard').getByRole('listitem')).toHaveCount(4);
    await expect(tier(page, 'Circle Pro').getByText('Most Popular')).toBeVisible();
    await expect(tier(page, 'Circle Pro').locator('s')).toHaveText('Was $2,400');
    await expect(tier(page, 'Co-Pay').getByText('40% OFF')).toBeVisible();
    for (const locked of ['Circle Pro', 'Co-Pay']) {
      const link = tier(page, locked).getByRole('link', { name: /Upgrade to Access/ });
      await expect(link).toHaveAttribute('href', '/pricing');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(tier(page, locked).getByText('Pro Only')).toBeVisible();
    }

    await expect(d.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
    await expect(d.getByRole('link', { name: /^Visit Website/ })).toHaveAttribute('href', 'https://www.brightpathmarketing.example');
    // The help card reaches the vendor: its phone and its contact e-mail, about this service.
    await expect(d.getByRole('link', { name: 'Call Us' })).toHaveAttribute('href', /^tel:\(\d{3}\) 555-0100$/);
    const mail = new URL((await d.getByRole('link', { name: 'Email' }).getAttribute('href')) ?? '');
    expect(mail.protocol).toBe('mailto:');
    expect(mail.pathname).toMatch(/^[^@]+@[^@]+\.\w+$/);
    expect(mail.searchParams.get('subject')).toBe(FARM);
    const footer = d.getByTestId('trust-footer');
    await expect(footer).toContainText('30-Day Money Back Guarantee');
    await expect(footer).toContainText('Cancel Anytime');
    await expect(footer).toContainText('Industry Leader');
    expect(await d.getByTestId('suggestions').getByRole('listitem').count()).toBeLessThanOrEqual(6);
    await expect(d.getByTestId('bundles')).toHaveCount(0); // serviceBundles is off by default
    await axe(page, { include: '[role=dialog]' });
    // Choosing a package hands an add-to-cart request to the cart layer and marks the card.
    await tier(page, 'Standard').getByRole('button', { name: 'Select Package' }).click();
    await expect(tier(page, 'Standard').getByRole('button', { name: 'Selected' })).toBeVisible();
    await expect.poll(() => purchases(page)).toEqual([
      { serviceId: FARM_ID, serviceName: FARM, mode: 'add', packageName: 'Standard', shownPriceCents: 240000, coverage: 'retail' },
    ]);
  });

  test('F-CAT-09 Pro agent: the Pro tiers are open; Circle Pro is bought with Pro coverage', async ({ page }) => {
    await signIn(page, 'pro@demo.test');
    await openSales(page, FARM_ID);
    await expect(salesDialog(page).getByRole('link', { name: /Upgrade to Access/ })).toHaveCount(0);
    await tier(page, 'Circle Pro').getByRole('button', { name: 'Select Package' }).click();
    // The cart layer adds it and opens the cart over the dialog; closing the cart returns to it.
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(cart).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    await tier(page, 'Co-Pay').getByRole('button', { name: 'Select Package' }).click();
    await expect(tier(page, 'Co-Pay').getByRole('button', { name: 'Selected' })).toBeVisible();
    await expect(tier(page, 'Circle Pro').getByRole('button', { name: 'Select Package' })).toBeVisible();
    await expect.poll(() => purchases(page)).toEqual([
      { serviceId: FARM_ID, serviceName: FARM, mode: 'add', packageName: 'Circle Pro', shownPriceCents: 210000, coverage: 'pro' },
      { serviceId: FARM_ID, serviceName: FARM, mode: 'add', packageName: 'Co-Pay', shownPriceCents: 144000 },
    ]);
  });

  test('F-CAT-09 content packages replace the default tiers; ROI shows only for verified vendors (ROI: TBD)', async ({ page }) => {
    await openSales(page, NESTFLOW_ID);
    await expect(salesDialog(page).getByRole('region', { name: 'Choose Your Package' }).getByRole('heading', { level: 3 })).toHaveText([
      'Starter',
      'Growth',
      'Power',
    ]);
    await expect(salesDialog(page).getByRole('heading', { name: 'Why agents choose NestFlow CRM' })).toBeVisible();
    await page.goto(`/marketplace?service=${CMA_ID}&view=details`);
    await expect(salesDialog(page).getByTestId('sales-roi')).toHaveText('ROI: TBD');
    await expect(salesDialog(page).getByText('Not Verified', { exact: true })).toBeVisible();
  });

  test("F-CAT-09 the header rating is the service's own, as in Customer Reviews; the vendor's rating is labelled (issue 18 item 8a)", async ({ page }) => {
    // NestFlow CRM: 3 reviews averaging 4.3; NestFlow over all its services: 5 reviews, 4.4.
    await openSales(page, NESTFLOW_ID);
    const d = salesDialog(page);
    await expect(d.getByTestId('sales-rating').getByText('Rated 4.3 out of 5 from 3 reviews', { exact: true })).toBeAttached();
    await expect(d.getByTestId('reviews-summary').getByText('Rated 4.3 out of 5 from 3 reviews', { exact: true })).toBeAttached();
    await expect(d.getByTestId('sales-vendor-rating')).toHaveText(/^NestFlow.* overall: 4\.4 from 5 reviews across all its services$/);
    // The vendor's figures are not shown as the service's stars (a suggested service may rate 4.4 (5)).
    await expect(d.locator('header').first().getByText('Rated 4.4 out of 5 from 5 reviews', { exact: true })).toHaveCount(0);
  });

  test('F-CAT-12 bundles show behind the serviceBundles flag (at most 2 in this dialog)', async ({ page }) => {
    await page.goto(`/marketplace?service=${NESTFLOW_ID}&view=details&ff_serviceBundles=on`);
    const bundles = salesDialog(page).getByTestId('bundles');
    await expect(bundles).toBeVisible();
    await expect(bundles.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) })).toHaveCount(2);
    await expect(bundles.getByRole('heading', { name: 'Complete CRM Bundle' })).toBeVisible();
    await expect(bundles.getByText('Save 15%')).toBeVisible();
  });
});
