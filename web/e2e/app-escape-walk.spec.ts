import type { Locator } from '@playwright/test';
import { cartDialog, choiceDialog, expect, freshAgent, NESTFLOW, requestPurchase, subscribeThroughApi } from './cart-helpers';
import { cards, waitForGrid } from './marketplace-helpers';
import { test, type Page } from './support/fixtures';

/**
 * Issue 28 item 3 (the Escape walk): every dialog and sheet a Pro agent can open from the
 * marketplace closes on Escape and gives focus back to what opened it, at 1366 and 390 px, and
 * the page is usable afterwards (nothing left inert). The co-pay picker is walked to
 * "Request Sent!", where Escape once went back to the partner list and then did nothing.
 */
test.describe.configure({ timeout: 120_000 });

const cardNamed = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Opens a dialog with opener, closes it with Escape, and checks focus came back to opener. */
async function escapeCloses(page: Page, opener: Locator, dialog: Locator): Promise<void> {
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** Nothing is left inert: the header's cart button still takes a click. */
async function expectPageUsable(page: Page): Promise<void> {
  await expect(page.locator('[inert]')).toHaveCount(0);
  await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click();
  await expect(cartDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cartDialog(page)).toBeHidden();
}

for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
  test(`F-APP-07 issue 28 item 3: every dialog and sheet closes on Escape and returns focus at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await freshAgent(page, `escape-${viewport.width}`);
    await subscribeThroughApi(page);
    await page.goto('/marketplace?q=crm');
    await waitForGrid(page);
    const banner = page.getByRole('banner');
    const phone = viewport.width < 768;

    // The cart drawer.
    await escapeCloses(page, banner.getByRole('button', { name: /^Cart/ }), cartDialog(page));

    // The phone menu (phones) or the account menu (desktop).
    if (phone) {
      await escapeCloses(page, banner.getByRole('button', { name: 'Menu' }), page.getByRole('dialog', { name: 'Menu' }));
    } else {
      const account = banner.getByRole('button', { name: /^Account menu for / });
      await escapeCloses(page, account, page.getByRole('menu'));
      // The concierge, opened from the account menu: focus goes back to the menu's button.
      await account.click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'AI Concierge' }).click();
      const concierge = page.getByRole('dialog', { name: 'Circle Agent Concierge' });
      await expect(concierge).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(concierge).toBeHidden();
      await expect(account).toBeFocused();
    }

    // The help widget.
    await escapeCloses(page, page.getByRole('button', { name: 'Help' }), page.getByRole('dialog', { name: 'How can we help?' }));

    // A card's details and its payment-option dialog.
    const card = cardNamed(page, NESTFLOW);
    await escapeCloses(page, card.getByRole('button', { name: `Learn more about ${NESTFLOW}` }), page.getByRole('dialog', { name: NESTFLOW }));
    const add = card.getByRole('button', { name: `Add to cart: ${NESTFLOW}` });
    await escapeCloses(page, add, choiceDialog(page));

    // The co-pay picker, walked to Request Sent!: Escape closes it and the page works.
    await requestPurchase(page, { serviceId: 'svc-listingloop-hdr-photos', serviceName: 'HDR Listing Photography', mode: 'add' });
    await choiceDialog(page).getByRole('button', { name: /Get Vendor Help \(Co-Pay\)/ }).click();
    const picker = page.getByRole('dialog', { name: 'Select Co-Pay Partner' });
    await expect(picker).toBeVisible();
    await picker.getByRole('searchbox', { name: 'Search vendors' }).fill('Brightpath');
    await picker.getByTestId('copay-partner').filter({ hasText: 'Brightpath' }).getByRole('button', { name: 'Request Copay' }).click();
    await picker.getByRole('button', { name: 'Request Your Vendors' }).click();
    const sent = page.getByRole('dialog', { name: 'Request Sent!' });
    await expect(sent).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sent).toBeHidden();
    await expect(picker).toBeHidden();
    await expect(choiceDialog(page)).toBeHidden();
    await expectPageUsable(page);
  });
}
