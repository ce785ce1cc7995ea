/**
 * Issue 28 item 17: at 390 px every control of the marketplace cards and of a service's page
 * answers taps over at least 44 x 44 px (its own box, or the tap-target box around a small text
 * control), checked by what a tap at the edges of that square would reach.
 */
import { waitForGrid } from './marketplace-helpers';
import { funnel, funnelUrl, NESTFLOW_ID } from './detail-helpers';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 390, height: 844 } });

/** The controls inside `scope` whose taps 21 px from their centre (up, down, left, right) miss them. */
async function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const out: string[] = [];
    const controls = root.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="tab"]');
    for (const el of Array.from(controls)) {
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const reach = 21;
      const points = [
        [cx, cy - Math.max(reach, r.height / 2 - 1)],
        [cx, cy + Math.max(reach, r.height / 2 - 1)],
        [cx - Math.max(reach, r.width / 2 - 1), cy],
        [cx + Math.max(reach, r.width / 2 - 1), cy],
      ];
      const missed = points.some(([x, y]) => {
        const hit = document.elementFromPoint(x!, y!);
        return !hit || !(el === hit || el.contains(hit));
      });
      if (missed) out.push(`${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)} (${Math.round(r.width)}x${Math.round(r.height)})`);
    }
    return out;
  });
}

test('F-APP-07 the marketplace cards: every control takes taps over 44 x 44 px at 390 px', async ({ page }) => {
  await page.goto('/marketplace');
  await waitForGrid(page);
  const card = page.getByRole('main').getByRole('article').filter({ has: page.getByRole('button', { name: 'See more' }) }).first();
  await expect(card).toBeVisible();
  expect(await smallTargets(card)).toEqual([]);
});

test("F-APP-07 a service's page: suggestions, bundles and the pager take taps over 44 x 44 px at 390 px", async ({ page }) => {
  await page.goto(`${funnelUrl(NESTFLOW_ID)}&ff_serviceBundles=on`);
  await expect(funnel(page)).toBeVisible();
  for (const id of ['suggestions', 'bundles']) {
    const list = funnel(page).getByTestId(id);
    await list.scrollIntoViewIfNeeded();
    await expect(list).toBeVisible();
    expect(await smallTargets(list), id).toEqual([]);
  }
});
