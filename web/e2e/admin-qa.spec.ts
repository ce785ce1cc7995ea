import { signInAs } from './auth-helpers';
import { expect, test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

const VIEWPORTS = [
  { name: '390', width: 390, height: 844 },
  { name: '1366', width: 1366, height: 900 },
] as const;

// Issue 31 item 11 (F-AREA-04): the QA runner, the feature flags' page and the A/B arms.
for (const vp of VIEWPORTS) {
  test(`F-AREA-04 an administrator runs every QA check and each passes at ${vp.name} px`, async ({ page, axe }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signInAs(page, 'admin@demo.test');
    await page.goto('/qa');
    await expect(page.getByRole('heading', { level: 1, name: 'QA Runner' })).toBeVisible();
    const checks = page.getByRole('list', { name: 'Checks' }).getByRole('listitem');
    await expect(checks).toHaveCount(10);
    await page.getByRole('button', { name: 'Run all checks' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'of 10 passed' })).toContainText('10 of 10 passed', { timeout: 60_000 });
    for (const item of await checks.all()) {
      await expect(item).toHaveAttribute('data-status', 'pass');
      await expect(item).toContainText(/\d+ ms/);
    }
    await expect(page.getByRole('listitem', { name: 'Service detail' })).not.toContainText('Fail');
    await axe(page);
  });

  test(`F-AREA-04 the advanced features page lists every flag and /analytics shows the A/B arms at ${vp.name} px`, async ({ page, axe }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signInAs(page, 'admin@demo.test');
    await page.goto('/advanced-features?ff_serviceBundles=on');
    await expect(page.getByRole('heading', { level: 1, name: 'Advanced Features' })).toBeVisible();
    const flags = page.getByRole('list', { name: 'Feature flags' });
    for (const name of ['marketplace', 'academy', 'adminPanel', 'sponsoredPlacements', 'sponsoredGrid', 'topDeals', 'sponsoredBadges', 'serviceBundles']) {
      await expect(flags.getByRole('listitem', { name, exact: true })).toBeVisible();
    }
    // The address override is this browser's value, saved; the server's switch is shown beside the flag.
    const bundles = flags.getByRole('listitem', { name: 'serviceBundles', exact: true });
    await expect(bundles).toContainText('Here: on');
    await expect(bundles).toContainText('overridden (saved in this browser)');
    await expect(flags.getByRole('listitem', { name: 'marketplace', exact: true })).toContainText(/marketplace_enabled = (on|off)/);
    await expect(bundles.getByRole('link', { name: /Try serviceBundles off/ })).toHaveAttribute('href', '/marketplace?ff_serviceBundles=off');
    await axe(page);
    await page.getByRole('button', { name: "Reset this browser's overrides" }).click();
    await expect(bundles).toContainText('Here: off');

    // Visitors' exposures recorded through the public route appear in the arms.
    const key = `e2e-visitor-${vp.name}-${Date.now().toString(36)}`;
    const res = await page.request.post('/api/experiments/ranking_v1/exposures', { data: { arm: 'holdout', visitor_key: key } });
    expect(await res.json()).toEqual({ recorded: true });
    await page.goto('/analytics');
    const ranking = page.getByRole('article', { name: /Marketplace ranking/ });
    await expect(ranking.getByRole('row', { name: /holdout/ })).toBeVisible();
    await expect(ranking.getByRole('row', { name: /ranked/ })).toBeVisible();
    await expect(ranking).toContainText(/z = /);
    await expect(page.getByRole('article', { name: /Intro dialog/ })).toBeVisible();
    await axe(page);
  });
}
