import { signInThroughForm, STRONG_PASSWORD, createUser, freshEmail } from './auth-helpers';
import {
  cartDialog,
  choiceDialog,
  expect,
  freshAgent,
  MOVING,
  MOVING_ID,
  NESTFLOW,
  NESTFLOW_ID,
  requestPurchase,
  toastRegion,
} from './cart-helpers';
import { cards, rankedBrowser, waitForGrid } from './marketplace-helpers';
import { test, type Page } from './support/fixtures';

test.describe.configure({ timeout: 90_000 });

const cardNamed = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.beforeEach(async ({ page }) => {
  await rankedBrowser(page);
});

test('F-PAY-03 a visitor adds to cart, signs in, and the item is in the server cart (Needs Coverage Selection; checkout asks for coverage)', async ({
  page,
  axe,
}) => {
  const email = freshEmail('cart-visitor');
  await createUser(email);
  await page.goto('/marketplace');
  await waitForGrid(page);
  await cardNamed(page, NESTFLOW).getByRole('button', { name: `Add to cart: ${NESTFLOW}` }).click();
  await expect(toastRegion(page).getByText('Sign in required')).toBeVisible();
  await expect(toastRegion(page).getByText('Create a free account or sign in to add items to your cart.')).toBeVisible();
  // Issue 18 item 7: the toast offers Create Account / Sign In; this visitor already has one.
  await toastRegion(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&redirect=%2Fmarketplace$/, { timeout: 5000 });

  await signInThroughForm(page, email, STRONG_PASSWORD, 'Test Agent');
  await expect(toastRegion(page).getByText('Added to cart', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('pendingCartItem'))).toBeNull();
  const button = page.getByRole('button', { name: 'Cart, 1 item' });
  await expect(button).toBeVisible();
  await button.click();
  const cart = cartDialog(page);
  await expect(cart.getByText(NESTFLOW, { exact: true })).toBeVisible();
  await expect(cart.getByText('Needs Coverage Selection')).toBeVisible();
  await axe(page, { include: '[role=dialog]' });

  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(toastRegion(page).getByText('Coverage Selection Required')).toBeVisible();
  await expect(toastRegion(page).getByText('Please select how you want to cover each service before checkout.')).toBeVisible();

  // Choosing the coverage in the drawer prices the line on the server.
  const group = cart.getByRole('group', { name: `How do you want to cover ${NESTFLOW}?` });
  await expect(group.getByRole('radio', { name: /Circle Pro/ })).toBeDisabled(); // Pro Only
  // The choice is the server's: the radio is checked once the server has priced the line.
  await group.getByRole('radio', { name: /Retail/ }).click();
  await expect(toastRegion(page).getByText('Updated cart', { exact: true })).toBeVisible();
  await expect(group.getByRole('radio', { name: /Retail/ })).toBeChecked();
  await expect(cart.getByText('Needs Coverage Selection')).toHaveCount(0);
  await expect(cart.getByTestId('cart-subtotal')).toHaveText('$129');
});

