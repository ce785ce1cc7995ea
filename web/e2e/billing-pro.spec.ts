import { expect, freshAgent, payOnBuiltInPage, subscribeThroughApi, toastRegion } from './cart-helpers';
import { test, type Page } from './support/fixtures';
import { DEMO_PASSWORD, signInThroughForm } from './auth-helpers';

test.describe.configure({ timeout: 120_000 });

const manageDialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const status = (page: Page) => page.getByTestId('subscription-status');

async function openManage(page: Page) {
  await page.goto('/billing');
  await expect(status(page)).toHaveText('Active');
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  return manageDialog(page, 'Manage Subscription');
}

test('F-PAY-09 /pricing shows $99 primary and $49 extra seats; a new agent subscribes with 2 seats on the built-in page and /billing shows plan, seats and the invoice', async ({
  page,
  axe,
}) => {
  await freshAgent(page, 'pro-subscribe');
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Circle Pro' })).toBeVisible();
  await expect(page.getByText('Circle Pro costs $99 per month for the primary seat and $49 per month for each additional seat.')).toBeVisible();
  await expect(page.getByTestId('primary-seat')).toHaveText('$99/month');
  await expect(page.getByTestId('extra-seat')).toHaveText('$49/month');
  await page.getByLabel('Seats').fill('2');
  await expect(page.getByTestId('plan-total')).toHaveText('$148/month');
  await axe(page);
  await page.getByRole('button', { name: 'Subscribe to Circle Pro' }).click();

  await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
  await payOnBuiltInPage(page, '$148');
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText('Welcome to Circle Pro!')).toBeVisible();
  // The session now says Pro: no more Upgrade to Pro in the header.
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to Billing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(status(page)).toHaveText('Active');
  await expect(page.getByTestId('subscription-seats')).toHaveText('2');
  await expect(page.getByText('$148/month')).toBeVisible();
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByRole('row')).toHaveCount(2); // header + the first invoice
  await expect(invoices.getByText('$148')).toBeVisible();
  await axe(page);

  // The customer portal button opens the built-in portal.
  await page.getByRole('button', { name: 'Open Customer Portal' }).click();
  await expect(page.getByRole('heading', { name: 'Circle billing portal' })).toBeVisible();
});

test('F-PAY-10 pause 90 days: the dialog shows the resume date, Back returns to the menu, then the membership resumes', async ({ page, axe }) => {
  await freshAgent(page, 'pro-pause');
  await subscribeThroughApi(page);
  const menu = await openManage(page);
  await axe(page, { include: '[role=dialog]' });
  await menu.getByRole('button', { name: /Pause for 90 days/ }).click();
  const pause = manageDialog(page, 'Pause Subscription');
  // The browser runs in America/Chicago (playwright.config.ts).
  const resume = new Date(Date.now() + 90 * 24 * 3600 * 1000).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'America/Chicago' });
  await expect(pause.getByText(`It resumes automatically on ${resume}.`)).toBeVisible();
  await pause.getByRole('button', { name: 'Back' }).click();
  await expect(manageDialog(page, 'Manage Subscription')).toBeVisible();
  await manageDialog(page, 'Manage Subscription').getByRole('button', { name: /Pause for 90 days/ }).click();
  await pause.getByRole('button', { name: 'Pause Subscription' }).click();
  await expect(toastRegion(page).getByText(`Your membership is paused for 90 days. It resumes on ${resume}.`)).toBeVisible();
  await expect(status(page)).toHaveText('Paused');
  await expect(page.getByText('Resumes on', { exact: true })).toBeVisible();
  // Issue 18 item 8b: a paused membership shows only when it resumes, never also Renews on.
  await expect(page.getByText('Renews on', { exact: true })).toHaveCount(0);

  const check = await page.request.get('/api/billing/check');
  expect(((await check.json()) as { status: string }).status).toBe('paused');

  await page.getByRole('button', { name: 'Resume Membership' }).click();
  await expect(toastRegion(page).getByText('Your membership is active again.')).toBeVisible();
  await expect(status(page)).toHaveText('Active');
});

test('F-PAY-10 50% for 2 months, and offers never stack', async ({ page }) => {
  await freshAgent(page, 'pro-discount');
  await subscribeThroughApi(page);
  const menu = await openManage(page);
  await menu.getByRole('button', { name: /50% off for 2 months/ }).click();
  await manageDialog(page, 'Get 50% Off').getByRole('button', { name: 'Apply Discount' }).click();
  await expect(toastRegion(page).getByText('50% off your membership for the next 2 months.')).toBeVisible();
  await expect(page.getByText(/^50% off until /)).toBeVisible();

  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  const again = manageDialog(page, 'Manage Subscription');
  for (const name of [/Pause for 90 days/, /50% off for 2 months/, /Reduced plan: 30% off/]) {
    await expect(again.getByRole('button', { name })).toBeDisabled();
  }
  await expect(again.getByText('offers can\'t be combined', { exact: false }).first()).toBeVisible();
});

