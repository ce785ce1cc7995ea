import { cartDialog, expect, freshAgent, payOnBuiltInPage, subscribeThroughApi } from './cart-helpers';
import { test } from './support/fixtures';

test.describe.configure({ timeout: 150_000 });

const HDR = 'svc-listingloop-hdr-photos'; // one-time, retail $225, Circle Pro $189, co-pay allowed
const STAGING = 'svc-linenoak-vacant-staging'; // one-time, retail $1,800

// Issue 28 items 1 and 2, at a phone's and a desktop's width: a pending co-pay line never
// freezes checkout (the drawer says before paying which line waits; checkout pays the rest; or
// the agent pays the waiting line now at the Pro price), and after paying the agent is taken to
// the booking of what was bought, never to a dead end.
for (const width of [390, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 844 : 900 } });

    test(`F-PAY-05 F-PAY-08 F-ENG-01 a waiting co-pay line stays in the cart while the rest is paid, then the booking of the purchase (${width} px)`, async ({ page }, testInfo) => {
      await freshAgent(page, `journey-${width}`);
      await subscribeThroughApi(page);
      const req = await page.request.post('/api/copay/requests', {
        data: { service_id: HDR, vendor_id: 'ven-brightpath', requested_split_percentage: 40, idempotency_key: `journey-${width}` },
      });
      expect(req.status(), await req.text()).toBe(201);
      const add = await page.request.post('/api/cart/items', { data: { service_id: STAGING, price_cents: 180000, coverage: 'retail' } });
      expect(add.status(), await add.text()).toBe(200);

      await page.goto('/orders');
      await page.getByRole('button', { name: /^Cart, 2 items$/ }).click();
      const cart = cartDialog(page);
      const notice = cart.getByTestId('cart-waiting-notice');
      await expect(notice).toContainText("Waiting for the vendor's co-pay answer");
      await expect(notice).toContainText('HDR Listing Photography: asked');
      await expect(notice).toContainText('Checkout pays the other services now');
      const checkout = cart.getByRole('button', { name: 'Checkout' });
      await expect(checkout).toBeEnabled();
      await notice.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`cart-waiting-${width}.png`) });

      // Checkout pays the ready line only.
      await checkout.click();
      await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
      await expect(page.getByRole('table', { name: 'Items' })).not.toContainText('HDR Listing Photography');
      await payOnBuiltInPage(page, '$1,800');
      await expect(page).toHaveURL(/\/payment-success\?session_id=/);
      await expect(page.getByTestId('purchase-next-step')).toHaveText("Purchase successful! You'll now be redirected to book your onboarding session.");
      await page.screenshot({ path: testInfo.outputPath(`after-paying-${width}.png`) });
      // Straight to the booking of what was bought: its vendor's slots, the details filled in.
      await page.getByRole('link', { name: 'Book your onboarding session' }).click();
      await expect(page).toHaveURL(new RegExp(`/book-meeting\\?service=${STAGING}&from=purchase&order=`));
      await expect(page.getByTestId('purchase-booking-banner')).toContainText('Purchase successful: book your onboarding session');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Vacant');
      await expect(page.getByLabel(/Email/).first()).not.toHaveValue('');

      // The waiting line is still in the cart, with its request; the agent pays it now instead.
      const left = (await (await page.request.get('/api/cart')).json()) as { items: Array<{ service_id: string; checkout: string }> };
      expect(left.items).toEqual([expect.objectContaining({ service_id: HDR, checkout: 'hold_copay' })]);
      await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();
      await expect(cart.getByTestId('cart-waiting-notice')).toContainText('Nothing else is ready to pay');
      await expect(cart.getByRole('button', { name: 'Checkout' })).toBeDisabled();
      await cart.getByRole('button', { name: 'Pay HDR Listing Photography now at the Pro price ($189) and withdraw the request' }).click();
      await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
      await payOnBuiltInPage(page, '$189');
      await expect(page).toHaveURL(/\/payment-success\?session_id=/);
      await expect(page.getByRole('link', { name: 'Book your onboarding session' })).toHaveAttribute('href', new RegExp(`service=${HDR}`));
      const requests = (await (await page.request.get('/api/copay/requests')).json()) as { requests: Array<{ service_id: string; status: string }> };
      expect(requests.requests.find((r) => r.service_id === HDR)?.status).toBe('canceled');
    });
  });
}
