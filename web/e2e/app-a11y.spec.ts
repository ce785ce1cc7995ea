import { expect, expectScreen, test } from './support/fixtures';
import { NOT_FOUND_HEADING } from './support/routes';

const SCREENS: Array<[path: string, heading: string | null]> = [
  ['/', null],
  ['/lobby', 'Browse by Category'],
  ['/health', 'System Health'],
  ['/terms', 'Terms of Service'],
  ['/no-such-page', NOT_FOUND_HEADING],
  ['/pricing', 'Circle Pro'],
];

test.describe('F-APP-01 accessibility of the shell and screens', () => {
  // axe-core takes many seconds on a large page (the marketplace) on a busy 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  for (const [path, heading] of SCREENS) {
    test(`F-APP-01 axe-core finds no serious or critical violation on ${path}`, async ({ warmPage: page, axe }) => {
      await page.goto(path);
      if (heading) await expectScreen(page, heading);
      else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/health') await expect(page.getByText('All systems operational')).toBeVisible();
      await axe(page);
    });
  }
});
