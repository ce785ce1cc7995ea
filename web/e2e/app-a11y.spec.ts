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
    test(`F-APP-01 axe-core finds no serious or critical violation on ${path}`, async ({ warmPage: page, axe, problems }) => {
      const notFound = heading === NOT_FOUND_HEADING;
      if (notFound) problems.allow({ reason: 'an unknown path answers 404 (issue 33: no soft 404s)', kind: 'http', url: path, status: 404, required: true });
      const res = await page.goto(path);
      expect(res?.status()).toBe(notFound ? 404 : 200);
      if (heading) await expectScreen(page, heading);
      else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/health') await expect(page.getByText('All systems operational')).toBeVisible();
      await axe(page);
    });
  }
});
