import { expect, expectScreen, test } from './support/fixtures';
import { createUser, freshEmail, mailedLink, pathOf, STRONG_PASSWORD, toasts } from './auth-helpers';

// Long journeys on a shared 2-core machine: more time than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe('F-AUTH-06 password reset', () => {
  test('F-AUTH-06 Forgot your password?, the e-mailed link, a new password, sign-in with it', async ({ page, problems }) => {
    problems.allow({ reason: 'the old password no longer works', kind: 'http', method: 'POST', url: '/api/auth/signin', status: 400, required: true });
    problems.allow({ reason: 'a used reset link is refused', kind: 'http', method: 'POST', url: '/api/auth/reset', status: 400, required: true });
    const email = freshEmail('reset');
    await createUser(email, STRONG_PASSWORD, 'Rhea Set');
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expectScreen(page, 'Reset Password');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(toasts(page).getByText('Reset Email Sent')).toBeVisible();
    await expect(toasts(page).getByText('Check your email for password reset instructions.')).toBeVisible();

    const link = await mailedLink(email, 'reset');
    await page.goto(pathOf(link));
    await expectScreen(page, 'Set a New Password');
    // The token leaves the address bar.
    await expect(page).toHaveURL(/\/auth$/);
    const newPassword = 'Quiet-Meadow-57';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await expect(page.getByText('Strong', { exact: true })).toBeVisible();
    await page.getByLabel('Confirm new password', { exact: true }).fill('Quiet-Meadow-58');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('main').getByText('The passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectScreen(page, 'Welcome Back');
    await expect(page.getByRole('main').getByText('Your password has been changed. Please sign in with your new password.')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toasts(page).getByText('Invalid email or password. Please check your credentials.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Account menu for Rhea Set' })).toBeVisible();

    // The link works once.
    await page.getByRole('button', { name: 'Account menu for Rhea Set' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started Free' })).toBeVisible();
    await page.goto(pathOf(link));
    await page.getByLabel('New password', { exact: true }).fill('Other-Meadow-91');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Other-Meadow-91');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectScreen(page, 'Reset Password');
    await expect(page.getByRole('alert').getByText('This link is invalid or has expired. Please request a new one.')).toBeVisible();
  });
});
