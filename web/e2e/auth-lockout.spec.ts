import { expect, expectScreen, test } from './support/fixtures';
import { createUser, freshEmail, STRONG_PASSWORD, toasts } from './auth-helpers';

// Long journeys on a shared 2-core machine: more time than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe('F-AUTH-04 lockout', () => {
  test('F-AUTH-04 five wrong passwords lock the account: warning, "Account Locked" toast with N minutes, countdown', async ({
    page,
    problems,
  }) => {
    problems.allow({ reason: 'wrong passwords on purpose', kind: 'http', method: 'POST', url: '/api/auth/signin', status: 400, required: true });
    problems.allow({ reason: 'the fifth attempt is locked on purpose', kind: 'http', method: 'POST', url: '/api/auth/signin', status: 423, required: true });
    const email = freshEmail('lock');
    await createUser(email, STRONG_PASSWORD, 'Lou Ckout');
    await page.goto('/auth');
    await expectScreen(page, 'Welcome Back');
    await page.getByLabel('Email').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    const warning = page.getByText(/^Attempts left before your account is temporarily locked: \d\.$/);

    for (let i = 1; i <= 4; i++) {
      await password.fill(`Wrong-Password-${i}`);
      await submit.click();
      await expect(toasts(page).getByText('Invalid email or password. Please check your credentials.')).toBeVisible();
      await expect(submit).toBeEnabled();
      if (i < 3) await expect(warning).toHaveCount(0);
    }
    // 2 or fewer attempts left: the warning shows (re-read 100 ms after the failure).
    await expect(page.getByText('Attempts left before your account is temporarily locked: 1.')).toBeVisible();

    await password.fill('Wrong-Password-5');
    await submit.click();
    await expect(toasts(page).getByText('Account Locked')).toBeVisible();
    await expect(toasts(page).getByText('Account is temporarily locked. Try again in 15 minutes.')).toBeVisible();
    await expect(page.getByText('Account temporarily locked')).toBeVisible();
    const countdown = page.getByTestId('lock-countdown');
    await expect(countdown).toHaveText(/^1[45]:\d\d$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first ?? '');
    await expect(submit).toBeDisabled();
    // The typed password is still there.
    await expect(password).toHaveValue('Wrong-Password-5');

    // A new visit sees the lock 500 ms after the e-mail is typed; even the right password waits.
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await expect(page.getByText('Account temporarily locked')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeDisabled();
  });
});
