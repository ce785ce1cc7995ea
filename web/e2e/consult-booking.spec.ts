import type { Locator, Page } from '@playwright/test';
import { test } from './support/fixtures';
import { signIn } from './marketplace-helpers';
import { CLOSINGBELL_ID, expect, freshAgent, funnel, openFunnel, stubVideoHosts } from './detail-helpers';

/** The enabled choices of a radio group (dates or times) that the calendar offers now. */
function offered(scope: Page | Locator, group: string) {
  return scope.getByRole('radiogroup', { name: group }).getByRole('radio').and(scope.locator(':enabled'));
}

test.describe('F-ENG-01 internal booking', () => {
  test('F-ENG-01 books a slot from a funnel page, sees Meeting Confirmed, the booking in both lists and the e-mail; reschedules it', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await stubVideoHosts(page);
    const email = await freshAgent(page, 'consult', 'Casey Booker');
    await openFunnel(page, CLOSINGBELL_ID);
    await funnel(page).getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Book Consultation' }).click();
    await expect(page).toHaveURL(new RegExp(`/book-meeting\\?service=${CLOSINGBELL_ID}`));
    await expect(page.getByRole('heading', { level: 1, name: /^Book Consultation: / })).toBeVisible();
    await expect(page.getByText('Minimum 24 hours notice')).toBeVisible();

    // A slot the server's calendar offers now (its real clock): the last offered date's first time.
    await offered(page, 'Select a date').last().click();
    const slot = offered(page, 'Select a time').first();
    const time = (await slot.textContent()) ?? '';
    await slot.click();
    await expect(page.getByTestId('slot-zones')).toContainText(/your time/i);
    await page.getByLabel('Full name').fill('Casey Booker');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Project details').fill('Two listings closing next month');
    await page.getByRole('button', { name: 'Book Consultation', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Meeting Confirmed' });
    await expect(dialog).toBeVisible();
    for (const name of ['See Vetted Vendors', 'Add My Current Vendor', 'Continue']) {
      await expect(dialog.getByRole('button', { name })).toBeVisible();
    }
    await expect(page.getByText('Consultation booked!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // Continue opens the booking's preparation course.
    await expect(page).toHaveURL(/\/consultation-prep\/[^/?]+$/);
    const courseURL = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: 'Consultation Preparation Course', level: 1 })).toBeVisible();
    await page.goto('/consultations');
    const card = page.getByTestId('consultation').first();
    await expect(card).toContainText('Contract-to-Close');
    await expect(card.getByTestId('consultation-when')).toContainText(time);
    await expect(card.getByRole('link', { name: 'Prepare for your meeting' })).toHaveAttribute('href', courseURL);

    // The vendor sees it on its own page.
    const vendorCtx = await browser.newContext();
    const vendor = await vendorCtx.newPage();
    await vendor.goto('/');
    await signIn(vendor, 'vendor@demo.test');
    // From the vendor dashboard, the Consultations link beside the tabs.
    await vendor.goto('/vendor-dashboard');
    await vendor.getByRole('main').getByRole('link', { name: 'Consultations', exact: true }).click();
    await expect(vendor).toHaveURL(/\/vendor-dashboard\/consultations$/);
    await expect(vendor.getByTestId('consultation').filter({ hasText: email }).first()).toBeVisible({ timeout: 20_000 });

    // The confirmation e-mail is in the admins' outbox.
    const adminCtx = await browser.newContext();
    const admin = await adminCtx.newPage();
    await admin.goto('/');
    await signIn(admin, 'admin@demo.test');
    await expect
      .poll(async () => {
        const res = await admin.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
        const body = (await res.json()) as { emails: Array<{ kind: string; attachments: Array<{ filename: string }> }> };
        return body.emails.filter((e) => e.kind === 'consultation_confirmation' && e.attachments[0]?.filename === 'consultation.ics').length;
      })
      .toBe(1);
    await admin.goto('/admin/outbox');
    await admin.getByLabel('Recipient').fill(email);
    await admin.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(admin.getByRole('heading', { name: /^Consultation booked:/ })).toBeVisible();

    // Reschedule to another offered slot.
    await card.getByRole('button', { name: 'Reschedule' }).click();
    const move = page.getByRole('dialog', { name: /^Reschedule:/ });
    await offered(move, 'Select a date').first().click();
    const next = offered(move, 'Select a time').last();
    const nextTime = (await next.textContent()) ?? '';
    await next.click();
    await move.getByRole('button', { name: 'Save new time' }).click();
    await expect(page.getByText('Consultation rescheduled')).toBeVisible();
    await expect(page.getByTestId('consultation').first().getByTestId('consultation-when')).toContainText(nextTime);
    await vendorCtx.close();
    await adminCtx.close();
  });
});
