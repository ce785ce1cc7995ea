import { expect, test } from './support/fixtures';
import { createUser, freshEmail, signInThroughForm, STRONG_PASSWORD, toasts } from './auth-helpers';

test.describe('F-AUTH-10 F-AUTH-11 sessions', () => {
  test('F-AUTH-10 the active-sessions dialog revokes another browser, which is signed out at its next request', async ({
    page,
    browser,
    baseURL,
    axe,
  }) => {
    test.setTimeout(150_000);
    const email = freshEmail('sessions');
    const name = 'Sasha Sessions';
    await createUser(email, STRONG_PASSWORD, name);

    // Browser A.
    await signInThroughForm(page, email, STRONG_PASSWORD, name);

    // Browser B: another context (its own cookies and device id).
    const other = await browser.newContext({ baseURL });
    await other.addInitScript(() => {
      const consent = { necessary: true, analytics: false, functional: false, marketing: false, version: '1.0' };
      window.localStorage.setItem('circle-cookie-consent', JSON.stringify({ ...consent, timestamp: new Date().toISOString() }));
    });
    // B's clock is the page's fake one (it runs on its own until the recovery below).
    await other.clock.install();
    const pageB = await other.newPage();
    const problemsB: string[] = [];
    pageB.on('console', (m) => {
      if (m.type() === 'error' && !/status of 401/.test(m.text())) problemsB.push(m.text());
    });
    pageB.on('pageerror', (e) => problemsB.push(String(e)));
    await signInThroughForm(pageB, email, STRONG_PASSWORD, name);
    // B sees the security notices of a second session on a new device.
    await expect(pageB.getByRole('status', { name: 'Multiple Active Sessions Detected' })).toBeVisible();
    await expect(pageB.getByText('Your account is signed in on 2 browsers or devices.', { exact: false })).toBeVisible();
    await axe(pageB, { include: '[data-notice]' });

    // A opens the dialog from the user menu.
    await page.getByRole('button', { name: `Account menu for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Active sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Active sessions', exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('2 of 5 sessions in use')).toBeVisible();
    await expect(dialog.locator('li[data-session-id]')).toHaveCount(2);
    await expect(dialog.locator('li[data-current="true"]').getByText('This device')).toBeVisible();
    await axe(page, { include: '[role=dialog]' });

    await dialog.getByRole('button', { name: 'Revoke selected' }).click();
    await expect(dialog.getByText('Select at least one session to revoke.')).toBeVisible();

    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Revoke selected' }).click();
    await expect(toasts(page).getByText('Revoked 1 session(s)')).toBeVisible();
    await expect(dialog.locator('li[data-session-id]')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeFocused();

    // B's next request is refused; recovery fails (3 attempts, 5 s apart: B's clock is moved on
    // 5 s at a time, no wall-clock wait) and B is signed out.
    await pageB.getByRole('button', { name: `Account menu for ${name}` }).click();
    await pageB.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await expect
      .poll(async () => {
        await pageB.clock.runFor(5_000);
        return pageB.url();
      })
      .toMatch(/\/auth\?reason=session_expired/);
    await expect(toasts(pageB).getByText('You have been signed out due to session expiration')).toBeVisible();
    await expect(pageB.getByRole('main').getByText('Session expired. Please sign in again.')).toBeVisible();
    await expect(pageB.getByRole('banner').getByRole('link', { name: 'Get Started Free' })).toBeVisible();
    expect(problemsB).toEqual([]);
    await other.close();

    // A is still signed in.
    await page.reload();
    await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
  });
});
