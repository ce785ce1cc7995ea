import { requestBarrier } from './support/timing';
import {
  expect,
  expectScreen,
  localStorageItem,
  privateServerTest as test,
  sessionStorageItem,
  STORAGE_KEYS,
  type Page,
} from './support/fixtures';

/*
 * app_config drives these (spec 01§4). Each test runs against its worker's private server
 * (privateServerTest), so maintenance mode or a minimum version never reaches another spec's pages,
 * and a worker runs one test at a time, so the tests sharing a server never overlap; app_config is
 * reset to the defaults after every test.
 */

const DEFAULT_MESSAGE = 'The application is currently under maintenance. Please check back soon.';
const overlay = (page: Page) => page.getByRole('alertdialog', { name: 'Under Maintenance' });
const toastRegion = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** Counts the main-frame document loads (first load and every reload) of a page. */
function countDocumentLoads(page: Page): () => number {
  let n = 0;
  page.on('request', (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) n += 1;
  });
  return () => n;
}

test.describe('F-APP-03 app config', () => {
  test('F-APP-03 maintenance mode shows the overlay with the message; Retry reloads', async ({ page, appConfig, axe }) => {
    const message = 'Circle is moving to a faster database. We will be back by 18:00 CST.';
    await appConfig.set({ maintenance_mode: true, maintenance_message: message });
    const loads = countDocumentLoads(page);
    await page.goto('/lobby');
    const dialog = overlay(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(message);
    await expect(dialog).not.toContainText(DEFAULT_MESSAGE);
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible();
    await axe(page, { include: '[role="alertdialog"]' });
    // It cannot be dismissed.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    // Retry while still in maintenance: the page reloads and the overlay comes back.
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(loads).toBe(2);
    await expect(overlay(page)).toBeVisible();

    // Maintenance over: Retry reloads into the app.
    await appConfig.set({ maintenance_mode: false });
    await overlay(page).getByRole('button', { name: 'Retry' }).click();
    await expect.poll(loads).toBe(3);
    await expectScreen(page, 'Browse by Category');
    await expect(overlay(page)).toHaveCount(0);
  });

  test('F-APP-03 maintenance mode without a message shows the default message', async ({ page, appConfig }) => {
    const row = await appConfig.set({ maintenance_mode: true, maintenance_message: '' });
    expect(row.maintenance_message).toBe('');
    await page.goto('/');
    await expect(overlay(page)).toBeVisible();
    await expect(overlay(page).getByText(DEFAULT_MESSAGE, { exact: true })).toBeVisible();
  });

  test('F-APP-03 maintenance mode switched on while the page is open shows the overlay at the next config check', async ({
    page,
    appConfig,
  }) => {
    await page.clock.install();
    await page.goto('/lobby');
    await expectScreen(page, 'Browse by Category');
    await expect(overlay(page)).toHaveCount(0);
    await appConfig.set({ maintenance_mode: true, maintenance_message: 'Back in ten minutes.' });
    // app_config is read at start and every 2 minutes (spec 03§9).
    await page.clock.fastForward('02:01');
    await expect(overlay(page)).toBeVisible();
    await expect(overlay(page)).toContainText('Back in ten minutes.');
  });

  test('F-APP-03 min_build_version above 1.0.0 reloads exactly once with the version_update toast, then shows the notice', async ({
    page,
    appConfig,
  }) => {
    await appConfig.set({ min_build_version: '1.0.1' });
    const loads = countDocumentLoads(page);
    await page.goto('/lobby');
    await expect(toastRegion(page).getByText('Circle has been updated to the latest version.')).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: 'A newer version of Circle is required. Please refresh the page.' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expectScreen(page, 'Browse by Category');
    expect(loads()).toBe(2);
    expect(await sessionStorageItem(page, STORAGE_KEYS.versionReload)).toBe('1.0.1');
    // The reload reason was read and cleared.
    expect(await sessionStorageItem(page, STORAGE_KEYS.reloadReason)).toBeNull();
    // No second reload: the notice stays. The config answer was handled in the render that shows
    // the notice; a reload it started would reach the test before the barrier's request does.
    await requestBarrier(page);
    expect(loads()).toBe(2);
    await expect(notice).toBeVisible();
    // Refresh reloads the page; the same required version does not reload it again.
    await notice.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(loads).toBe(3);
    await expect(page.getByRole('alert').filter({ hasText: 'A newer version of Circle is required.' })).toBeVisible();
    await expect(toastRegion(page).getByText('Circle has been updated to the latest version.')).toHaveCount(0);
  });

  test('F-APP-03 min_build_version equal to the build (1.0.0) or lower changes nothing', async ({ page, appConfig }) => {
    await appConfig.set({ min_build_version: '0.9.12' });
    const loads = countDocumentLoads(page);
    const config = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/config');
    await page.goto('/lobby');
    expect(await (await config).json()).toMatchObject({ min_build_version: '0.9.12' });
    await expectScreen(page, 'Browse by Category');
    await requestBarrier(page);
    expect(loads()).toBe(1);
    await expect(page.getByRole('alert').filter({ hasText: 'A newer version of Circle is required.' })).toHaveCount(0);
    expect(await sessionStorageItem(page, STORAGE_KEYS.versionReload)).toBeNull();
  });

  test('F-APP-03 force_cache_bust_after=now reloads once, stores circle-last-cache-bust and keeps the visitor choices', async ({
    page,
    appConfig,
  }) => {
    const row = await appConfig.set({ force_cache_bust_after: 'now' });
    expect(row.force_cache_bust_after).toBeTruthy();
    // Caches to clear, and choices to keep.
    await page.addInitScript(
      ({ flags, lang }) => {
        if (!sessionStorage.getItem('e2e-seeded')) {
          sessionStorage.setItem('e2e-seeded', '1');
          localStorage.setItem(flags, JSON.stringify({ topDeals: true }));
          localStorage.setItem(lang, 'en');
          localStorage.setItem('e2e-scratch', 'cached');
        }
      },
      { flags: STORAGE_KEYS.featureFlags, lang: STORAGE_KEYS.language },
    );
    const loads = countDocumentLoads(page);
    await page.goto('/lobby');
    await expect(toastRegion(page).getByText('The page was reloaded to load the latest version.')).toBeVisible();
    await expectScreen(page, 'Browse by Category');
    expect(loads()).toBe(2);
    const stored = await localStorageItem(page, STORAGE_KEYS.lastCacheBust);
    expect(stored).not.toBeNull();
    expect(Date.parse(stored!)).toBe(Date.parse(row.force_cache_bust_after!));
    expect(await localStorageItem(page, 'e2e-scratch')).toBeNull();
    expect(await localStorageItem(page, STORAGE_KEYS.featureFlags)).toBeNull();
    expect(await localStorageItem(page, STORAGE_KEYS.language)).toBe('en');
    expect(await localStorageItem(page, STORAGE_KEYS.consent)).not.toBeNull();

    // Once acted on, the same bust time does not reload again.
    const config = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/config');
    await page.goto('/pricing');
    await expectScreen(page, 'Circle Pro');
    await config;
    await requestBarrier(page);
    expect(loads()).toBe(3);
    await expect(toastRegion(page).getByText('The page was reloaded to load the latest version.')).toHaveCount(0);
  });

  test('F-APP-03 marketplace_enabled=false shows Marketplace Temporarily Unavailable; Clear Cache & Retry reloads', async ({
    page,
    appConfig,
    axe,
  }) => {
    await appConfig.set({ marketplace_enabled: false });
    const loads = countDocumentLoads(page);
    for (const path of ['/', '/marketplace']) {
      await page.goto(path);
      await expectScreen(page, 'Marketplace Temporarily Unavailable');
    }
    await axe(page);
    await page.getByRole('button', { name: 'Clear Cache & Retry' }).click();
    await expect.poll(loads).toBe(3);
    await expect(toastRegion(page).getByText('The page was reloaded with fresh data.')).toBeVisible();
    await expectScreen(page, 'Marketplace Temporarily Unavailable');

    await appConfig.set({ marketplace_enabled: true });
    await page.getByRole('button', { name: 'Clear Cache & Retry' }).click();
    await expect.poll(loads).toBe(4);
    await expect(page.getByRole('heading', { name: 'Marketplace Temporarily Unavailable' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Marketplace | Circle');
  });
});