test('F-PAY-10 the 30% reduced plan', async ({ page }) => {
  await freshAgent(page, 'pro-downgrade');
  await subscribeThroughApi(page);
  const menu = await openManage(page);
  await menu.getByRole('button', { name: /Reduced plan: 30% off/ }).click();
  const dialog = manageDialog(page, 'Switch to a Reduced Plan');
  await expect(dialog.getByText('The reduced price is not permanent: it lasts 12 months.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Switch Plan' }).click();
  await expect(toastRegion(page).getByText('Your membership is 30% off for the next 12 months.')).toBeVisible();
  await expect(page.getByText(/^30% off until /)).toBeVisible();
});

test('F-PAY-10 survey then cancel: a reason is required, feedback is optional, Back works; the membership ends at period end', async ({ page }) => {
  await freshAgent(page, 'pro-cancel');
  await subscribeThroughApi(page);
  const menu = await openManage(page);
  await menu.getByRole('button', { name: /Cancel subscription/ }).click();
  const survey = manageDialog(page, 'Why are you leaving?');
  const next = survey.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await survey.getByRole('radio', { name: "I don't use it enough" }).check();
  await expect(next).toBeEnabled();
  await survey.getByLabel("Anything else you'd like to tell us? (optional)").fill('Busy season is over.');
  await next.click();
  const cancel = manageDialog(page, 'Cancel Subscription');
  await cancel.getByRole('button', { name: 'Back' }).click();
  await expect(survey.getByRole('radio', { name: "I don't use it enough" })).toBeChecked();
  await next.click();
  await cancel.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(toastRegion(page).getByText(/^Your membership is canceled\. You keep Circle Pro until /)).toBeVisible();
  await expect(status(page)).toHaveText('Ends at period end');
  await expect(page.getByText('Ends on', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume Membership' })).toBeVisible();
});

test('F-PAY-10 a failed change shows the Error toast and changes nothing', async ({ page, problems }) => {
  problems.allow({ reason: 'the test makes the pause request fail', kind: 'http', status: 503, url: '/api/billing/pause', required: true });
  await freshAgent(page, 'pro-error');
  await subscribeThroughApi(page);
  await page.route('**/api/billing/pause', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'unavailable', message: 'down' }) }),
  );
  const menu = await openManage(page);
  await menu.getByRole('button', { name: /Pause for 90 days/ }).click();
  await manageDialog(page, 'Pause Subscription').getByRole('button', { name: 'Pause Subscription' }).click();
  await expect(toastRegion(page).getByText('Failed to pause subscription. Please try again.')).toBeVisible();
  await expect(manageDialog(page, 'Pause Subscription')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(status(page)).toHaveText('Active');
});

test('F-PAY-10 /billing asks visitors to sign in (Authentication Required)', async ({ page }) => {
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByText('Authentication Required')).toBeVisible();
});

// F-PAY-09, issue 15 item 8: pro@demo.test is Pro because of a real demo membership, so /billing
// shows it (renewal date and price, invoices, management) instead of "no membership" beside the
// PRO header. Read-only: other specs sign in as this account.
test('F-PAY-09 /billing as pro@demo.test shows the demo membership with its renewal date, invoices and actions', async ({ page, axe }) => {
  await signInThroughForm(page, 'pro@demo.test', DEMO_PASSWORD, 'Samantha Reyes');
  const api = (await (await page.request.get('/api/billing')).json()) as { subscription: { current_period_end: string } | null };
  expect(api.subscription).not.toBeNull();
  // The browser runs in America/Chicago (playwright.config.ts).
  const renews = new Date(api.subscription!.current_period_end).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'America/Chicago' });

  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(status(page)).toHaveText('Active');
  await expect(page.getByText("You don't have a Circle Pro membership.")).toHaveCount(0);
  await expect(page.getByTestId('subscription-seats')).toHaveText('1');
  await expect(page.getByText('Renews on', { exact: true })).toBeVisible();
  await expect(page.getByText(`${renews} · $99`)).toBeVisible();
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByRole('row')).toHaveCount(3); // header + two paid months
  await expect(invoices.getByText('$99')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open Customer Portal' })).toBeVisible();
  await axe(page);

  // The management menu opens with the retention offers; closing it changes nothing.
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  const menu = manageDialog(page, 'Manage Subscription');
  await expect(menu.getByRole('button', { name: /Pause for 90 days/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(status(page)).toHaveText('Active');
});
