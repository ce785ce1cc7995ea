import { createUser, DEMO_PASSWORD, freshEmail, signInThroughForm } from './auth-helpers';
import { expect, test } from './support/fixtures';

// Issue 31 (F-AREA-03): an administrator finds a user in the back office, grants a role and sees
// the grant in the audit log with who made it.
test.describe('F-AREA-03 admin users and audit log', () => {
  test('grant a role from the user page and find it in the audit log', async ({ page }) => {
    const email = freshEmail('admin-grant');
    await createUser(email, undefined, 'Grant Target');
    await signInThroughForm(page, 'admin@demo.test', DEMO_PASSWORD, 'Alex Morgan');

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' })).toBeVisible();
    await expect(page.getByText('Sign-ups')).toBeVisible();

    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('link', { name: email })).toBeVisible();
    await expect(page.getByText('1–1 of 1')).toBeVisible();
    await table.getByRole('link', { name: email }).click();

    await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible();
    await page.getByLabel('Role', { exact: true }).selectOption('creator');
    await page.getByLabel('Reason (kept in the history)').fill('e2e grant');
    await page.getByRole('button', { name: 'Grant role' }).click();
    await expect(page.getByRole('list', { name: 'Roles held' }).getByText('Creator')).toBeVisible();

    await page.getByRole('link', { name: 'See this user in the audit log' }).click();
    const log = page.getByRole('table', { name: 'Audit log' });
    const row = log.getByRole('row').filter({ hasText: 'role.grant' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('admin@demo.test');
    await row.getByText('Before and after').click();
    await expect(row.getByLabel('After')).toContainText('e2e grant');
  });
});
