import { expect, expectScreen, test } from './support/fixtures';
import { toasts } from './auth-helpers';

// Long journeys on a shared 2-core machine: more time than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe('F-AUTH-07 Google sign-in', () => {
  test('F-AUTH-07 Continue with Google signs in through the OpenID provider and comes back to the redirect path', async ({ page }) => {
    const email = process.env.E2E_GOOGLE_EMAIL ?? 'jane.doe@example.com';
    await page.goto('/auth?redirect=%2Flobby');
    await expectScreen(page, 'Welcome Back');
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await expect(google).toBeEnabled();
    await google.click();
    await expect(page).toHaveURL(/\/lobby$/);
    await expect(toasts(page).getByText('Welcome back!')).toBeVisible();
    const menu = page.getByRole('banner').getByRole('button', { name: /^Account menu for / });
    await expect(menu).toBeVisible();
    await menu.click();
    await expect(page.getByRole('menu').getByText(email)).toBeVisible();
  });

  test('F-AUTH-07 a failed Google sign-in comes back with the toast', async ({ page }) => {
    await page.goto('/auth?reason=error&provider=google');
    await expect(toasts(page).getByText('Google Sign-In Failed')).toBeVisible();
    await expect(toasts(page).getByText('Failed to sign in with Google')).toBeVisible();
    await expect(page.getByRole('alert').getByText('Something went wrong while signing you in. Please try again.')).toBeVisible();
  });
});
