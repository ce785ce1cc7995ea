import { test, type Page } from './support/fixtures';
import { CMA_ID, expect, freshAgent, funnel, openFunnel, stubVideoHosts } from './detail-helpers';

test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ page }) => {
  await stubVideoHosts(page);
});

// Each test that writes reviews uses its own service: parallel tests must not change each other's counts.
const PRELICENSE_ID = 'svc-licensepro-prelicense';
const reviews = (page: Page) => funnel(page).getByRole('region', { name: 'Customer Reviews' });
const toastText = (page: Page, text: string) => page.getByRole('status').getByText(text);

test.describe('F-CAT-11 reviews', () => {
  test('F-CAT-11 a visitor sees the list, average and count, sources and verified flags; writing asks to sign in', async ({ page }) => {
    await openFunnel(page, 'svc-welcomemat-cafe-open-house');
    const r = reviews(page);
    await expect(r.getByText(/^Rated 4\.3 out of 5 from 3 reviews$/)).toBeAttached();
    const items = r.getByRole('listitem').filter({ has: page.getByRole('img', { name: /stars?$/ }) });
    await expect(items).toHaveCount(3);
    await expect(r.getByText('Added by Circle')).toBeVisible(); // admin_assigned source
    await expect(r.getByText('Agent review').first()).toBeVisible();
    await expect(r.getByText('Verified', { exact: true })).toHaveCount(2);
    await r.getByRole('button', { name: 'Write a Review' }).click();
    await expect(toastText(page, 'Authentication Required')).toBeVisible();
    await expect(page.getByRole('status').getByText('Please log in to submit a review.')).toBeVisible();
  });

  test('F-CAT-11 an agent creates, edits and deletes their review; the average and count follow; one per user per service', async ({ page }) => {
    await freshAgent(page, 'review', 'Riley Reviewer');
    await openFunnel(page, CMA_ID);
    const r = reviews(page);
    const before = await (await page.request.get(`/api/services/${CMA_ID}/reviews`)).json() as { total_reviews: number };

    await r.getByRole('button', { name: 'Write a Review' }).click();
    await r.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toastText(page, 'Rating Required')).toBeVisible();
    await expect(page.getByRole('status').getByText('Please select a star rating.')).toBeVisible();

    await r.getByRole('button', { name: '4 stars' }).click();
    await r.getByRole('textbox', { name: 'Your review (optional)' }).fill('  Solid CMA tool, saves me an hour per listing.  ');
    await r.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toastText(page, 'Review submitted')).toBeVisible();
    const mine = r.getByRole('listitem').filter({ hasText: 'Your review' });
    await expect(mine).toContainText('Riley Reviewer');
    await expect(mine).toContainText('Solid CMA tool, saves me an hour per listing.');
    await expect(mine.getByRole('img', { name: '4 stars' })).toBeVisible();
    await expect(r.getByText(new RegExp(`from ${before.total_reviews + 1} reviews?$`))).toBeAttached();

    // The server enforces one review per user per service, and the screen shows its message.
    const again = await page.request.post(`/api/services/${CMA_ID}/reviews`, { data: { rating: 5 } });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('You have already reviewed this service. Edit your review instead.');

    await mine.getByRole('button', { name: 'Edit' }).click();
    await r.getByRole('button', { name: '2 stars' }).click();
    await r.getByRole('button', { name: 'Update Review' }).click();
    await expect(toastText(page, 'Review updated')).toBeVisible();
    await expect(mine.getByRole('img', { name: '2 stars' })).toBeVisible();

    page.once('dialog', (d) => void d.accept());
    await mine.getByRole('button', { name: 'Delete' }).click();
    await expect(toastText(page, 'Review deleted')).toBeVisible();
    await expect(r.getByRole('listitem').filter({ hasText: 'Your review' })).toHaveCount(0);
    await expect(r.getByText(new RegExp(`from ${before.total_reviews} reviews?$`))).toBeAttached();
  });

  test('F-CAT-11 a second review from the screen shows the server\'s message', async ({ page, problems }) => {
    problems.allow({ reason: 'the second review is refused by the server on purpose (409)', kind: 'http', url: `/api/services/${PRELICENSE_ID}/reviews`, method: 'POST', required: true });
    problems.allow({ reason: "Chromium's echo of the 409", kind: 'console', text: 'Failed to load resource' });
    await freshAgent(page, 'review2', 'Riley Reviewer');
    await openFunnel(page, PRELICENSE_ID);
    // A review written elsewhere (another tab) after this page loaded.
    expect((await page.request.post(`/api/services/${PRELICENSE_ID}/reviews`, { data: { rating: 5 } })).status()).toBe(201);
    const r = reviews(page);
    await r.getByRole('button', { name: 'Write a Review' }).click();
    await r.getByRole('button', { name: '3 stars' }).click();
    await r.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByRole('status').getByText('You have already reviewed this service. Edit your review instead.')).toBeVisible();
    // What the user typed stays.
    await expect(r.getByRole('button', { name: '3 stars' })).toHaveAttribute('aria-pressed', 'true');
  });
});
