import { randomBytes } from 'node:crypto';
import { cartDialog, choiceDialog, expect, payOnBuiltInPage, requestPurchase, subscribeThroughApi } from './cart-helpers';
import { createUser, DEMO_PASSWORD, freshEmail, signInThroughForm, STRONG_PASSWORD } from './auth-helpers';
import { test } from './support/fixtures';

test.describe.configure({ timeout: 180_000 });

const HDR_ID = 'svc-listingloop-hdr-photos'; // retail $225
const HDR = 'HDR Listing Photography';
const PARTNER = 'ClosingBell Transaction Services'; // owned by vendor@demo.test; not a settlement provider

// Issue 15's acceptance journey (F-PAY-05, F-PAY-06): a Pro agent of its own asks ClosingBell for
// co-pay at 40% -> vendor@demo.test approves it in /vendor-dashboard -> the agent's cart shows
// Vendor Approved at the agent's share -> checkout charges only that share -> the vendor's audit
// pack lists the request, the decision and the charge. The agent and its request are new, so the
// shared server's demo data is untouched.
test('F-PAY-05 F-PAY-06 co-pay at 40%: the vendor approves, checkout charges the agent share, the audit pack lists the charge', async ({ page, browser, baseURL }) => {
  const name = `Jordan Copay ${randomBytes(3).toString('hex')}`;
  const email = freshEmail('copay-journey');
  await createUser(email, STRONG_PASSWORD, name);
  expect((await page.request.post('/api/auth/signin', { data: { email, password: STRONG_PASSWORD } })).status()).toBe(200);
  await subscribeThroughApi(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/marketplace');
  await expect(page.getByRole('button', { name: /^Cart, \d+ items?$/ })).toBeVisible();

  // The agent asks ClosingBell for 40%.
  await requestPurchase(page, { serviceId: HDR_ID, serviceName: HDR, mode: 'add' });
  await choiceDialog(page).getByRole('button', { name: /Get Vendor Help \(Co-Pay\)/ }).click();
  const picker = page.getByRole('dialog', { name: 'Select Co-Pay Partner' });
  await picker.getByRole('searchbox', { name: 'Search vendors' }).fill('ClosingBell');
  const card = picker.getByTestId('copay-partner').filter({ hasText: 'ClosingBell' });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Request Copay' }).click();
  const form = picker.getByTestId('copay-form');
  await form.getByRole('slider').fill('40');
  await expect(form.getByTestId('copay-explanation')).toContainText('covers 40% ($90); you pay $135');
  await picker.getByRole('button', { name: 'Request Your Vendors' }).click();
  const sent = page.getByRole('dialog', { name: 'Request Sent!' });
  await expect(sent.getByText(`Co-pay request sent to ${PARTNER}. Check your cart for updates.`)).toBeVisible();
  await sent.getByRole('button', { name: 'View Cart' }).click();
  const line = cartDialog(page).getByTestId('cart-line').filter({ hasText: HDR });
  await expect(line.getByText('Pending Vendor Approval')).toBeVisible();

  // The vendor approves it at 40% in /vendor-dashboard.
  const vendorContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const vendor = await vendorContext.newPage();
  await signInThroughForm(vendor, 'vendor@demo.test', DEMO_PASSWORD, 'Nicole Bradford');
  await vendor.goto('/vendor-dashboard?tab=copay');
  const request = vendor.getByRole('list', { name: 'Co-pay requests' }).getByRole('listitem').filter({ hasText: HDR }).filter({ hasText: name });
  await expect(request).toContainText(`${PARTNER} covers 40%`);
  await request.getByRole('button', { name: `Approve the request for ${HDR} from ${name}` }).click();
  const approve = vendor.getByRole('dialog', { name: 'Approve co-pay request' });
  await approve.getByRole('button', { name: 'Approve at 40%' }).click();
  await expect(vendor.getByText(`Approved at 40%. ${name} has been told.`)).toBeVisible();

  // The agent's cart follows the request: Vendor Approved at $135; checkout charges $135.
  await page.reload();
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  const approved = cartDialog(page).getByTestId('cart-line').filter({ hasText: HDR });
  await expect(approved.getByText('Vendor Approved')).toBeVisible();
  await expect(approved.getByTestId('cart-copay')).toContainText('You pay $135');
  await cartDialog(page).getByRole('button', { name: 'Checkout' }).click();
  await payOnBuiltInPage(page, '$135');
  await expect(page).toHaveURL(/\/payment-success/);

  // The vendor's audit pack for this agent lists the request's decision and the charge.
  await vendor.goto('/vendor-dashboard?tab=audit');
  await vendor.getByRole('tab', { name: 'Audit pack' }).click();
  const agentPicker = vendor.getByLabel('Agent', { exact: true });
  const agentValue = await agentPicker.locator('option', { hasText: name }).getAttribute('value');
  await agentPicker.selectOption(agentValue ?? '');
  const pack = vendor.getByRole('article', { name: `RESPA audit pack: ${PARTNER} and ${name}` });
  await expect(pack.getByRole('row').filter({ hasText: 'Nicole Bradford' }).filter({ hasText: 'covers 40%' })).toHaveCount(1);
  const charges = pack.getByRole('region', { name: 'Co-pay charges' });
  await expect(charges.getByRole('listitem').filter({ hasText: HDR })).toContainText(/vendor \$90(\.00)? · agent \$135(\.00)?/);
  await vendorContext.close();
});
