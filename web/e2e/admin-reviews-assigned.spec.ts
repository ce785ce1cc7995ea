import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freshEmail, signInAs, STRONG_PASSWORD } from './auth-helpers';
import { funnel, openFunnel } from './detail-helpers';
import { circleBin, type CircleServer } from './support/server';
import { expect, privateServerTest as test } from './support/fixtures';

// Issue 31 item 5 (F-AREA-03, F-CAT-11, 02§3 admin_assigned): an administrator adds a review on a
// member's behalf from /admin/reviews, sees it in the list with its source (and the source filter
// in the URL), and finds it on the service's page labelled Added by Circle. On this worker's
// private server, so no shared review count or rating moves; each run's reviewer is a fresh
// member, so a retry on the same server never meets the one-review-per-member rule.
test.describe.configure({ timeout: 120_000 });

const run = promisify(execFile);
const SERVICE_ID = 'svc-licensepro-prelicense';
const SERVICE = 'Pre-Licensing Course for New Recruits';

/** A verified member on the private server (`circle user create` on its database). */
async function createMember(server: CircleServer, name: string): Promise<string> {
  const email = freshEmail('assigned-review');
  const env = { ...process.env };
  delete env.CIRCLE_DATABASE_URL;
  await run(circleBin(), ['user', 'create', '--email', email, '--password', STRONG_PASSWORD, '--name', name, '--data-dir', server.dataDir,
    '--database-url', join(server.dataDir, 'circle.db')], { env });
  return email;
}

for (const vp of [
  { name: '390', width: 390, height: 844 },
  { name: '1366', width: 1366, height: 900 },
] as const) {
  test(`F-AREA-03 F-CAT-11 add a review for a member and see it on the service page at ${vp.name} px`, async ({ page, axe, privateServer }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const name = `Phone Reviewer ${vp.name}`;
    const email = await createMember(privateServer, name);
    const text = `Told us by phone at ${vp.name} px: passed the exam first try (${Date.now().toString(36)}).`;
    await signInAs(page, 'admin@demo.test');

    await page.goto('/admin/reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a review for a member' });
    await expect(dialog).toBeVisible();

    // Nothing chosen: every required field is named and nothing is sent.
    await dialog.getByRole('button', { name: 'Add review' }).click();
    await expect(dialog.getByText('Choose the service.')).toBeVisible();
    await expect(dialog.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();

    await dialog.getByLabel('Find the service').fill('Pre-Licensing');
    await dialog.getByRole('radio', { name: new RegExp(SERVICE) }).check();
    await expect(dialog.getByText(`Chosen: ${SERVICE}`)).toBeVisible();
    await dialog.getByLabel(/Reviewer's e-mail/).fill(email);
    await expect(dialog.getByText(`Member: ${name}. Verified if they bought the service.`)).toBeVisible();
    await dialog.locator('label').filter({ has: page.getByRole('radio', { name: '5 stars' }) }).click();
    await expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await dialog.getByLabel('Review text').fill(text);
    await dialog.getByLabel('Source link').fill('https://example.com/testimonials/phone');
    await dialog.getByLabel('Admin notes').fill('Collected by phone; internal only.');
    await axe(page, { include: '[role=dialog]' });
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/reviews');
    await dialog.getByRole('button', { name: 'Add review' }).click();
    expect((await created).status(), 'the review is stored').toBe(201);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').getByText(`Review added to ${SERVICE}.`)).toBeVisible();

    // The list: the source filter is kept in the URL and the new review shows its source.
    await page.getByLabel('Source', { exact: true }).selectOption('admin_assigned');
    await expect.poll(() => new URL(page.url()).searchParams.get('source')).toBe('admin_assigned');
    const row = page.getByRole('table', { name: 'Reviews' }).getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Added by admin');
    await expect(row).toContainText(SERVICE);
    await expect(row).toContainText('Collected by phone; internal only.');
    await axe(page);
    // The table scrolls inside its frame: the source link's hidden "opens in a new tab" once
    // widened the whole page at 390 px (components/table/DataTable.tsx).
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // The service's page shows it like any review, with its source label and link; never the notes.
    await openFunnel(page, SERVICE_ID);
    const reviews = funnel(page).getByRole('region', { name: 'Customer Reviews' });
    const item = reviews.getByRole('listitem').filter({ hasText: text });
    await expect(item).toContainText(name);
    await expect(item.getByText('Added by Circle')).toBeVisible();
    await expect(item.getByRole('img', { name: '5 stars' })).toBeVisible();
    await expect(item.getByRole('link', { name: /View source/ })).toHaveAttribute('href', 'https://example.com/testimonials/phone');
    await expect(funnel(page).getByText('internal only')).toHaveCount(0);
  });
}
