import { signInAs } from './auth-helpers';
import { expect, privateServerTest as test } from './support/fixtures';

// Issue 31 items 4 and 6 (F-AREA-03, the admin part of F-CAT-06): an administrator edits a
// service's price in the back office and sees it on /marketplace; switches a feature flag in
// /admin/config and finds the change in the audit log. On this worker's private server (the
// flag is put back by the appConfig fixture; the service is not one other specs price).
test.describe.configure({ timeout: 120_000 });

const SERVICE = 'Sign Post Installation & Removal';

for (const vp of [
  { name: '390', width: 390, height: 844 },
  { name: '1366', width: 1366, height: 900 },
] as const) {
  test(`F-AREA-03 edit a service's price and switch a flag at ${vp.name} px`, async ({ page, axe, appConfig, problems }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signInAs(page, 'admin@demo.test');
    const price = vp.name === '390' ? '71' : '73';

    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
    await page.getByLabel('Search title or vendor').fill('Sign Post');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Sign Post');
    const table = page.getByRole('table', { name: 'Services' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Top Deals preview' })).toBeVisible();
    await axe(page);
    await table.getByRole('link', { name: SERVICE }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Edit service' })).toBeVisible();
    const retail = page.getByLabel('Retail price (USD)');
    // The demo's $65.00, or the other viewport's price when both ran on this worker's server.
    await expect(retail).toHaveValue(/^(65|71|73)\.00$/);
    // The price rules: a Pro price above retail is named on its field and nothing is saved (the
    // server decides: its 400 names the field).
    problems.allow({ reason: 'the server refuses a Pro price above retail', kind: 'http', url: '/api/admin/services/', status: 400, required: true });
    await page.getByLabel('Pro price (USD)').fill('500');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The Pro price must be below the retail price.')).toBeVisible();
    await page.getByLabel('Pro price (USD)').fill('');
    await retail.fill(price);
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/admin/services/'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).status(), 'the save is accepted').toBe(200);
    await axe(page);

    await page.goto(`/marketplace?q=${encodeURIComponent('Sign Post')}`);
    const card = page.getByRole('article').filter({ hasText: SERVICE }).first();
    await expect(card).toContainText(`$${price}`);

    await page.goto('/admin/config');
    await expect(page.getByRole('heading', { level: 1, name: 'Configuration' })).toBeVisible();
    const flag = page.getByRole('switch', { name: 'Sponsored badges' });
    await expect(flag).toHaveAttribute('aria-checked', 'false');
    await axe(page);
    await flag.click();
    await expect(flag).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('listitem').filter({ has: flag })).toContainText('Changed by admin@demo.test');

    await page.getByRole('link', { name: 'Configuration history' }).click();
    const row = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'config.change' }).first();
    await expect(row).toContainText('admin@demo.test');
    await row.getByText('Before and after').click();
    await expect(row.getByLabel('After')).toContainText(/"flag_sponsored_badges":\s*true/);
    await expect(row.getByLabel('Before')).toContainText(/"flag_sponsored_badges":\s*false/);
    expect((await appConfig.get()).flag_sponsored_badges).toBe(true);
  });
}
