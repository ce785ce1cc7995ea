import { signIn } from './marketplace-helpers';
import { expect, expectScreen, localStorageItem, STORAGE_KEYS, test, type Page } from './support/fixtures';

const UNAVAILABLE = 'Marketplace Temporarily Unavailable';
const ACADEMY_OFF = 'The academy is not available right now. Please check back later.';
const ADMIN_OFF = 'The admin panel is not available right now.';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const explore = (page: Page) => page.getByRole('contentinfo').getByRole('navigation', { name: 'Explore' });

async function storedFlags(page: Page): Promise<Record<string, boolean> | null> {
  const raw = await localStorageItem(page, STORAGE_KEYS.featureFlags);
  return raw === null ? null : (JSON.parse(raw) as Record<string, boolean>);
}

async function seedFlags(page: Page, flags: Record<string, unknown>) {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        sessionStorage.setItem('e2e-seeded', '1');
        localStorage.setItem(key, value);
      }
    },
    [STORAGE_KEYS.featureFlags, JSON.stringify(flags)] as const,
  );
}

test.describe('F-APP-08 feature flags', () => {
  test('F-APP-08 ff_marketplace=off shows the unavailable notice and persists; ff_marketplace=on brings it back', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: UNAVAILABLE })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Marketplace' })).toBeVisible();

    await page.goto('/?ff_marketplace=off');
    await expectScreen(page, UNAVAILABLE);
    await expect(page.getByRole('button', { name: 'Clear Cache & Retry' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Marketplace' })).toHaveCount(0);
    await expect(explore(page).getByRole('link', { name: 'Marketplace' })).toHaveCount(0);
    expect(await storedFlags(page)).toEqual({ marketplace: false });

    // The override was stored: without the parameter it still holds, on every marketplace route.
    for (const path of ['/', '/marketplace']) {
      await page.goto(path);
      await expectScreen(page, UNAVAILABLE);
    }

    await page.goto('/marketplace?ff_marketplace=on');
    await expect(page.getByRole('heading', { name: UNAVAILABLE })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Marketplace' })).toBeVisible();
    expect(await storedFlags(page)).toEqual({ marketplace: true });
  });

  test('F-APP-08 ff_academy=off on /academy says the academy is unavailable and hides its links', async ({ page }) => {
    await page.goto('/academy?ff_academy=off');
    await expectScreen(page, 'Circle Academy');
    await expect(page.getByRole('main').getByText(ACADEMY_OFF)).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Academy' })).toHaveCount(0);
    await expect(explore(page).getByRole('link', { name: 'Academy' })).toHaveCount(0);
    expect(await storedFlags(page)).toEqual({ academy: false });

    await page.reload();
    await expect(page.getByRole('main').getByText(ACADEMY_OFF)).toBeVisible();

    await page.goto('/academy?ff_academy=true');
    await expectScreen(page, 'Circle Academy');
    await expect(page.getByRole('main').getByText(ACADEMY_OFF)).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Academy' })).toBeVisible();
    expect(await storedFlags(page)).toEqual({ academy: true });
  });

  test('F-APP-08 circle-feature-flags in storage switches flags off; a URL override wins and is saved', async ({ page }) => {
    await seedFlags(page, { academy: false, adminPanel: false });
    await page.goto('/academy');
    await expect(page.getByRole('main').getByText(ACADEMY_OFF)).toBeVisible();
    // The admin area is for administrators: visitors get the sign-in prompt, not the notice.
    await signIn(page, 'admin@demo.test');
    await page.goto('/admin/accounting');
    await expectScreen(page, 'Accounting');
    await expect(page.getByRole('main').getByText(ADMIN_OFF)).toBeVisible();

    await page.goto('/academy?ff_academy=on');
    await expect(page.getByRole('main').getByText(ACADEMY_OFF)).toHaveCount(0);
    expect(await storedFlags(page)).toEqual({ academy: true, adminPanel: false });
    await page.goto('/admin/accounting');
    await expect(page.getByRole('main').getByText(ADMIN_OFF)).toBeVisible();
  });

  test('F-APP-08 values are case-insensitive; unknown flags, unknown values and bad storage are ignored', async ({ page }) => {
    await seedFlags(page, { academy: 'no', unknownFlag: false });
    await page.goto('/academy?ff_academy=maybe&ff_notAFlag=off');
    await expectScreen(page, 'Circle Academy');
    await expect(page.getByRole('main').getByText(ACADEMY_OFF)).toHaveCount(0);
    // Nothing valid in the URL: storage is left as it was.
    expect(await storedFlags(page)).toEqual({ academy: 'no', unknownFlag: false });

    await page.goto('/?ff_marketplace=FALSE');
    await expectScreen(page, UNAVAILABLE);
    expect(await storedFlags(page)).toEqual({ marketplace: false });
  });
});
