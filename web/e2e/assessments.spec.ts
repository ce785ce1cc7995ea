import { createUser, freshEmail, STRONG_PASSWORD } from './auth-helpers';
import { freshAgent } from './cart-helpers';
import { expect, test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

test.describe('F-AREA-06 assessments', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a visitor takes the DISC test at 390 px, sees the profile, signs in and finds it saved', async ({ page, axe }) => {
    const email = freshEmail('disc');
    await createUser(email);
    await page.goto('/disc-test');
    await expect(page.getByRole('heading', { level: 1, name: 'DISC Personality Test' })).toBeVisible();
    await page.getByRole('button', { name: 'Start the test' }).click();
    const most = page.getByRole('group', { name: 'Most like me' });
    const least = page.getByRole('group', { name: 'Least like me' });
    for (let i = 1; i <= 24; i++) {
      await expect(page.getByText(`Group ${i} of 24`)).toBeVisible();
      await most.getByRole('radio').first().check();
      await least.getByRole('radio').last().check();
      await page.getByRole('button', { name: i < 24 ? 'Next' : 'See my profile' }).click();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Your DISC profile' })).toBeVisible();
    const profile = page.getByTestId('disc-profile');
    await expect(profile.getByRole('heading', { level: 2, name: /^Primary style: / })).toBeVisible();
    await expect(profile.getByRole('table', { name: 'Your four scores' }).getByRole('row')).toHaveCount(5);
    await expect(profile.getByRole('link', { name: /^Browse / })).toHaveCount(3);
    // Nothing on the phone is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe(page);
    const primary = await profile.getByRole('heading', { level: 2 }).first().textContent();

    // Signing in keeps the answers and saves them.
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/disc-test$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your DISC profile' })).toBeVisible();
    await expect(page.getByTestId('disc-profile').getByRole('heading', { level: 2 }).first()).toHaveText(primary ?? '');
    const history = page.getByRole('region', { name: 'Your past results' });
    await expect(history.getByRole('row')).toHaveCount(2);
    const saved = await page.request.get('/api/assessments/disc/results');
    expect(((await saved.json()) as { results: unknown[] }).results).toHaveLength(1);
  });

  test('an agent fills the questionnaire and sees three recommendations linked to the marketplace', async ({ page, axe }) => {
    await freshAgent(page, 'questionnaire');
    await page.goto('/agent-questionnaire');
    await expect(page.getByRole('heading', { level: 1, name: 'Agent Questionnaire' })).toBeVisible();
    await page.getByRole('button', { name: 'Save and see recommendations' }).click();
    await expect(page.getByText('Choose at least one lead source.')).toBeVisible();
    await page.getByLabel(/Years licensed/).fill('8');
    await page.getByLabel(/Transactions closed last year/).fill('12');
    await page.getByLabel(/Yearly GCI goal/).fill('150,000');
    await page.getByRole('checkbox', { name: 'Referrals' }).check();
    await page.getByLabel(/biggest challenge/).selectOption('follow_up');
    await page.getByRole('button', { name: 'Save and see recommendations' }).click();
    const recs = page.getByTestId('recommendations');
    await expect(recs.getByRole('listitem')).toHaveCount(3);
    await expect(recs.getByRole('heading', { level: 3 })).toHaveText(['CRM', 'Automation', 'Virtual Assistants & Dialers']);
    await axe(page);

    await page.reload();
    await expect(page.getByLabel(/Years licensed/)).toHaveValue('8');
    await expect(page.getByTestId('recommendations').getByRole('listitem')).toHaveCount(3);
    await page.getByRole('link', { name: 'Browse CRM' }).click();
    await expect(page).toHaveURL(/\/marketplace\?tag=cat%3Acrms$/);
  });
});
