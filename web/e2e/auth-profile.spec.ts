import { expect, expectScreen, test } from './support/fixtures';
import { createUser, freshEmail, signInThroughForm, STRONG_PASSWORD, toasts } from './auth-helpers';

// Long journeys on a shared 2-core machine: more time than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe('F-AUTH-08 profile settings', () => {
  test('F-AUTH-08 a visitor is asked to sign in', async ({ page }) => {
    await page.goto('/profile-settings');
    await expectScreen(page, 'Profile Settings');
    await expect(page.getByText('Sign in to edit your profile.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile-settings$/);
  });

  test('F-AUTH-08 edit name, business, specialties, phone and location with the field rules; saved and shown in the header', async ({
    page,
    problems,
  }) => {
    problems.allow({ reason: 'the test answers one save with a field error', kind: 'http', method: 'PATCH', url: '/api/profile', status: 400, required: true });
    const email = freshEmail('profile');
    await createUser(email, STRONG_PASSWORD, 'Pat Profile');
    await signInThroughForm(page, email, STRONG_PASSWORD, 'Pat Profile');
    await page.getByRole('button', { name: 'Account menu for Pat Profile' }).click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await expect(page).toHaveURL(/\/profile-settings$/);
    await expectScreen(page, 'Profile Settings');
    await expect(page.getByText(email)).toBeVisible();

    const name = page.getByLabel('Display name');
    await expect(name).toHaveValue('Pat Profile');
    await name.fill('P');
    await page.getByLabel('Phone').fill('call me maybe');
    await page.getByLabel('ZIP code').fill('1234');
    await page.getByLabel('City').fill('Austin');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Please fix the highlighted errors before submitting')).toBeVisible();
    await expect(page.getByText('Display name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Invalid phone format')).toBeVisible();
    await expect(page.getByText('Invalid ZIP code format')).toBeVisible();
    await expect(name).toBeFocused();

    await name.fill('Pat Q. Profile');
    await page.getByLabel('Business name').fill('Profile Realty');
    const specialties = page.getByRole('textbox', { name: 'Specialties' });
    await specialties.fill('Luxury homes');
    await specialties.press('Enter');
    await specialties.fill('Condos');
    await specialties.press('Enter');
    await specialties.fill('luxury homes');
    await specialties.press('Enter');
    await expect(page.getByRole('list', { name: 'Specialties' }).getByRole('listitem')).toHaveText(['Luxury homes', 'Condos']);
    await page.getByRole('button', { name: 'Remove Condos' }).click();
    await page.getByLabel('Phone').fill('+1 (512) 555-0100');
    await page.getByLabel('State').selectOption('TX');
    await page.getByLabel('ZIP code').fill('78701');

    // A field error from the server lands on its field.
    let failOnce = true;
    await page.route('**/api/profile', async (route) => {
      if (route.request().method() === 'PATCH' && failOnce) {
        failOnce = false;
        await route.fulfill({
          status: 400,
          json: { code: 'invalid', message: 'invalid', fields: [{ field: 'phone', key: 'validation.phone', message: 'Invalid phone format' }] },
        });
      } else await route.fallback();
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Your profile could not be saved')).toBeVisible();
    await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Display name')).toHaveValue('Pat Q. Profile');

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Profile updated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Pat Q. Profile' })).toBeVisible();

    await page.goto('/profile');
    await expectScreen(page, 'Profile Settings');
    await expect(page.getByLabel('Display name')).toHaveValue('Pat Q. Profile');
    await expect(page.getByLabel('Business name')).toHaveValue('Profile Realty');
    await expect(page.getByRole('list', { name: 'Specialties' }).getByRole('listitem')).toHaveText(['Luxury homes']);
    await expect(page.getByLabel('Phone')).toHaveValue('+1 (512) 555-0100');
    await expect(page.getByLabel('City')).toHaveValue('Austin');
    await expect(page.getByLabel('State')).toHaveValue('TX');
    await expect(page.getByLabel('ZIP code')).toHaveValue('78701');
  });

  test('F-AUTH-08 the header wallet link shows the circle_points balance of the points ledger', async ({ page }) => {
    // pro@demo.test opens with 2,500 points in the demo ledger; a new account has none.
    await signInThroughForm(page, 'pro@demo.test', 'CircleDemo1!', 'Samantha Reyes');
    const wallet = page.getByRole('link', { name: 'Wallet: 2,500 Circle Points' });
    await expect(wallet).toBeVisible();
    await wallet.click();
    await expect(page).toHaveURL(/\/wallet$/);
  });
});
