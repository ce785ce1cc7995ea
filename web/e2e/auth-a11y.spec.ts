import { expect, expectScreen, test } from './support/fixtures';
import { createUser, freshEmail, signInThroughForm, STRONG_PASSWORD } from './auth-helpers';

// Long journeys on a shared 2-core machine: more time than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe('F-AUTH-01 F-AUTH-08 keyboard and axe on /auth and /profile-settings', () => {
  test('F-AUTH-01 /auth works by keyboard and passes axe in every state', async ({ page, axe }) => {
    await page.goto('/auth');
    await expectScreen(page, 'Welcome Back');
    await axe(page);

    // Tab from the top of the form: Google, e-mail, password, show password, forgot.
    await page.getByRole('button', { name: 'Continue with Google' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type('someone@example.test');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type('Secret-Pass-1');
    await page.keyboard.press('Tab');
    const toggle = page.getByRole('button', { name: 'Show password' });
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectScreen(page, 'Reset Password');
    await axe(page);

    await page.getByRole('button', { name: 'Back to login' }).press('Enter');
    await expectScreen(page, 'Welcome Back');
    await page.getByRole('button', { name: 'Sign up' }).press('Enter');
    await expectScreen(page, 'Create Account');
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await expect(page.getByText('Weak', { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Security verification' }).getByText('Verified')).toBeVisible();
    await axe(page);
  });

  test('F-AUTH-08 /profile-settings and the user menu work by keyboard and pass axe', async ({ page, axe }) => {
    const email = freshEmail('a11y');
    await createUser(email, STRONG_PASSWORD, 'Kay Board');
    await signInThroughForm(page, email, STRONG_PASSWORD, 'Kay Board');

    // The user menu: ArrowDown opens it on the first item, arrows move, Escape closes.
    const menuButton = page.getByRole('button', { name: 'Account menu for Kay Board' });
    await menuButton.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await axe(page, { include: '[role=menu]' });
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();

    await page.goto('/profile-settings');
    await expectScreen(page, 'Profile Settings');
    await axe(page);
    const specialties = page.getByRole('textbox', { name: 'Specialties' });
    await specialties.focus();
    await page.keyboard.type('Relocation');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove Relocation' })).toBeVisible();
    await page.getByLabel('ZIP code').focus();
    await page.keyboard.type('78701');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Profile updated')).toBeVisible();
  });
});