test('F-PAY-04 F-PAY-03 an agent picks Pay Retail Price; the drawer hides quantities for subscriptions and quote items, says Already in your cart, and shows the toasts', async ({
  page,
  axe,
  problems,
}) => {
  problems.allow({ reason: 'a subscription already in the cart is answered 409', kind: 'http', status: 409, url: '/api/cart/items', required: true });
  await freshAgent(page, 'cart-agent');
  await page.goto('/marketplace');
  await waitForGrid(page);
  await cardNamed(page, NESTFLOW).getByRole('button', { name: `Add to cart: ${NESTFLOW}` }).click();

  const choice = choiceDialog(page);
  await expect(choice.getByRole('button', { name: /Pay Retail Price/ })).toBeEnabled();
  await expect(choice.getByRole('button', { name: /Pay Retail Price/ })).toContainText('$129');
  const pro = choice.getByRole('button', { name: /Pay Circle Pro Price/ });
  await expect(pro).toBeDisabled();
  await expect(pro).toContainText('Pro Only');
  await expect(choice.getByRole('button', { name: /Pay with Agent Points/ })).toContainText('1000+ Points');
  await expect(choice.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
  await axe(page, { include: '[role=dialog]' });
  await choice.getByRole('button', { name: /Pay Retail Price/ }).click();

  await expect(toastRegion(page).getByText('Added to cart', { exact: true })).toBeVisible();
  const cart = cartDialog(page);
  await expect(cart.getByText(NESTFLOW, { exact: true })).toBeVisible();
  await expect(cart.getByTestId('cart-subtotal')).toHaveText('$129');
  // Issue 28 item 13: a monthly subscription has no quantity; adding it again says "Already in
  // your cart" and lets the agent open the cart or keep it (never x 2).
  await expect(cart.getByRole('button', { name: `Increase quantity of ${NESTFLOW}` })).toHaveCount(0);
  await cart.getByRole('button', { name: 'Close cart' }).click();
  await cardNamed(page, NESTFLOW).getByRole('button', { name: `Add to cart: ${NESTFLOW}` }).click();
  await choice.getByRole('button', { name: /Pay Retail Price/ }).click();
  await expect(toastRegion(page).getByText('Already in your cart', { exact: true })).toBeVisible();
  await toastRegion(page).getByRole('button', { name: 'View cart' }).click();
  await expect(cart.getByTestId('cart-subtotal')).toHaveText('$129');
  await cart.getByRole('button', { name: 'Close cart' }).click();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

  // A service priced after a consultation goes in without a price: no quantity buttons.
  await requestPurchase(page, { serviceId: MOVING_ID, serviceName: MOVING, mode: 'add' });
  await expect(cart.getByText(MOVING, { exact: true })).toBeVisible();
  const moving = cart.getByTestId('cart-line').filter({ hasText: MOVING });
  await expect(moving.getByText('Consultation Required').first()).toBeVisible();
  await expect(moving.getByRole('button', { name: `Increase quantity of ${MOVING}` })).toHaveCount(0);
  await expect(cart.getByTestId('cart-subtotal')).toHaveText('$129'); // not charged

  await cart.getByRole('button', { name: `Remove ${MOVING}` }).click();
  await expect(toastRegion(page).getByText('Removed from cart', { exact: true })).toBeVisible();
  await cart.getByRole('button', { name: 'Clear cart' }).click();
  await expect(toastRegion(page).getByText('Cart cleared', { exact: true })).toBeVisible();
  await expect(cart.getByText('Your cart is empty.')).toBeVisible();
  // The cart is on the server: a reload shows the same (empty) cart.
  const res = await page.request.get('/api/cart');
  expect(((await res.json()) as { line_count: number }).line_count).toBe(0);
  expect(NESTFLOW_ID).toBe('svc-nestflow-crm');
});

test('F-PAY-01 a tampered client price is refused with "Price Validation Failed"', async ({ page, problems }) => {
  problems.allow({ reason: 'the server refuses the tampered price', kind: 'http', status: 400, url: '/api/cart/items', required: true });
  await freshAgent(page, 'cart-tamper');
  await page.route('**/api/cart/items', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, price_cents: 100 }) });
  });
  await page.goto('/marketplace');
  await waitForGrid(page);
  await cardNamed(page, NESTFLOW).getByRole('button', { name: `Add to cart: ${NESTFLOW}` }).click();
  await choiceDialog(page).getByRole('button', { name: /Pay Retail Price/ }).click();
  await expect(toastRegion(page).getByText('Price Validation Failed')).toBeVisible();
  await expect(toastRegion(page).getByText('Price mismatch detected. Please refresh and try again.')).toBeVisible();
  const res = await page.request.get('/api/cart');
  expect(((await res.json()) as { line_count: number }).line_count).toBe(0);
});
