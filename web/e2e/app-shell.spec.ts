import { expect, expectScreen, STORAGE_KEYS, test, type Page } from './support/fixtures';

const FOOTER_NOTICES = [
  'You must be 18 or older to use Circle.',
  'Services are available only where local laws allow them.',
  'Buyers and sellers are each responsible for their own taxes.',
  'Circle and the services listed on it are provided as is, without warranties of any kind.',
  'By using Circle you agree to indemnify Circle against claims arising from your use of the platform.',
  'Content posted by users and vendors belongs to them and does not reflect the views of Circle.',
];

const FOOTER_LEGAL_LINKS: Array<[name: string, path: string, heading: string]> = [
  ['Terms of Service', '/terms', 'Terms of Service'],
  ['Privacy Policy', '/privacy', 'Privacy Policy'],
  ['Cookie Policy', '/cookies', 'Cookie Policy'],
  ['Buyer Protection', '/buyer-protection', 'Buyer Protection'],
  ['Seller Agreement', '/seller-agreement', 'Seller Agreement'],
  ['Prohibited Items', '/prohibited-items', 'Prohibited Items and Services'],
  ['Refund Policy', '/refund-policy', 'Refund Policy'],
  ['Dispute Resolution', '/dispute-resolution', 'Dispute Resolution'],
  ['Contact Us', '/contact', 'Contact Us'],
];

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' }).getByRole('status');

const CLOCK_START = new Date('2030-01-07T15:00:00Z');

/** Stores a reload reason for the first load of the page only, as the app does before reloading. */
async function seedReloadReason(page: Page, reason: string) {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        sessionStorage.setItem('e2e-seeded', '1');
        sessionStorage.setItem(key, value);
      }
    },
    [STORAGE_KEYS.reloadReason, reason] as const,
  );
}

/** Stops the page's clock before it loads: its timers fire only when the test runs the clock. */
async function stopClock(page: Page) {
  await page.clock.install({ time: CLOCK_START });
  // The installed clock is already running: stop it a minute on, before any page exists.
  await page.clock.pauseAt(CLOCK_START.getTime() + 60_000);
}

test.describe('F-APP-07 header, footer and toasts', () => {
  test('F-APP-07 header: the logo goes home and Get Started Free opens sign-up for visitors', async ({ page }) => {
    await page.goto('/lobby');
    await header(page).getByRole('link', { name: 'Circle', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Marketplace | Circle');

    await page.goto('/lobby');
    const getStarted = header(page).getByRole('link', { name: 'Get Started Free' });
    await expect(getStarted).toHaveAttribute('href', '/auth?mode=signup');
    await getStarted.click();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  });

  test('F-APP-07 header navigation reaches each area', async ({ page }) => {
    await page.goto('/pricing');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Marketplace', 'Categories', 'Academy', 'Pricing']);
    await nav.getByRole('link', { name: 'Categories' }).click();
    await expectScreen(page, 'Browse by Category');
    await nav.getByRole('link', { name: 'Academy' }).click();
    await expectScreen(page, 'Circle Academy');
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await expectScreen(page, 'Circle Pro');
    await nav.getByRole('link', { name: 'Marketplace' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(page).toHaveTitle('Marketplace | Circle');
  });

  test('F-APP-07 the skip link is the first stop for the keyboard and moves focus to the content', async ({ page }) => {
    await page.goto('/lobby');
    await expectScreen(page, 'Browse by Category');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('F-APP-07 footer shows the six notices of spec 01§1', async ({ warmPage: page }) => {
    await page.goto('/lobby');
    const notices = footer(page).getByRole('region', { name: 'Important notices' });
    await expect(notices.getByRole('listitem')).toHaveText(FOOTER_NOTICES);
    await expect(footer(page)).toContainText(`© ${new Date().getFullYear()} Circle. All rights reserved.`);
  });

  test('F-APP-07 footer legal and support links open their pages', async ({ warmPage: page }) => {
    await page.goto('/lobby');
    const legal = footer(page).getByRole('navigation', { name: 'Legal and support' });
    await expect(legal.getByRole('link')).toHaveText(FOOTER_LEGAL_LINKS.map(([name]) => name));
    for (const [name, path, heading] of FOOTER_LEGAL_LINKS) {
      await legal.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expectScreen(page, heading);
    }
  });

  // The page's clock is stopped from the start (timers fire only when the test runs it), so the
  // toast's 5 s and 1 s timers are measured exactly however busy the machine is.
  test('F-APP-07 a reload-reason toast shows once in the live region, closes by button and is removed 1000 ms later', async ({
    page,
  }) => {
    await seedReloadReason(page, 'recovery_fallback');
    await stopClock(page);
    await page.goto('/lobby');
    await expect(toasts(page)).toHaveAttribute('aria-live', 'polite');
    const toast = toasts(page).getByText('The page was reloaded to recover from an error.');
    await expect(toast).toBeVisible();
    expect(await page.evaluate((k) => sessionStorage.getItem(k), STORAGE_KEYS.reloadReason)).toBeNull();

    await toasts(page).getByRole('button', { name: 'Close notification' }).click();
    await expect(toasts(page).locator('[data-state="closed"]')).toHaveCount(1);
    await page.clock.runFor(990);
    await expect(toast).toHaveCount(1);
    await page.clock.runFor(20);
    await expect(toast).toHaveCount(0);

    // The reason was consumed: a reload shows no toast.
    await page.clock.resume();
    await page.reload();
    await expectScreen(page, 'Browse by Category');
    await expect(toasts(page).getByText('The page was reloaded to recover from an error.')).toHaveCount(0);
  });

  test('F-APP-07 a toast closes by itself after 5 s; an unknown reload reason shows the default message', async ({ page }) => {
    await seedReloadReason(page, 'something_else');
    await stopClock(page);
    await page.goto('/lobby');
    const toast = toasts(page).getByText('The page was reloaded to load the latest version.');
    await expect(toast).toBeVisible();
    await expect(toasts(page).locator(':scope > *')).toHaveCount(1);
    await page.clock.runFor(4990);
    await expect(toasts(page).locator('[data-state="open"]')).toHaveCount(1);
    await page.clock.runFor(20);
    await expect(toasts(page).locator('[data-state="closed"]')).toHaveCount(1);
    // Closed at 5000 ms, removed at 6000 ms.
    await page.clock.runFor(980);
    await expect(toast).toHaveCount(1);
    await page.clock.runFor(20);
    await expect(toast).toHaveCount(0);
  });
});
