/**
 * Issue 18 at 390x844: the phone header's menu (F-APP-07) and where a page opens (F-APP-01):
 * back/forward restores the offset, every other load and link opens at the top.
 */
import { signIn } from './marketplace-helpers';
import { expect, expectScreen, test, type Page } from './support/fixtures';

test.use({ viewport: { width: 390, height: 844 } });

const header = (page: Page) => page.getByRole('banner');
const menuButton = (page: Page) => header(page).getByRole('button', { name: 'Menu', exact: true });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Menu' });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe('F-APP-07 phone menu', () => {
  test('a visitor opens the menu, sees the header navigation and Sign In; Escape closes it and focus returns; axe clean while open', async ({
    page,
    axe,
  }) => {
    await page.goto('/');
    // The desktop navigation does not show at 390 px: the menu button does.
    await expect(header(page).getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(menuButton(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

    await menuButton(page).click();
    await expect(sheet(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    const controls = await menuButton(page).getAttribute('aria-controls');
    expect(await sheet(page).getAttribute('id')).toBe(controls);
    const nav = sheet(page).getByRole('navigation', { name: 'Main' });
    for (const name of ['Marketplace', 'Categories', 'Academy', 'Pricing']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(sheet(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(sheet(page).getByRole('link', { name: 'Get Started Free' })).toBeVisible();
    // Focus moved into the sheet.
    expect(await sheet(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await axe(page);

    await page.keyboard.press('Escape');
    await expect(sheet(page)).toHaveCount(0);
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('Sign In from the menu reaches the sign-in screen', async ({ page }) => {
    await page.goto('/pricing');
    await expectScreen(page, 'Circle Pro');
    await menuButton(page).click();
    await sheet(page).getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(sheet(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  });

  test('agent@demo.test: the menu shows the user menu entries and Sign out, not Sign In; a link there navigates and closes it', async ({
    page,
    axe,
  }) => {
    await signIn(page, 'agent@demo.test');
    await page.goto('/');
    // Below md the phone menu carries the user menu.
    await expect(header(page).getByRole('button', { name: /^Account menu for / })).toBeHidden();
    await menuButton(page).click();
    const account = sheet(page).getByRole('region', { name: 'Account' });
    for (const name of ['My Orders', 'Saved Services', 'Agent Wallet', 'Profile Settings', 'Manage Subscription', 'Upgrade to Pro']) {
      await expect(account.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(account.getByRole('button', { name: 'Active sessions' })).toBeVisible();
    await expect(account.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(account.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(sheet(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await axe(page);

    await account.getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(sheet(page)).toHaveCount(0);
    await expectScreen(page, 'Order History');
  });
});

test('F-APP-01 a link and a reload open at the top; back restores the offset; a full load opens at the top', async ({ page }) => {
  await page.goto('/pricing');
  await expectScreen(page, 'Circle Pro');
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
  const offset = await scrollY(page);

  // A link: the next page opens at the top.
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expectScreen(page, 'Terms of Service');
  expect(await scrollY(page)).toBe(0);

  // Back: the offset of /pricing comes back.
  await page.goBack();
  await expectScreen(page, 'Circle Pro');
  await expect.poll(() => scrollY(page)).toBe(offset);

  // Reload: the top, not the offset it had.
  await page.reload();
  await expectScreen(page, 'Circle Pro');
  await expect(page.getByRole('contentinfo')).toBeAttached();
  expect(await scrollY(page)).toBe(0);

  // A full load of another page after scrolling this one: the top.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
  await page.goto('/terms');
  await expectScreen(page, 'Terms of Service');
  expect(await scrollY(page)).toBe(0);
  await page.goto('/pricing');
  await expectScreen(page, 'Circle Pro');
  expect(await scrollY(page)).toBe(0);
});
