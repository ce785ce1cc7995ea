/**
 * Helpers shared by the cart, checkout and billing browser specs (cart-*.spec.ts, billing-*.spec.ts).
 */
import type { Page } from '@playwright/test';
import { createUser, freshEmail, signInAs, STRONG_PASSWORD } from './auth-helpers';
import { expect as baseExpect } from './support/fixtures';

export const expect = baseExpect.configure({ timeout: 20_000 });

export const NESTFLOW = 'NestFlow CRM for Solo Agents'; // verified: retail $129/mo, Circle Pro $99/mo
export const NESTFLOW_ID = 'svc-nestflow-crm';
export const MOVING = 'Client Moving Concierge'; // priced after a consultation (quote)
export const MOVING_ID = 'svc-hearthstone-client-move';

/**
 * A new verified agent, signed in through the API in the page's browser context (on the shared
 * server, or the one whose data directory is dir: a private server's).
 */
export async function freshAgent(page: Page, tag: string, dir?: string): Promise<string> {
  const email = freshEmail(tag);
  await createUser(email, STRONG_PASSWORD, 'Test Agent', dir);
  await signInAs(page, email, STRONG_PASSWORD);
  return email;
}

/** What every Add to Cart / Buy Now button does (src/lib/purchase.ts), for services not on screen. */
export async function requestPurchase(
  page: Page,
  request: { serviceId: string; serviceName: string; mode: 'add' | 'buy_now'; shownPriceCents?: number; packageName?: string },
): Promise<void> {
  // The cart layer listens from the app's first render on (RootLayout's #main-content, not the
  // frame index.html paints before it); an event sent right after page.goto could come first and
  // be lost. Its effects have run by the frame after that render.
  await page.locator('#main-content').waitFor({ state: 'attached' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await page.evaluate((detail) => window.dispatchEvent(new CustomEvent('circle:purchase', { detail })), request);
}

export const cartDialog = (page: Page) => page.getByRole('dialog', { name: 'Your cart' });
export const choiceDialog = (page: Page) => page.getByRole('dialog', { name: 'Choose Your Payment Option' });
export const toastRegion = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** Pays on the built-in hosted page (test mode) with the test card that succeeds. */
export async function payOnBuiltInPage(pay: Page, total: string): Promise<void> {
  await expect(pay.getByRole('heading', { name: 'Circle checkout' })).toBeVisible();
  await expect(pay.getByText('Test mode: no real payment').first()).toBeVisible();
  await pay.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  await pay.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await pay.getByLabel('Security code').fill('123');
  await pay.getByLabel('Name on card').fill('Test Agent');
  await pay.getByRole('button', { name: `Pay ${total}` }).click();
}

/** Starts a monthly Circle Pro membership and pays its first invoice, without the UI. */
export async function subscribeThroughApi(page: Page, seats = 1): Promise<void> {
  const res = await page.request.post('/api/billing/subscribe', { data: { interval: 'month', seats } });
  expect(res.status(), await res.text()).toBe(200);
  const { session_id } = (await res.json()) as { session_id: string };
  await payThroughApi(page, session_id);
}

/** Pays a built-in payment page with the test card that succeeds, without the UI. */
export async function payThroughApi(page: Page, sessionId: string): Promise<void> {
  const paid = await page.request.post(`/checkout/${sessionId}/pay`, {
    form: { card_number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Test Agent' },
    maxRedirects: 0,
  });
  expect(paid.status(), 'the built-in page redirects to /payment-success').toBe(303);
}

/** The signed-in agent buys NestFlow ($129, retail) through the API and the built-in page; the order. */
export async function paidNestFlowOrder(page: Page): Promise<{ id: string; number: string }> {
  const add = await page.request.post('/api/cart/items', { data: { service_id: NESTFLOW_ID, price_cents: 129_00, coverage: 'retail', quantity: 1 } });
  expect(add.status(), await add.text()).toBeLessThan(300);
  const co = await page.request.post('/api/checkout', { data: {} });
  expect(co.status(), await co.text()).toBe(200);
  const { session_id, order } = (await co.json()) as { session_id: string; order: { id: string; number: string } };
  await payThroughApi(page, session_id);
  return order;
}
