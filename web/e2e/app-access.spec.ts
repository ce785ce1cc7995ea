import { expect, expectScreen, test } from './support/fixtures';
import { DEMO_PASSWORD, signInThroughForm } from './auth-helpers';

// Sign-in journeys on a shared 2-core machine: more time than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const FORBIDDEN = "You don't have access to this page";

test.describe('F-AUTH-09 screens enforce the access the route table declares', () => {
  test('F-AUTH-09 an agent opening /admin gets the 403 screen, and the menu has no admin entries', async ({ page }) => {
    await signInThroughForm(page, 'agent@demo.test', DEMO_PASSWORD, 'Jordan Avery');
    await page.getByRole('button', { name: 'Account menu for Jordan Avery' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'My Orders' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Email Outbox' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/admin');
    await expectScreen(page, FORBIDDEN);
    const main = page.getByRole('main');
    await expect(main.getByText(/This page is only for administrators/)).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(page).toHaveTitle('Admin Dashboard | Circle');
    // A way back: this was the first screen of the page load, so Go Back goes home.
    await main.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);

  });

  test('F-AUTH-09 an administrator opens /admin and finds it in the menu', async ({ page }) => {
    await signInThroughForm(page, 'admin@demo.test', DEMO_PASSWORD, 'Alex Morgan');
    await page.getByRole('button', { name: 'Account menu for Alex Morgan' }).click();
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
    await expectScreen(page, 'Admin Dashboard');
    await expect(page.getByText(FORBIDDEN)).toHaveCount(0);
    await page.goto('/admin/accounting');
    await expectScreen(page, 'Accounting');
    await expect(page.getByText(FORBIDDEN)).toHaveCount(0);
  });

  test('F-AUTH-09 a visitor on a protected screen is asked to sign in and comes back to it', async ({ page }) => {
    await page.goto('/admin/accounting');
    await expectScreen(page, 'Accounting');
    const main = page.getByRole('main');
    await expect(main.getByText('Please sign in', { exact: true })).toBeVisible();
    await expect(main.getByText(FORBIDDEN)).toHaveCount(0);

    await page.goto('/wallet');
    await expectScreen(page, 'Agent Wallet');
    await expect(main.getByText('Please sign in', { exact: true })).toBeVisible();
    await main.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fwallet$/);
    await page.getByLabel('Email').fill('agent@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expectScreen(page, 'Agent Wallet');
    await expect(main.getByText('Please sign in', { exact: true })).toHaveCount(0);
  });
});
