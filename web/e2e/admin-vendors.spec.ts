import { companyVerifyToken, DEMO_PASSWORD, freshEmail, signInThroughForm } from './auth-helpers';
import { freshAgent, funnel, openFunnel } from './detail-helpers';
import { expect, test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

// A service no other browser test counts reviews on: hiding this test's review cannot change theirs.
const SERVICE_ID = 'svc-welcomemat-buyer-seminar';

// Issue 31 items 3 and 5 (F-AREA-03): an administrator approves a vendor application from the
// approval queue, and hides a review, which then is gone from the service's detail.
test.describe('F-AREA-03 admin vendors and reviews', () => {
  test('approve a vendor application, then hide a review and see it gone from the service detail', async ({ page }) => {
    // An agent applies to list a company (company address verified) and reviews a service.
    await freshAgent(page, 'vendor-app', 'Vera Applicant');
    const company = `Harbor Closings ${Date.now().toString(36)}`;
    const companyEmail = freshEmail('vendor-company');
    const applied = await page.request.post('/api/vendor-applications', {
      data: {
        type: 'service_provider', company_name: company, contact_name: 'Vera Applicant', contact_phone: '(512) 555-0142', contact_email: companyEmail,
        business_type: 'photographer', categories: ['cat:photography'], service_states: ['TX'], settlement_provider: false, website_url: '',
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const verified = await page.request.post('/api/vendor-applications/verify', { data: { token: await companyVerifyToken(companyEmail) } });
    expect(verified.status()).toBe(200);
    const reviewText = `Spam link e2e ${Date.now().toString(36)}`;
    const reviewed = await page.request.post(`/api/services/${SERVICE_ID}/reviews`, { data: { rating: 1, review: reviewText } });
    expect(reviewed.status(), await reviewed.text()).toBe(201);
    await page.context().clearCookies();

    await signInThroughForm(page, 'admin@demo.test', DEMO_PASSWORD, 'Alex Morgan');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Vendors' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vendors' })).toBeVisible();
    const card = page.getByRole('listitem', { name: company });
    await expect(card.getByText('Verified', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toHaveCount(0);

    await page.getByLabel('Show').selectOption('approved');
    await page.getByRole('listitem', { name: company }).getByRole('link', { name: "Open the vendor's page" }).click();
    await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
    await expect(page.getByRole('list', { name: 'History' })).toContainText('vendor_application.approve');
    await expect(page.getByRole('list', { name: 'History' })).toContainText('admin@demo.test');

    // The review shows on the service's detail, then an administrator hides it.
    await openFunnel(page, SERVICE_ID);
    const reviews = funnel(page).getByRole('region', { name: 'Customer Reviews' });
    await expect(reviews.getByText(reviewText)).toBeVisible();

    await page.goto(`/admin/reviews?q=${encodeURIComponent(reviewText)}`);
    const table = page.getByRole('table', { name: 'Reviews' });
    await expect(table.getByRole('cell', { name: reviewText })).toBeVisible();
    await table.getByRole('button', { name: /^Hide the review by Vera Applicant/ }).click();
    await page.getByLabel(/Why hide this review/).fill('Spam link');
    await page.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(table.getByRole('row').filter({ hasText: reviewText })).toContainText('Hidden');

    await openFunnel(page, SERVICE_ID);
    await expect(funnel(page).getByRole('region', { name: 'Customer Reviews' })).toBeVisible();
    await expect(funnel(page).getByText(reviewText)).toHaveCount(0);
  });
});
