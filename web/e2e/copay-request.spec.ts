import { cartDialog, choiceDialog, expect, freshAgent, requestPurchase, subscribeThroughApi, toastRegion } from './cart-helpers';
import { test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

const HDR_ID = 'svc-listingloop-hdr-photos'; // retail $225, split limit 50, max vendor split 40
const HDR = 'HDR Listing Photography';

// F-PAY-05, issue 15 item 2: a Pro agent of its own (the spec changes its cart) asks a partner
// vendor for co-pay at 40% from the pricing-choice dialog, sees Request Sent!, and View Cart shows
// the line Pending Vendor Approval at the agent's share.
test('F-PAY-05 a Pro agent requests co-pay at 40% from the pricing-choice dialog; View Cart shows Pending Vendor Approval', async ({ page, axe }) => {
  await freshAgent(page, 'copay-request');
  await subscribeThroughApi(page);
  await page.goto('/marketplace');
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toHaveCount(0);

  await requestPurchase(page, { serviceId: HDR_ID, serviceName: HDR, mode: 'add' });
  const choice = choiceDialog(page);
  await choice.getByRole('button', { name: /Get Vendor Help \(Co-Pay\)/ }).click();

  const picker = page.getByRole('dialog', { name: 'Select Co-Pay Partner' });
  await expect(picker.getByText('The vendor has 3 days to respond.')).toBeVisible();
  await picker.getByRole('searchbox', { name: 'Search vendors' }).fill('Brightpath');
  const card = picker.getByTestId('copay-partner').filter({ hasText: 'Brightpath' });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Request Copay' }).click();

  const form = picker.getByTestId('copay-form');
  await expect(form.getByRole('slider')).toHaveValue('40');
  await expect(form.getByTestId('copay-explanation')).toContainText('covers 40% ($90); you pay $135');
  await axe(page);
  await picker.getByRole('button', { name: 'Request Your Vendors' }).click();

  // The success view names the dialog.
  const sent = page.getByRole('dialog', { name: 'Request Sent!' });
  await expect(sent.getByRole('heading', { name: 'Request Sent!' })).toBeVisible();
  await expect(sent.getByText('Co-pay request sent to Brightpath Agent Marketing. Check your cart for updates.')).toBeVisible();
  await expect(sent.getByText('The vendor has 3 days to respond.')).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Send Another Request' })).toBeVisible();
  await expect(toastRegion(page).getByText('Request Sent!')).toBeVisible();
  await sent.getByRole('button', { name: 'View Cart' }).click();

  const cart = cartDialog(page);
  const line = cart.getByTestId('cart-line').filter({ hasText: HDR });
  await expect(line.getByText('Pending Vendor Approval')).toBeVisible();
  await expect(line.getByTestId('cart-copay')).toContainText('You pay $135');
  expect(await page.evaluate(() => window.sessionStorage.getItem('vendorModalDismissed'))).toBe('true');
});

test('F-PAY-05 the Select Co-Pay Partner dialog fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await freshAgent(page, 'copay-phone');
  await subscribeThroughApi(page);
  await page.goto('/marketplace');
  // The app (and its co-pay layer) is up once the header's cart button shows.
  await expect(page.getByRole('button', { name: /^Cart, \d+ items?$/ })).toBeVisible();
  await page.evaluate(
    (detail) => window.dispatchEvent(new CustomEvent('circle:copay-request', { detail })),
    { serviceId: HDR_ID, serviceName: HDR, packageId: '', yearly: false },
  );
  const picker = page.getByRole('dialog', { name: 'Select Co-Pay Partner' });
  await expect(picker.getByTestId('copay-partner').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(picker.getByRole('button', { name: 'Request Your Vendors' })).toBeVisible();
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await expect(picker).toHaveCount(0);
});

// F-PAY-05 with F-APP-07's toasts: the Request Sent! toast is still up when View Cart opens the
// cart drawer; it sits above the drawer's footer instead of over Clear cart / Checkout.
for (const [width, height] of [
  [390, 844],
  [1366, 900],
] as const) {
  test(`F-PAY-05 the Request Sent! toast does not cover the cart drawer's footer buttons at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await freshAgent(page, `copay-toast-${width}`);
    await subscribeThroughApi(page);
    await page.goto('/marketplace');
    await requestPurchase(page, { serviceId: HDR_ID, serviceName: HDR, mode: 'add' });
    await choiceDialog(page).getByRole('button', { name: /Get Vendor Help \(Co-Pay\)/ }).click();
    const picker = page.getByRole('dialog', { name: 'Select Co-Pay Partner' });
    await picker.getByRole('searchbox', { name: 'Search vendors' }).fill('Brightpath');
    await picker.getByTestId('copay-partner').filter({ hasText: 'Brightpath' }).getByRole('button', { name: 'Request Copay' }).click();
    await picker.getByRole('button', { name: 'Request Your Vendors' }).click();
    await page.getByRole('dialog', { name: 'Request Sent!' }).getByRole('button', { name: 'View Cart' }).click();

    const cart = cartDialog(page);
    const footer = cart.locator('[data-modal-footer]');
    const buttons = footer.getByRole('button');
    await expect(footer.getByRole('button', { name: 'Checkout' })).toBeVisible();
    const note = toastRegion(page).locator('[data-state="open"]').filter({ hasText: 'Request Sent!' });
    await expect(note).toBeVisible();
    await expect(note).toBeInViewport({ ratio: 1 });
    for (const button of await buttons.all()) await expect(button).toBeInViewport({ ratio: 1 });

    // The toast glides up (200 ms unless reduced motion): wait until it has cleared every button,
    // by geometry and by what a tap on each button's centre would reach.
    await expect
      .poll(async () => {
        const t = await note.boundingBox();
        if (!t) return 'no toast';
        const hits: string[] = [];
        for (const button of await buttons.all()) {
          const b = await button.boundingBox();
          const name = (await button.textContent()) ?? '';
          if (!b) return `no box for ${name}`;
          if (t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height) hits.push(`overlaps ${name}`);
          const onTop = await button.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
          });
          if (!onTop) hits.push(`covers ${name}`);
        }
        return hits.join(', ') || 'clear';
      })
      .toBe('clear');
    await expect(note).toBeInViewport({ ratio: 1 });
    await expect(note).toBeVisible();
  });
}
