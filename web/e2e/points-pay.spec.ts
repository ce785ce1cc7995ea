import { DEMO_PASSWORD } from './auth-helpers';
import { cartDialog, choiceDialog, expect, NESTFLOW, payOnBuiltInPage, requestPurchase, toastRegion } from './cart-helpers';
import { cards, waitForGrid } from './marketplace-helpers';
import { privateServerTest as test, type Page } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

const cardNamed = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

// F-PAY-07 paying a line with points (issue 15). pro@demo.test's balance (2,500 points) is what
// wallet.spec.ts checks on the shared server, so this journey spends it on a server of this
// worker alone (privateServerTest: its own demo database).
test('F-PAY-07 a Pro member pays a line with Agent Points: the payment page charges the cash share and /wallet shows the spend', async ({
  page,
  axe,
}) => {
  const signin = await page.request.post('/api/auth/signin', { data: { email: 'pro@demo.test', password: DEMO_PASSWORD } });
  expect(signin.status()).toBe(200);

  await page.goto('/marketplace');
  await waitForGrid(page);
  await cardNamed(page, NESTFLOW).getByRole('button', { name: `Add to cart: ${NESTFLOW}` }).click();
  const choice = choiceDialog(page);
  // NestFlow is a software provider (not a settlement provider): points pay at most 50% of the
  // $99 Pro price, rounded up to 50 points (02§5); 2,500 points are enough.
  const points = choice.getByRole('button', { name: /Pay with Agent Points/ });
  await expect(points).toBeEnabled();
  await expect(points).toContainText('50 points');
  // Issue 28 item 7: the rule is said where the choice is made and on the cart line, with the figure.
  const limit = 'Points can pay up to 50% of the Pro price ($50) for this service';
  await expect(points).toContainText(limit);
  await expect(choice.getByText('OR use points')).toBeVisible();
  await axe(page, { include: '[role=dialog]' });
  await points.click();

  await expect(toastRegion(page).getByText('Added to cart', { exact: true })).toBeVisible();
  const cart = cartDialog(page);
  const line = cart.getByTestId('cart-line').filter({ hasText: NESTFLOW });
  await expect(line.getByText('Paid with Agent Points at checkout')).toBeVisible();
  await expect(line.getByTestId('cart-points-limit')).toHaveText(limit);
  await cart.getByRole('button', { name: 'Checkout' }).click();

  // The built-in page charges the cash share only: $99 less the $50 the points paid.
  await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
  await payOnBuiltInPage(page, '$49');
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();

  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Agent Wallet' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Available points' }).getByText('2,450 points')).toBeVisible();
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history.first()).toContainText('Spent on a purchase');
  await expect(history.first()).toContainText('50');
  // The header's wallet chip shows the same balance.
  await expect(page.getByRole('link', { name: 'Wallet: 2,450 Circle Points' })).toBeVisible();
});

const HDR_ID = 'svc-listingloop-hdr-photos'; // retail $225, Circle Pro $189
const HDR = 'HDR Listing Photography';
const PARTNER = 'ClosingBell Transaction Services'; // not a settlement provider

// F-PAY-04 the co-pay purchase flow through the real server (02§4, 02§7 process_automatic_copay,
// POST /api/points/copay). pro@demo.test holds 1,000 points from ClosingBell, which may cover 40%
// of HDR's $225 (its vendor max): Buy Now with co-pay spends 90 points for ClosingBell's $90
// (full_coverage, Co-Pay Processed!) and goes on to checkout at the Pro price ($189), which
// charges the agent $99; the
// wallet shows the 90 points spent. (partial_coverage and vendor_only, which leave a co-pay
// request in the cart, are proven by the API test TestF_PAY_07_CheckoutWithPointsAPI and
// AutomaticCoPay.test.tsx.)
test('F-PAY-04 Buy Now with co-pay: the partner points pay its share and checkout charges the agent share', async ({ page }) => {
  const signin = await page.request.post('/api/auth/signin', { data: { email: 'pro@demo.test', password: DEMO_PASSWORD } });
  expect(signin.status()).toBe(200);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/marketplace');
  await expect(page.getByRole('button', { name: /^Cart, \d+ items?$/ })).toBeVisible();

  await requestPurchase(page, { serviceId: HDR_ID, serviceName: HDR, mode: 'buy_now' });
  const dialog = page.getByRole('dialog', { name: 'Purchase' });
  await dialog.getByRole('radio', { name: /Get Vendor Help \(Co-Pay\)/ }).check();
  const partner = dialog.getByRole('combobox', { name: 'Partner covering its share' });
  await partner.selectOption({ label: `${PARTNER} (1,000 points)` });
  await dialog.getByRole('button', { name: 'Buy Now' }).click();

  // The $189 Pro price less ClosingBell's $90 paid with its points.
  await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
  await payOnBuiltInPage(page, '$99');
  await expect(page).toHaveURL(/\/payment-success/);
  await page.goto('/wallet');
  await expect(page.getByRole('region', { name: 'Available points' }).getByText('2,410 points')).toBeVisible();
});
