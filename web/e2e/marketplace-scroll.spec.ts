/**
 * Issue 28 item 14 at 1366 px: Filters opened from the top of the home page opens in view, and a
 * new search from deep in the list brings the first results up under the sticky bar.
 */
import { waitForGrid } from './marketplace-helpers';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1366, height: 900 } });

test('F-CAT-03 Filters opened at the top of the home page opens its panel in view', async ({ page }) => {
  await page.goto('/');
  await waitForGrid(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  await expect(panel).toBeVisible();
  // The panel opens in the upper half of the screen with most of it shown, not at the fold.
  const box = (await panel.boundingBox())!;
  expect(box.y, `panel top at ${box.y} px`).toBeLessThan(450);
  await expect(panel).toBeInViewport({ ratio: Math.min(1, 0.5 * (900 / box.height)) });
  await expect(toggle).toBeInViewport();
});

test('F-CAT-03 a new search from deep in the list shows the first results under the sticky bar', async ({ page }) => {
  await page.goto('/marketplace');
  await waitForGrid(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const search = page.getByRole('searchbox', { name: 'Search services' });
  await search.fill('photo');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=photo/);
  const first = page.getByRole('main').getByRole('article').first();
  await expect(first).toContainText(/photo/i);
  await expect(first).toBeInViewport();
  // Its top is not under the sticky header and bar.
  const barBottom = await search.evaluate((el) => el.getBoundingClientRect().bottom);
  const cardTop = (await first.boundingBox())!.y;
  expect(cardTop).toBeGreaterThanOrEqual(barBottom);
});
