import { DEMO_PASSWORD } from './auth-helpers';
import { expect, NESTFLOW, NESTFLOW_ID, toastRegion } from './cart-helpers';
import { funnel, funnelUrl, stubVideoHosts } from './detail-helpers';
import { cards, waitForGrid } from './marketplace-helpers';
import { privateServerTest as test, type Page } from './support/fixtures';

/*
 * Issue 18 item 7 (F-CAT-07, F-CAT-12, F-CAT-14, F-PAY-03): a visitor's Add to cart, save and
 * "I'd use this with a discount" all show a toast with Sign in / Create account; signing in
 * through the form brings them back to the same item with the action done. They change the demo
 * agent's cart, saved list and votes, so they run on this worker's private server.
 */
test.describe.configure({ timeout: 90_000 });

const AGENT = 'agent@demo.test';

/** Takes the toast's Sign In, then signs in as the demo agent through the form. */
async function signInFromToast(page: Page): Promise<void> {
  await expect(toastRegion(page).getByRole('button', { name: 'Create Account' })).toBeVisible();
  await toastRegion(page).getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  // The closed toast lingers a second; its Sign In must not be taken for the form's.
  await expect(toastRegion(page).getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);
  await page.getByLabel('Email').fill(AGENT);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

test('a visitor adds to cart from a card, signs in and is back on the marketplace with the item in the cart', async ({ page }) => {
  await page.goto('/marketplace');
  await waitForGrid(page);
  const card = cards(page).filter({ has: page.getByRole('heading', { name: NESTFLOW, exact: true }) });
  await card.getByRole('button', { name: `Add to cart: ${NESTFLOW}` }).click();
  await expect(toastRegion(page).getByText('Sign in required')).toBeVisible();
  // No automatic trip to sign-up any more: the visitor chooses.
  await expect(page).toHaveURL(/\/marketplace$/);
  await signInFromToast(page);
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(toastRegion(page).getByText('Added to cart', { exact: true })).toBeVisible();
  const cart = (await (await page.request.get('/api/cart')).json()) as { items?: { service_id?: string }[] };
  expect(JSON.stringify(cart)).toContain(NESTFLOW_ID);
  expect(await page.evaluate(() => window.sessionStorage.getItem('circle-pending-action'))).toBeNull();
});

test('a visitor saves from the detail view, signs in and is back on the same service with the heart pressed', async ({ page }) => {
  await stubVideoHosts(page);
  await page.goto(funnelUrl(NESTFLOW_ID));
  await expect(funnel(page)).toBeVisible();
  await funnel(page).getByRole('button', { name: `Save ${NESTFLOW}` }).click();
  await expect(toastRegion(page).getByText('Please sign in', { exact: true })).toBeVisible();
  await signInFromToast(page);
  await expect(page).toHaveURL(new RegExp(`service=${NESTFLOW_ID}`));
  const heart = funnel(page).getByRole('button', { name: `Save ${NESTFLOW}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get('/api/saved')).json()))
    .toContain(NESTFLOW_ID);
});

test('a visitor says "I\'d use this with a discount", signs in and the interest is recorded on the same card', async ({ page }) => {
  await page.goto('/marketplace');
  await waitForGrid(page);
  // The last such card: marketplace-card's private-server test votes on the first one.
  const id = await cards(page).filter({ has: page.getByRole('button', { name: "I'd use this with a discount" }) }).last().getAttribute('data-service-id');
  const card = page.locator(`#services-grid article[data-service-id="${id}"]`);
  await card.getByRole('button', { name: "I'd use this with a discount" }).click();
  await expect(toastRegion(page).getByText('Please sign in to show interest in discounts')).toBeVisible();
  await signInFromToast(page);
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/services/${id}/interest`)).json()) as { interested: boolean }).interested)
    .toBe(true);
  await expect(page.locator(`#services-grid article[data-service-id="${id}"]`).getByRole('button', { name: "You're interested" })).toHaveAttribute('aria-pressed', 'true');
});
