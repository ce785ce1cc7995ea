import { randomBytes } from 'node:crypto';
import { expect, payOnBuiltInPage, subscribeThroughApi } from './cart-helpers';
import { createUser, DEMO_PASSWORD, freshEmail, STRONG_PASSWORD } from './auth-helpers';
import type { Browser, Page } from '@playwright/test';
import { test } from './support/fixtures';

test.describe.configure({ timeout: 150_000 });

const HDR_ID = 'svc-listingloop-hdr-photos'; // retail $225: at 40% the partner's share is $90
const HDR = 'HDR Listing Photography';
const PARTNER_ID = 'ven-closingbell'; // owned by vendor@demo.test
const PARTNER = 'ClosingBell Transaction Services';

/** A new Pro agent (signed in on page) whose co-pay request for HDR photos ClosingBell approved at 40%. */
async function agentWithApprovedShare(page: Page, browser: Browser, baseURL: string | undefined, tag: string): Promise<string> {
  const agentName = `Riley Partner ${randomBytes(3).toString('hex')}`;
  const email = freshEmail(tag);
  await createUser(email, STRONG_PASSWORD, agentName);
  expect((await page.request.post('/api/auth/signin', { data: { email, password: STRONG_PASSWORD } })).status()).toBe(200);
  await subscribeThroughApi(page);
  const made = await page.request.post('/api/copay/requests', {
    data: { service_id: HDR_ID, vendor_id: PARTNER_ID, requested_split_percentage: 40, idempotency_key: `${tag}-${randomBytes(6).toString('hex')}` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id: requestId } = (await made.json()) as { id: string };

  // The partner vendor's owner approves it at 40%.
  const vendorContext = await browser.newContext({ baseURL });
  try {
    const signIn = await vendorContext.request.post('/api/auth/signin', { data: { email: 'vendor@demo.test', password: DEMO_PASSWORD } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const approved = await vendorContext.request.post(`/api/vendor/copay-requests/${requestId}/approve`, { data: { split_percentage: 40 } });
    expect(approved.status(), await approved.text()).toBe(200);
  } finally {
    await vendorContext.close();
  }

  return agentName;
}

// Issue 32 item 4's acceptance journey (F-PAY-08): a new Pro agent's co-pay request is approved
// by the partner vendor (through the API, as the vendor would in /vendor-dashboard); on a phone
// the agent finds Partner Payments from the orders, makes the payment link and copies it; the
// partner, in a browser of its own without an account, opens the link, pays on the built-in
// payment page and sees the success page; the same link is then refused as used; the agent's
// screen shows the share paid. The agent and its request are new, so the demo data is untouched.
test('F-PAY-08 an agent sends a partner a payment link for an approved co-pay share; the partner pays it once without an account', async ({
  page,
  context,
  browser,
  baseURL,
  axe,
}, testInfo) => {
  const agentName = await agentWithApprovedShare(page, browser, baseURL, 'partner-pay');

  // On a phone, the agent finds Partner Payments from the orders.
  await page.setViewportSize({ width: 390, height: 844 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/orders');
  await page.getByRole('link', { name: 'Partner payments' }).click();
  await expect(page).toHaveURL(/\/partner-payments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner Payments' })).toBeVisible();
  const share = page.getByRole('article', { name: HDR });
  await expect(share).toContainText(`${PARTNER} covers 40%`);
  await expect(share).toContainText('$90');
  await expect(share.getByTestId('partner-link-status')).toHaveText('No link yet');
  await axe(page);

  // It makes the link and copies it, with a visible confirmation.
  await share.getByRole('button', { name: 'Create payment link' }).click();
  const input = share.getByLabel(`Payment link for ${HDR}`);
  await expect(input).toHaveValue(/\/partner-checkout\/[A-Za-z0-9_-]{32}$/);
  const url = await input.inputValue();
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copied. Paste it into your message to the partner.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(share.getByTestId('partner-link-status')).toHaveText('Link open');
  await expect(share.getByTestId('partner-link-detail')).toContainText('The link works until');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('partner-payments-390.png'), fullPage: true });
  await axe(page);

  // The partner, without an account, opens it in its own browser and pays it.
  const partnerContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  try {
    const partner = await partnerContext.newPage();
    await partner.goto(new URL(url).pathname);
    await expect(partner.getByRole('heading', { level: 1, name: 'Partner Checkout' })).toBeVisible();
    await expect(partner.getByTestId('partner-amount')).toHaveText('$90');
    await expect(partner.getByText(`${PARTNER} agreed to pay its co-pay share of ${agentName}'s purchase.`)).toBeVisible();
    await partner.getByRole('button', { name: 'Pay $90' }).click();
    await payOnBuiltInPage(partner, '$90');
    await expect(partner).toHaveURL(/\/partner-payment-success\?session_id=cs_/);
    await expect(partner.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
    await expect(partner.getByTestId('partner-result')).toHaveText(`You paid $90 toward ${agentName}'s purchase. Thank you.`);
    await expect(partner.getByText('•••• 4242')).toBeVisible();
    await expect(partner.getByRole('link', { name: 'Go to Circle' })).toBeVisible();

    // The same link again: refused, it has been used.
    await partner.goto(new URL(url).pathname);
    await expect(partner.getByTestId('partner-link-refused')).toContainText('This payment link has already been used. The partner share is paid.');
    await expect(partner.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  } finally {
    await partnerContext.close();
  }

  // The agent's screen shows the share paid, with no link to make any more.
  await page.reload();
  const paid = page.getByRole('article', { name: HDR });
  await expect(paid.getByTestId('partner-link-status')).toHaveText('Paid');
  await expect(paid.getByTestId('partner-link-detail')).toContainText('The partner paid on');
  await expect(paid.getByRole('button', { name: /payment link|Replace link/ })).toHaveCount(0);
  await page.setViewportSize({ width: 1366, height: 900 });
  await axe(page);
});

// The partner gives up the payment page: the canceled page says nothing was paid and leads back to
// the link, which works again; meanwhile the agent sees the share being paid, then paid.
test('F-PAY-08 a partner who cancels the payment page goes back to the link and pays it; the agent sees it being paid, then paid', async ({
  page,
  browser,
  baseURL,
}) => {
  const agentName = await agentWithApprovedShare(page, browser, baseURL, 'partner-cancel');
  await page.goto('/partner-payments');
  const share = page.getByRole('article', { name: HDR });
  await share.getByRole('button', { name: 'Create payment link' }).click();
  const input = share.getByLabel(`Payment link for ${HDR}`);
  await expect(input).toHaveValue(/\/partner-checkout\//);
  const path = new URL(await input.inputValue()).pathname;

  const partnerContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    const partner = await partnerContext.newPage();
    await partner.goto(path);
    await partner.getByRole('button', { name: 'Pay $90' }).click();
    await expect(partner.getByRole('heading', { name: 'Circle checkout' })).toBeVisible();

    // While the page is open the agent sees the share being paid, with no link to make.
    await page.reload();
    await expect(share.getByTestId('partner-link-status')).toHaveText('Being paid');
    await expect(share.getByRole('button')).toHaveCount(0);

    await partner.getByRole('button', { name: 'Cancel' }).click();
    await expect(partner).toHaveURL(/\/partner-payment-canceled\?session_id=cs_/);
    await expect(partner.getByRole('heading', { level: 1, name: 'Payment Canceled' })).toBeVisible();
    await expect(partner.getByTestId('partner-result')).toHaveText(`Nothing was paid: $90 toward ${agentName}'s purchase is still due.`);
    await partner.getByRole('link', { name: 'Back to the payment link' }).click();
    await expect(partner).toHaveURL(new RegExp(`${path}$`));
    await partner.getByRole('button', { name: 'Pay $90' }).click();
    await payOnBuiltInPage(partner, '$90');
    await expect(partner.getByTestId('partner-result')).toHaveText(`You paid $90 toward ${agentName}'s purchase. Thank you.`);
  } finally {
    await partnerContext.close();
  }
  await page.reload();
  await expect(share.getByTestId('partner-link-status')).toHaveText('Paid');
});
