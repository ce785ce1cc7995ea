/**
 * Issue 18 item 9: the slow interactions give visible feedback at once (F-APP-06, F-APP-07,
 * F-AUTH-08, F-PAY-04, F-PAY-10). Each test holds the server's answer (page.route) until it has
 * seen the feedback, so it proves the feedback comes before the round trip, not that the machine
 * was fast. With E2E_PERF=1 (`make bench`) the language switch and the first Add to Cart dialog
 * must also show within 300 ms of the user's action; make test only prints the figures.
 */
import type { Route } from '@playwright/test';
import { createUser, freshEmail, STRONG_PASSWORD } from './auth-helpers';
import { expect, freshAgent, subscribeThroughApi } from './cart-helpers';
import { cards, rankedBrowser, waitForGrid } from './marketplace-helpers';
import { test, type Page } from './support/fixtures';

const BUDGET_MS = 300;

/** A request the test lets through only when it calls the returned function. */
async function hold(page: Page, url: string | RegExp, method: string): Promise<{ seen: Promise<void>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  let seenResolve = () => {};
  const seen = new Promise<void>((r) => (seenResolve = r));
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    seenResolve();
    await released;
    await route.fallback();
  });
  return { seen, release };
}

/** Records in each document when the user's click or choice happened (Date.now()). */
async function recordActions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const origin = performance.timeOrigin;
    const note = () => sessionStorage.setItem('e2e-action', JSON.stringify({ origin, at: Date.now() }));
    document.addEventListener('change', note, true);
    document.addEventListener('click', note, true);
    // The first time this tab showed the language switch's status, and in which document.
    new MutationObserver(() => {
      if (!sessionStorage.getItem('e2e-switching') && document.querySelector('[data-testid="language-switching"]')) {
        sessionStorage.setItem('e2e-switching', JSON.stringify({ origin, at: Date.now() }));
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

test.describe('issue 18 item 9: feedback at once', () => {
  test.describe.configure({ timeout: 60_000 });

  test('F-APP-06 choosing Español says Switching to Español… before the reload, then the reloaded page is Spanish', async ({ page }) => {
    await rankedBrowser(page);
    await recordActions(page);
    await page.goto('/marketplace');
    await waitForGrid(page);
    const firstDocument = await page.evaluate(() => performance.timeOrigin);
    const picker = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
    // Hovering the picker downloads the other languages' chunks.
    const chunk = page.waitForResponse((r) => /\/assets\/es-[^/]+\.js$/.test(r.url()));
    await picker.hover();
    await chunk;
    const reloaded = page.waitForEvent('load');
    await picker.selectOption({ label: 'Español' });
    await reloaded;
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    await waitForGrid(page);
    await expect(page.getByTestId('language-switching')).toHaveCount(0);
    const { action, switching } = await page.evaluate(() => ({
      action: JSON.parse(sessionStorage.getItem('e2e-action') ?? 'null') as { origin: number; at: number } | null,
      switching: JSON.parse(sessionStorage.getItem('e2e-switching') ?? 'null') as { origin: number; at: number } | null,
    }));
    // The status showed in the document where the choice was made, before the reload.
    expect(switching?.origin).toBe(firstDocument);
    expect(action?.origin).toBe(firstDocument);
    const ms = switching!.at - action!.at;
    console.log(`language switch: status on screen ${ms} ms after the choice`);
    test.info().annotations.push({ type: 'language feedback (ms)', description: String(ms) });
    if (process.env.E2E_PERF === '1') expect(ms).toBeLessThanOrEqual(BUDGET_MS);
  });

  test('F-PAY-04 the purchase dialogs are downloaded while idle, so the first Add to Cart opens its dialog at once', async ({ page }) => {
    await rankedBrowser(page);
    await freshAgent(page, 'first-dialog');
    const chunk = page.waitForResponse((r) => /\/assets\/PurchaseDialogs-[^/]+\.js$/.test(r.url()));
    await page.goto('/marketplace');
    await waitForGrid(page);
    await chunk;
    // The offer is held: the dialog shows before the server has answered.
    const offer = await hold(page, /\/api\/services\/[^/?]+(\?|$)/, 'GET');
    const button = cards(page).first().getByRole('button', { name: /^Add to cart/ });
    // Timed in the page: from the click event to the first frame that shows the dialog.
    await page.evaluate(() => {
      const w = window as unknown as { e2eClickAt?: number; e2eDialogAt?: number };
      document.addEventListener('click', () => (w.e2eClickAt ??= performance.now()), { capture: true });
      new MutationObserver((_, observer) => {
        if (w.e2eClickAt !== undefined && document.querySelector('[role=dialog]')) {
          observer.disconnect();
          requestAnimationFrame(() => (w.e2eDialogAt = performance.now()));
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const clickedAt = Date.now();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Choose Your Payment Option' });
    await expect(dialog).toBeVisible();
    const testSide = Date.now() - clickedAt;
    const ms = Math.round(
      await page.evaluate(() => {
        const w = window as unknown as { e2eClickAt: number; e2eDialogAt: number };
        return w.e2eDialogAt - w.e2eClickAt;
      }),
    );
    console.log(`first Add to Cart dialog: test-side clock ${testSide} ms`);
    offer.release();
    await expect(dialog.getByRole('button').first()).toBeVisible();
    console.log(`first Add to Cart dialog: on screen ${ms} ms after the click (the page's clock)`);
    test.info().annotations.push({ type: 'first add-to-cart dialog (ms)', description: String(ms) });
    if (process.env.E2E_PERF === '1') expect(ms).toBeLessThanOrEqual(BUDGET_MS);
  });

  test('F-AUTH-08 F-APP-07 Save Changes says Saving… while the profile is saved, and Sign out says Signing out…', async ({ page }) => {
    const email = freshEmail('feedback');
    await createUser(email);
    const res = await page.request.post('/api/auth/signin', { data: { email, password: STRONG_PASSWORD } });
    expect(res.status()).toBe(200);
    await page.goto('/profile');
    await page.getByLabel('City', { exact: true }).fill('Austin');
    const save = await hold(page, '**/api/profile', 'PATCH');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await save.seen;
    await expect(page.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    save.release();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Profile updated')).toBeVisible();

    const out = await hold(page, '**/api/auth/signout', 'POST');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await out.seen;
    await expect(page.getByRole('menuitem', { name: 'Signing out…' })).toBeVisible();
    out.release();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started Free' })).toBeVisible();
  });

  test('F-PAY-10 pausing and resuming say Processing… until the server answers', async ({ page }) => {
    await freshAgent(page, 'pause-feedback');
    await subscribeThroughApi(page);
    await page.goto('/billing');
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.getByRole('dialog', { name: 'Manage Subscription' }).getByRole('button', { name: /Pause for 90 days/ }).click();
    const pause = await hold(page, '**/api/billing/pause', 'POST');
    const dialog = page.getByRole('dialog', { name: 'Pause Subscription' });
    await dialog.getByRole('button', { name: 'Pause Subscription' }).click();
    await pause.seen;
    await expect(dialog.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    pause.release();
    await expect(page.getByTestId('subscription-status')).toHaveText('Paused');

    const resume = await hold(page, '**/api/billing/resume', 'POST');
    await page.getByRole('button', { name: 'Resume Membership' }).click();
    await resume.seen;
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    resume.release();
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  });
});
