import { expect, freshAgent, toastRegion } from './cart-helpers';
import { signIn } from './marketplace-helpers';
import { test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

for (const width of [390, 1366] as const) {
  test.describe(`F-AREA-02 creator journey at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('a new member applies, an admin approves, the creator sets up test-mode payouts and reads the dashboard', async ({ page, browser, axe, problems }) => {
      problems.allow({ reason: 'real bank numbers are refused in test mode (400 naming them)', kind: 'http', url: '/api/creator/payouts/test-bank', status: 400, required: true });
      const name = `E2E Creator ${width}`;
      await freshAgent(page, `creator${width}`);
      await page.goto('/creator-onboarding');
      await expect(page.getByRole('heading', { level: 1, name: 'Become a Creator' })).toBeVisible();
      await axe(page);
      await page.getByRole('button', { name: 'Send application' }).click();
      await expect(page.getByText('Choose at least one platform you publish on.')).toBeVisible();
      await page.getByLabel(/Creator name/).fill(name);
      await page.getByLabel(/Total audience/).fill('8,500');
      await page.getByLabel('YouTube').check();
      await page.getByLabel('Instagram').check();
      await page.getByLabel('Listing marketing').check();
      await page.getByLabel(/Content plan/).fill('Two listing-video tutorials a month and weekly Instagram walk-throughs for agents.');
      await page.getByRole('button', { name: 'Send application' }).click();
      await expect(page.getByRole('heading', { name: 'Application under review' })).toBeVisible();
      if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await axe(page);
      // Not a creator yet: the dashboard is refused.
      expect((await page.request.get('/api/creator/dashboard')).status()).toBe(403);

      // The back office approves (the creator role is granted).
      const adminCtx = await browser.newContext({ viewport: { width, height: 900 } });
      const admin = await adminCtx.newPage();
      await signIn(admin, 'admin@demo.test');
      await admin.goto('/admin/creators');
      await expect(admin.getByRole('heading', { level: 1, name: 'Creator applications' })).toBeVisible();
      const card = admin.getByRole('listitem', { name });
      await expect(card).toContainText('8,500 followers');
      await axe(admin);
      await card.getByRole('button', { name: `Approve ${name}` }).click();
      await expect(toastRegion(admin).getByText('Application approved: the creator role is granted.')).toBeVisible();
      await adminCtx.close();

      // Payouts in test mode: the test numbers, only the last four digits shown.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'You are a Circle creator' })).toBeVisible();
      await page.getByRole('link', { name: 'Set up payouts' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Creator Payment Setup' })).toBeVisible();
      await expect(page.getByText(/Test mode: no real money moves/)).toBeVisible();
      await axe(page);
      await page.getByLabel(/Account holder/).fill(name);
      await page.getByLabel(/Routing number/).fill('021000021');
      await page.getByLabel(/Account number/).fill('123456789');
      await page.getByRole('button', { name: 'Save payout account' }).click();
      await expect(page.getByText('Test mode: use routing number 110000000 and account number 000123456789.').first()).toBeVisible();
      await page.getByLabel(/Routing number/).fill('110000000');
      await page.getByLabel(/Account number/).fill('000123456789');
      await page.getByRole('button', { name: 'Save payout account' }).click();
      await expect(page.getByText('Bank account ending in 6789')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Payouts active' })).toBeVisible();

      // The dashboard: the referral link, then a piece of content with its own link.
      await page.getByRole('link', { name: 'Go to my dashboard' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(/\/marketplace\?aff=[a-z0-9]{8}$/);
      await page.getByRole('button', { name: 'Add content' }).click();
      await page.getByLabel(/^Title/).fill('My first listing video');
      await page.getByLabel(/Web address/).fill('https://www.youtube.com/watch?v=e2e-creator');
      await page.getByRole('button', { name: 'Add to my content' }).click();
      await expect(toastRegion(page).getByText('Content added.')).toBeVisible();
      const table = page.getByRole('table', { name: 'Your content' });
      await expect(table.getByRole('link', { name: /My first listing video/ })).toBeVisible();
      await expect(table.getByRole('button', { name: 'Copy the referral link of My first listing video' })).toBeVisible();
      if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await axe(page);
    });
  });

  test.describe(`F-AREA-02 the demo creator at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('creator@demo.test sees content, clicks and earnings with the charts and their tables', async ({ page, axe }) => {
      await signIn(page, 'creator@demo.test');
      await page.goto('/creator-dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(/\/marketplace\?aff=brennan$/);
      await expect(page.getByTestId('creator-earned')).not.toHaveText('$0.00');
      await expect(page.getByRole('img', { name: /Earnings, last 30 days/ })).toBeVisible();
      await page.getByText('Show the figures as a table').first().click();
      await expect(page.getByRole('table', { name: 'Clicks, last 30 days' }).getByRole('row')).toHaveCount(31);
      await expect(page.getByRole('table', { name: 'Your content' }).getByRole('row')).toHaveCount(5);
      await expect(page.getByRole('table', { name: 'Your content' })).toContainText('How I shoot a listing video in 30 minutes');
      if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await axe(page);
    });
  });
}
