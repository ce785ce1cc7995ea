import type { Locator, Page } from '@playwright/test';
import { expect, expectScreen, test } from './support/fixtures';
import { freshAgent } from './cart-helpers';

// Issue 32 item 7 (F-AREA-05, F-ENG-01): /consultation-demo explains the demo call and books it
// with Circle's own advisors through the consultations booking; /book-meeting without a service
// books them too. At 390 px, axe-clean.

const PHONE = { width: 390, height: 844 };

/** The enabled choices of a radio group (dates or times) that the calendar offers now. */
function offered(scope: Page | Locator, group: string) {
  return scope.getByRole('radiogroup', { name: group }).getByRole('radio').and(scope.locator(':enabled'));
}

test.describe('F-AREA-05 consultation demo with Circle advisors at 390 px', () => {
  test.use({ viewport: PHONE });

  test('F-AREA-05 a visitor reads what the demo call covers and is asked to sign in to book', async ({ page, axe }) => {
    await page.goto('/consultation-demo');
    await expectScreen(page, 'Consultation Demo');
    await expect(page.getByRole('heading', { level: 2, name: 'What the call covers' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
    // The advisors' calendar is open to read; booking asks for an account.
    await expect(page.getByRole('heading', { level: 2, name: 'Choose a time for your demo call' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Select a date' })).toBeVisible();
    await expect(page.getByText('Please sign in to book a consultation.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await axe(page);
  });

  test('F-AREA-05 F-ENG-01 a fresh agent books a demo call and finds it in My Consultations; /book-meeting offers the advisors too', async ({
    page,
    axe,
  }) => {
    test.setTimeout(120_000);
    const email = await freshAgent(page, 'consult-demo');
    await page.goto('/consultation-demo');
    await expectScreen(page, 'Consultation Demo');
    const form = page.locator('form').filter({ has: page.getByRole('radiogroup', { name: 'Select a date' }) });
    // The last day of the window and its first free time: each run takes the next free slot, so a
    // rerun on the same server never meets a slot an earlier run booked.
    await offered(form, 'Select a date').last().click();
    await offered(form, 'Select a time').first().click();
    await form.getByLabel('Full name').fill('Dana Demo');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Book Consultation', exact: true }).click();

    const confirmed = page.getByRole('dialog', { name: 'Meeting Confirmed' });
    await expect(confirmed).toBeVisible();
    await expect(confirmed.getByText(/Circle platform walkthrough on /)).toBeVisible();
    await axe(page, { include: '[role=dialog]' });
    await page.keyboard.press('Escape');
    await expect(confirmed).toBeHidden();

    // The agent's consultations list it, booked with Circle.
    await page.goto('/consultations');
    await expectScreen(page, 'My Consultations');
    const booking = page.locator('section, li, article').filter({ has: page.getByRole('heading', { level: 2, name: 'Circle platform walkthrough' }) }).first();
    await expect(booking).toBeVisible();
    await expect(booking.getByText('Booked').first()).toBeVisible();
    const mine = (await (await page.request.get('/api/consultations')).json()) as {
      consultations: Array<{ service_id: string; status: string; source: string }>;
    };
    expect(mine.consultations).toEqual([expect.objectContaining({ service_id: 'svc-circle-advisors', status: 'pending', source: 'consultation_demo' })]);
    await axe(page);

    // /book-meeting without a service: a meeting with Circle's advisors, not a dead end.
    await page.goto('/book-meeting');
    await expectScreen(page, 'Book a Meeting');
    await expect(page.getByRole('heading', { level: 2, name: 'Choose a time' })).toBeVisible();
    await expect(page.getByText('A 30-minute video call with a Circle advisor')).toBeVisible();
    await expect(offered(page, 'Select a date').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await axe(page);
  });
});
