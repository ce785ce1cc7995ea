import { expect, expectScreen, test } from './support/fixtures';
import { createUser, DEMO_PASSWORD, freshEmail, signInThroughForm, STRONG_PASSWORD } from './auth-helpers';

// Long journeys on a shared 2-core machine: more time than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe('F-AUTH-06 F-AUTH-09 the admin e-mail outbox', () => {
  test('F-AUTH-09 an administrator reads the outbox and opens a link from it', async ({ page }) => {
    const email = freshEmail('outbox');
    await createUser(email, STRONG_PASSWORD, 'Otto Box');
    // A reset request puts a message in the outbox.
    await page.request.post('/api/auth/reset-request', { data: { email } });

    await signInThroughForm(page, 'admin@demo.test', DEMO_PASSWORD, 'Alex Morgan');
    await page.getByRole('button', { name: 'Account menu for Alex Morgan' }).click();
    await page.getByRole('menuitem', { name: 'Email Outbox' }).click();
    await expectScreen(page, 'Email Outbox');
    await page.getByLabel('Recipient').fill(email);
    await page.getByRole('button', { name: 'Filter' }).click();
    const message = page.getByRole('article', { name: 'Reset your Circle password' });
    await expect(message).toBeVisible();
    await expect(message.getByText(email)).toBeVisible();
    await expect(message.getByText('reset_password')).toBeVisible();
    const link = message.getByRole('link', { name: /\/auth\?reset=/ });
    await expect(link).toHaveAttribute('href', /^\/auth\?reset=/);
  });

  test('F-AUTH-09 other users get the 403 screen: the outbox is for administrators only', async ({ page }) => {
    const email = freshEmail('notadmin');
    await createUser(email, STRONG_PASSWORD, 'Nora Tadmin');
    await signInThroughForm(page, email, STRONG_PASSWORD, 'Nora Tadmin');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
    await page.goto('/admin/outbox');
    await expectScreen(page, "You don't have access to this page");
    await expect(page.getByRole('main').getByText(/This page is only for administrators/)).toBeVisible();
  });
});
