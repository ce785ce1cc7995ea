import { freshAgent } from './cart-helpers';
import { expect, test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

for (const width of [390, 1366]) {
  test.describe(`F-AREA-06 welcome, goals and ministry at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('a new member completes /welcome and sees recommendations, then sets goals', async ({ page, axe }) => {
      await freshAgent(page, `welcome${width}`);
      await page.goto('/welcome');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Circle' })).toBeVisible();
      await page.getByRole('radio', { name: 'Agent', exact: true }).check();
      await axe(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('checkbox', { name: 'Winning and marketing listings' }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      // Resumable: the server has the step.
      await page.reload();
      await expect(page.getByText('Step 3 of 4')).toBeVisible();
      await page.getByRole('checkbox', { name: 'Luxury' }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('State', { exact: true }).selectOption('TX');
      await page.getByLabel('City', { exact: true }).fill('Austin');
      await page.getByRole('button', { name: 'Finish and see suggestions' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Your first suggestions' })).toBeVisible();
      await expect(page.getByTestId('recommendations').getByRole('listitem')).toHaveCount(3);
      await expect(page.getByTestId('recommendations').getByRole('link', { name: /^Browse / })).toHaveCount(3);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await axe(page);
      const profile = (await (await page.request.get('/api/profile')).json()) as { state: string; city: string };
      expect([profile.state, profile.city]).toEqual(['TX', 'Austin']);

      // The header's Goals button leads to the goal assessment and goes once goals are saved; a
      // phone's header has no room for it beside the wallet and the cart (the address still works).
      const goalsButton = page.getByRole('link', { name: 'Set your goals' });
      if (width < 640) {
        await expect(goalsButton).toHaveCount(0);
        await page.goto('/goals');
      } else {
        await expect(goalsButton).toBeVisible();
        await goalsButton.click();
      }
      await expect(page.getByRole('heading', { level: 1, name: 'Your goals' })).toBeVisible();
      await page.getByLabel(/Yearly GCI goal/).fill('150,000');
      await page.getByLabel(/Transactions goal/).fill('24');
      await page.getByLabel(/GCI so far/).fill('30,000');
      await page.getByRole('checkbox', { name: 'Referrals' }).check();
      await page.getByRole('button', { name: 'Save goals' }).click();
      await expect(page.getByText(/GCI: .* \(20%\)/)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Progress over time' }).getByRole('row')).toHaveCount(2);
      await expect(page.getByRole('link', { name: 'Set your goals' })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await axe(page);
    });

    test('a prayer request is stored and /ministry/success shows', async ({ page, axe }) => {
      await freshAgent(page, `ministry${width}`);
      await page.goto('/ministry');
      await expect(page.getByRole('heading', { level: 1, name: 'Ministry Circle' })).toBeVisible();
      await page.getByRole('button', { name: 'Peace', exact: true }).click();
      await expect(page.getByText('The LORD is my shepherd; I shall not want.')).toBeVisible();
      await axe(page);
      await page.getByLabel('Your request', { exact: true }).fill('Peace and rest for my family this season.');
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect(page).toHaveURL(/\/ministry\/success/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your request is received' })).toBeVisible();
      await axe(page);
      const mine = (await (await page.request.get('/api/ministry/prayers/mine')).json()) as { prayers: { body: string; status: string }[] };
      expect(mine.prayers.map((p) => [p.body, p.status])).toEqual([['Peace and rest for my family this season.', 'private']]);
    });
  });
}
