import type { Locator, Page } from '@playwright/test';
import { test } from './support/fixtures';
import { cartDialog, expect, freshAgent, MOVING, MOVING_ID, requestPurchase } from './cart-helpers';

/** The enabled choices of a radio group (dates or times) that the calendar offers now. */
function offered(scope: Page | Locator, group: string) {
  return scope.getByRole('radiogroup', { name: group }).getByRole('radio').and(scope.locator(':enabled'));
}

for (const width of [1280, 390]) {
  test(`F-ENG-03 cart consultation flow: a consultation item is booked, its course follows, Finish, then it checks out (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const email = await freshAgent(page, `cart-consult-${width}`);
    await page.goto('/');
    // The app listens for purchase requests once the header (with its cart button) is up.
    await expect(page.getByRole('button', { name: /^Cart/ }).first()).toBeVisible();
    await requestPurchase(page, { serviceId: MOVING_ID, serviceName: MOVING, mode: 'add' });
    const cart = cartDialog(page);
    const moving = cart.getByTestId('cart-line').filter({ hasText: MOVING });
    await expect(moving.getByText('Consultation Required').first()).toBeVisible();
    // 03§5: checkout with a consultation item opens the consultation flow.
    await cart.getByRole('button', { name: 'Checkout' }).click();

    const flow = page.getByRole('dialog', { name: 'Consultation Required' });
    await expect(flow).toBeVisible();
    await expect(flow.getByRole('progressbar', { name: 'Consultation progress' })).toHaveAttribute('aria-valuenow', '0');
    await expect(flow.getByText('Book consultation 1 of 1')).toBeVisible();
    // Each width its own date: the two run side by side for the same vendor, and the second to
    // book one slot got 409 (slot taken) and never reached the course.
    await offered(flow, 'Select a date').nth(width === 390 ? -2 : -1).click();
    await offered(flow, 'Select a time').first().click();
    await flow.getByLabel('Full name').fill('Casey Cart');
    await flow.getByLabel('Email').fill(email);
    await flow.getByRole('button', { name: 'Book Consultation', exact: true }).click();

    // Then the preparation course: 50%.
    await expect(flow.getByText('Preparation course 1 of 1')).toBeVisible();
    await expect(flow.getByRole('progressbar', { name: 'Consultation progress' })).toHaveAttribute('aria-valuenow', '50');
    await expect(flow.getByRole('heading', { name: 'Consultation Preparation Course' })).toBeVisible();
    if (width === 390) {
      // A phone sheet: the dialog fills the width and nothing overflows sideways.
      const box = await flow.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(385);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await flow.getByRole('button', { name: 'Continue Later' }).click();
    await expect(flow.getByRole('progressbar', { name: 'Consultation progress' })).toHaveAttribute('aria-valuenow', '100');
    await flow.getByRole('button', { name: 'Finish' }).click();
    await expect(flow).toBeHidden();

    // Back in the cart, the server released the line: Consultation Booked; checkout takes it.
    await expect(moving.getByText('Consultation Booked').first()).toBeVisible();
    await expect(moving.getByTestId('cart-consultation-booked')).toBeVisible();
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/orders\?paid=/);
    await expect(page.getByText(MOVING).first()).toBeVisible();
    await expect(page.getByText('Priced at the consultation (not charged)').first()).toBeVisible();
    const res = await page.request.get('/api/cart');
    expect(((await res.json()) as { line_count: number }).line_count).toBe(0);
    // The meeting stays booked.
    const mine = (await (await page.request.get('/api/consultations')).json()) as { consultations: Array<{ status: string; source: string }> };
    expect(mine.consultations.filter((c) => c.status === 'pending' && c.source === 'cart')).toHaveLength(1);
  });
}
