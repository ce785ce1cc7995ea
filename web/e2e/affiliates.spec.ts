import { cartDialog, expect, freshAgent, NESTFLOW, NESTFLOW_ID, payOnBuiltInPage, toastRegion } from './cart-helpers';
import { signIn } from './marketplace-helpers';
import { test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

// The click filter leaves out headless browsers (HeadlessChrome is automation, not a visitor):
// these tests present the desktop Chrome a visitor would have.
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Commission = { id: string; source_id: string; affiliate_code: string; commission_cents: number; amount_gross_cents: number; status: string };

for (const width of [390, 1366] as const) {
  test.describe(`F-ENG-09 affiliate link to a paid order at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 }, userAgent: CHROME });

    test('an agent arriving through ?aff= pays an order that is credited to the affiliate once', async ({ page, browser, axe }) => {
      await freshAgent(page, `aff${width}`);
      await page.request.post('/api/cart/items', { data: { service_id: NESTFLOW_ID, price_cents: 129_00, coverage: 'retail', quantity: 1 } });

      await page.goto(`/marketplace?aff=brennan&utm_source=e2e&utm_campaign=w${width}`);
      await expect(toastRegion(page).getByText('Tracking activated')).toBeVisible();
      const cookie = (await page.context().cookies()).find((c) => c.name === 'circle_aff');
      expect(cookie?.httpOnly).toBe(true);
      // 30 days from now, within a minute.
      expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + 30 * 24 * 3600))).toBeLessThan(60);
      // Another page of the same landing does not send the click again.
      const clicks: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/affiliates/clicks')) clicks.push(r.url());
      });
      await page.reload();
      await expect(page.locator('#main-content')).toBeAttached();

      await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click();
      const cart = cartDialog(page);
      await expect(cart.getByText(NESTFLOW, { exact: true })).toBeVisible();
      await cart.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
      await payOnBuiltInPage(page, '$129');
      await expect(page).toHaveURL(/\/payment-success\?session_id=/);
      expect(clicks).toHaveLength(0);
      // The fresh agent's one order.
      const orders = (await (await page.request.get('/api/orders')).json()) as { orders: { id: string; status: string }[] };
      expect(orders.orders).toHaveLength(1);
      expect(orders.orders[0]?.status).toBe('paid');
      const orderID = orders.orders[0]?.id ?? '';

      // The back office: one commission for the order, 10% of $129.
      const adminCtx = await browser.newContext({ viewport: { width, height: 900 }, userAgent: CHROME });
      const admin = await adminCtx.newPage();
      await signIn(admin, 'admin@demo.test');
      const list = (await (await admin.request.get('/api/admin/commissions?page_size=200')).json()) as { items: Commission[] };
      const mine = list.items.filter((c) => c.source_id === orderID);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ affiliate_code: 'brennan', amount_gross_cents: 129_00, commission_cents: 12_90, status: 'pending' });
      await admin.goto('/admin/commissions?status=pending');
      const row = admin.getByRole('row').filter({ hasText: orderID });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('$12.90');
      await axe(admin);
      await row.getByRole('button', { name: `Approve the commission of ${orderID}` }).click();
      await expect(admin.getByRole('region', { name: 'Notifications' }).getByText('Commission approved')).toBeVisible();
      await adminCtx.close();

      // The affiliate sees it on the dashboard, with the chart's table.
      const affCtx = await browser.newContext({ viewport: { width, height: 900 }, userAgent: CHROME });
      const aff = await affCtx.newPage();
      await signIn(aff, 'creator@demo.test');
      await aff.goto('/affiliate/dashboard');
      await expect(aff.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' })).toBeVisible();
      await expect(aff.getByRole('textbox', { name: 'Your affiliate link' })).toHaveValue(/\/marketplace\?aff=brennan$/);
      await aff.getByText('Show the figures as a table').click();
      await expect(aff.getByRole('table', { name: 'Last 30 days' }).getByRole('row')).toHaveCount(31);
      await expect(aff.getByRole('table', { name: 'Recent conversions' })).toContainText('$12.90');
      if (width === 390) expect(await aff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await axe(aff);
      await affCtx.close();
    });
  });
}

test.describe('F-ENG-09 the programme and the application', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: CHROME });

  test('a member reads the landing and applies once on the form kit', async ({ page, axe }) => {
    await freshAgent(page, 'affapply');
    await page.goto('/affiliate');
    await expect(page.getByRole('heading', { level: 1, name: 'Circle Affiliate Program' })).toBeVisible();
    await expect(page.getByText('10%', { exact: true })).toBeVisible();
    await expect(page.getByText('30 days', { exact: true })).toBeVisible();
    await axe(page);
    await page.getByRole('link', { name: 'Apply now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Application' })).toBeVisible();
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByText('Tell us how you will promote Circle (10 to 2000 characters).')).toBeVisible();
    await page.getByLabel(/How will you promote Circle/).fill('A weekly video for 3,000 agents in Ohio');
    await page.getByLabel(/Payout e-mail/).fill('payouts@example.com');
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByText('Your application is being reviewed. We will e-mail you when it is decided.')).toBeVisible();
    await axe(page);
    await page.reload();
    await expect(page.getByText('Your application is being reviewed. We will e-mail you when it is decided.')).toBeVisible();
  });
});
