import { DEMO_PASSWORD, signInThroughForm } from './auth-helpers';
import { freshAgent, payThroughApi } from './cart-helpers';
import { expect, test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

const SERVICE_ID = 'svc-closingbell-tc'; // owned by vendor@demo.test, retail $395
const TITLE_PART = 'Transaction Coordination';

type Totals = { views: number; purchases: number; revenue_cents: number };

// Issue 30 items 2 and 5 (F-AREA-01): the vendor dashboard opens on Overview, which links to
// /vendor-analytics; the range, bucket and service live in the URL; each chart has its data
// table; the CSV export downloads; axe finds nothing serious at either width.
for (const w of [390, 1366]) {
  test(`F-AREA-01 overview tab and /vendor-analytics at ${w} px`, async ({ page, axe }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInThroughForm(page, 'vendor@demo.test', DEMO_PASSWORD, 'Nicole Bradford');
    await page.setViewportSize({ width: w, height: 900 });
    await page.goto('/vendor-dashboard');
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: /^This month: / })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Pending co-pay requests')).toBeVisible();
    await axe(page);

    await page.getByRole('link', { name: 'Open analytics' }).click();
    await expect(page).toHaveURL(/\/vendor-analytics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vendor Dashboard' })).toBeVisible();
    // The demo's 60 days of history: a range that covers it, by week.
    const to = new Date();
    const from = new Date(to.getTime() - 69 * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(day(from));
    await page.getByLabel('To', { exact: true }).fill(day(to));
    await page.getByLabel('Group by').selectOption('week');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${day(from)}&to=${day(to)}&bucket=week`));
    await expect(page.getByRole('heading', { level: 2, name: `${day(from)} to ${day(to)}` })).toBeVisible({ timeout: 30_000 });
    const traffic = page.getByRole('table', { name: 'Data of the chart: Views, clicks, add-to-carts and bookings' });
    // The header and 10 or 11 weekly buckets over 70 days (Monday weeks, clipped to the range).
    await expect(traffic.getByRole('row').nth(10)).toBeAttached();
    expect(await traffic.getByRole('row').count()).toBeLessThanOrEqual(12);
    await expect(page.getByRole('table', { name: 'Data of the chart: Purchases and revenue' })).toBeVisible();
    await expect(page.locator('.recharts-wrapper')).toHaveCount(2, { timeout: 30_000 });
    // A service's name narrows the page to it.
    await page.getByRole('table', { name: 'By service' }).getByRole('link', { name: new RegExp(TITLE_PART) }).click();
    await expect(page).toHaveURL(new RegExp(`service=${SERVICE_ID}`));
    await expect(page.getByRole('table', { name: 'By service' }).getByRole('row')).toHaveCount(2);
    await axe(page);

    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toContain(`service_id=${SERVICE_ID}`);
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect((await csv.text()).split('\n')[0]).toContain('bucket_start,bucket_end,service_id');
  });
}

// The acceptance journey's end: an agent views and buys a ClosingBell service; the vendor sees
// one more view and one more sale in /vendor-analytics, revenue up by the order's paid amount.
test('F-AREA-01 an agent views and buys a service and the vendor sees the view and the sale', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInThroughForm(page, 'vendor@demo.test', DEMO_PASSWORD, 'Nicole Bradford');
  const today = new Date().toISOString().slice(0, 10);
  const api = `/api/vendor/analytics?from=${today}&to=${today}&service_id=${SERVICE_ID}`;
  const read = async (): Promise<Totals> => ((await (await page.request.get(api)).json()) as { total: Totals }).total;
  const before = await read();

  const agentContext = await browser.newContext({ baseURL });
  const agent = await agentContext.newPage();
  await freshAgent(agent, 'analytics');
  expect((await agent.request.post(`/api/services/${SERVICE_ID}/views`, { data: { viewer_key: `e2e-analytics-${Date.now()}` } })).status()).toBeLessThan(300);
  const add = await agent.request.post('/api/cart/items', { data: { service_id: SERVICE_ID, price_cents: 395_00, coverage: 'retail', quantity: 1 } });
  expect(add.status(), await add.text()).toBe(200);
  const co = await agent.request.post('/api/checkout');
  expect(co.status(), await co.text()).toBe(200);
  const { session_id, order } = (await co.json()) as { session_id: string; order: { id: string; total_usd_cents: number } };
  await payThroughApi(agent, session_id);
  await agentContext.close();

  const after = await read();
  expect(after.views - before.views).toBe(1);
  expect(after.purchases - before.purchases).toBe(1);
  expect(after.revenue_cents - before.revenue_cents).toBe(order.total_usd_cents);

  await page.goto(`/vendor-analytics?from=${today}&to=${today}&service=${SERVICE_ID}`);
  const totals = page.getByRole('heading', { level: 2, name: `${today} to ${today}` }).locator('xpath=..');
  await expect(totals.getByRole('definition').nth(4)).toHaveText(String(after.purchases), { timeout: 30_000 });
  const usd = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(after.revenue_cents / 100);
  await expect(totals.getByRole('definition').nth(6)).toHaveText(usd);
});
