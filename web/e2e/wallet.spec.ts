import { test, expect } from './support/fixtures';
import { DEMO_PASSWORD, signInThroughForm } from './auth-helpers';

test.describe.configure({ timeout: 90_000 });

// F-PAY-07 /wallet as pro@demo.test, whose demo wallet has allocations from Harborline and
// ClosingBell, an expired allocation, a spend and a refunded spend (issue 15).
for (const [name, viewport] of [
  ['phone (390 px)', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test.describe(`F-PAY-07 /wallet on ${name}`, () => {
    test.use({ viewport });

    test(`F-PAY-07 balance, allocations with expiry and history on ${name}; axe clean`, async ({ page, axe }) => {
      // Signed in at desktop width, where the form helper finds the account menu (on a phone it
      // lives in the Menu panel); the wallet itself is then checked at the test's width.
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInThroughForm(page, 'pro@demo.test', DEMO_PASSWORD, 'Samantha Reyes');
      await page.setViewportSize(viewport);
      await page.goto('/wallet');
      await expect(page.getByRole('heading', { level: 1, name: 'Agent Wallet' })).toBeVisible();
      const balance = page.getByRole('region', { name: 'Available points' });
      await expect(balance.getByText('2,500 points')).toBeVisible();
      await expect(balance.getByText('Worth $2,500 in the marketplace (1 point = $1)')).toBeVisible();

      const allocations = page.getByRole('region', { name: 'Allocations' }).getByRole('listitem');
      await expect(allocations).toHaveCount(3);
      // Soonest end first: the expired Harborline one, then ClosingBell (1,000 of 1,200 left), then Harborline.
      await expect(allocations.nth(0)).toContainText('Harborline Home Loans');
      await expect(allocations.nth(0)).toContainText('Expired');
      await expect(allocations.nth(1)).toContainText('ClosingBell');
      await expect(allocations.nth(1)).toContainText('1,000 points');
      await expect(allocations.nth(1)).toContainText('left of 1,200');
      await expect(allocations.nth(1)).toContainText('Expires');
      await expect(allocations.nth(2)).toContainText('1,500 points');

      const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
      await expect(history).toHaveCount(7);
      await expect(history.nth(0)).toContainText('Points expired');
      await expect(history.nth(0)).toContainText('−300');
      await expect(history.nth(1)).toContainText('Refunded to your wallet');
      await expect(history.filter({ hasText: 'Spent on a purchase' })).toHaveCount(2);
      await expect(history.filter({ hasText: 'Points from ClosingBell' })).toHaveCount(1);

      // The header's wallet link shows the same balance.
      await expect(page.getByRole('link', { name: 'Wallet: 2,500 Circle Points' })).toBeVisible();
      // Nothing overflows the phone's width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await axe(page);
    });
  });
}
