import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { freshAgent, toastRegion } from './cart-helpers';
import { DEMO_PASSWORD } from './auth-helpers';

// Issue 16 (consult-more): the preparation course, Invite / Refer Your Vendor and the location
// dialog. Every test that changes state runs as an agent of its own.

async function noSideScroll(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over, 'horizontal overflow').toBeLessThanOrEqual(0);
}

type Calendar = { days: { date: string; slots: { time: string; available: boolean }[] }[] };

/**
 * Books a consultation of the Closing Bell service through the API, as the signed-in agent, on a
 * slot the calendar offers now (a random one, so parallel specs rarely meet; a taken slot is
 * tried again), and returns the booking's id: the course belongs to it.
 */
async function bookOfferedSlot(page: Page): Promise<string> {
  const service = 'svc-closingbell-tc';
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await page.request.get(`/api/consultations/calendar?service_id=${service}`);
    expect(res.status()).toBe(200);
    const cal = (await res.json()) as Calendar;
    const open = cal.days.flatMap((d) => d.slots.filter((s) => s.available).map((s) => ({ date: d.date, time: s.time })));
    expect(open.length, 'offered slots').toBeGreaterThan(0);
    const pick = open[randomBytes(2).readUInt16BE(0) % open.length]!;
    const booked = await page.request.post('/api/consultations', {
      data: { service_id: service, scheduled_date: pick.date, scheduled_time: pick.time, client_name: 'Prep Agent', client_email: 'prep.client@example.com', source: 'e2e' },
    });
    if (booked.status() === 409) continue;
    expect(booked.status(), await booked.text()).toBe(201);
    return ((await booked.json()) as { id: string }).id;
  }
  throw new Error('no offered slot could be booked');
}

test.describe('consultation preparation course', () => {
  test('F-ENG-03 the course goes to 100% module by module and the Consultation Guide downloads as a PDF', async ({ page, axe }) => {
    test.setTimeout(120_000);
    await freshAgent(page, 'prep');
    await page.setViewportSize({ width: 390, height: 844 });
    const id = await bookOfferedSlot(page);
    await page.goto(`/consultation-prep/${id}`);
    await expect(page.getByRole('heading', { name: 'Consultation Preparation Course', level: 1 })).toBeVisible();
    await expect(page.getByTestId('prep-progress')).toHaveText('0% complete');
    await noSideScroll(page);
    await axe(page);
    const titles = ['What to Expect', 'Define Your Goals', 'Pre-Consultation Checklist', 'Questions to Ask'];
    for (const [i, title] of titles.entries()) {
      await page.getByRole('button', { name: `Open module: ${title}` }).click();
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Mark as Complete' }).click();
      await expect(page.getByTestId('prep-progress')).toHaveText(`${(i + 1) * 25}% complete`);
      if (i === 1) {
        // Continue Later keeps the progress on the server: coming back shows it.
        await page.setViewportSize({ width: 1366, height: 900 });
        await page.getByRole('button', { name: 'Continue Later' }).click();
        await expect(page).toHaveURL(/\/$/);
        await page.goto(`/consultation-prep/${id}`);
        await expect(page.getByTestId('prep-progress')).toHaveText('50% complete');
      }
    }
    await expect(page.getByText('Course complete!')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Consultation Guide' }).click()]);
    expect(download.suggestedFilename()).toBe('consultation-guide.pdf');
    const file = await download.path();
    const head = (await readFile(file)).subarray(0, 8).toString('latin1');
    expect(head.startsWith('%PDF-1.')).toBe(true);
  });
});

test.describe('invite and refer your vendor', () => {
  test('F-ENG-04 F-CAT-04 Invite Your Vendor from the vendors view: validation errors, then success, then the admin list shows it', async ({ page, browser, axe }) => {
    test.setTimeout(120_000);
    await freshAgent(page, 'invite');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/marketplace?tab=vendors');
    await page.getByRole('button', { name: 'Invite Your Vendor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Your Vendor' });
    await expect(dialog.getByText('What kind of vendor are you inviting?')).toBeVisible();
    await dialog.getByRole('button', { name: /Settlement Services/ }).click();
    await dialog.getByRole('button', { name: 'Invite Vendor' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields');
    await axe(page, { include: '[role=dialog]' });
    await noSideScroll(page);

    const vendor = `Lone Star Title ${randomBytes(3).toString('hex')}`;
    await dialog.getByRole('textbox', { name: /Vendor Name/ }).fill(vendor);
    await dialog.getByRole('combobox', { name: /Service Category/ }).selectOption('Title Company');
    await dialog.getByRole('textbox', { name: /Contact Email/ }).fill('title@lonestar');
    await dialog.getByRole('textbox', { name: /Website URL/ }).fill('lonestar.example');
    await dialog.getByRole('button', { name: 'Invite Vendor' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please fix the highlighted errors before submitting');
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid website URL')).toBeVisible();

    await dialog.getByRole('textbox', { name: /Contact Email/ }).fill('title@lonestar.example');
    await dialog.getByRole('textbox', { name: /Website URL/ }).fill('https://lonestar.example');
    await dialog.getByRole('textbox', { name: /Specialties/ }).fill('Closings');
    await dialog.getByRole('textbox', { name: /Specialties/ }).press('Enter');
    await expect(dialog.getByRole('button', { name: 'Remove Closings' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Invite Vendor' }).click();
    await expect(toastRegion(page).getByText('Invitation sent!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const admin = await browser.newContext();
    try {
      const adminPage = await admin.newPage();
      const res = await adminPage.request.post('/api/auth/signin', { data: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
      expect(res.status()).toBe(200);
      await adminPage.setViewportSize({ width: 1366, height: 900 });
      await adminPage.goto('/admin/vendor-invitations');
      await expect(adminPage.getByRole('heading', { name: 'Vendor Invitations', level: 1 })).toBeVisible();
      const row = adminPage.getByTestId('vendor-invitations').getByRole('listitem').filter({ hasText: vendor });
      await expect(row).toContainText('title@lonestar.example');
      await expect(row).toContainText('Invited');
      await expect(row.getByRole('link')).toHaveAttribute('href', /\/vendor-registration\?invite=.+&type=co_marketing$/);
    } finally {
      await admin.close();
    }
  });

  test('F-ENG-04 Refer Your Vendor from the service page: Missing Information, then Referral Submitted!', async ({ page }) => {
    test.setTimeout(90_000);
    await freshAgent(page, 'refer');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/marketplace?service=svc-lakeshore-bank-statement');
    await page.getByRole('button', { name: 'Refer Your Vendor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refer Your Vendor' });
    await expect(dialog.getByRole('textbox', { name: 'Service Interest' })).not.toHaveValue('');
    await expect(dialog.getByRole('combobox', { name: 'Vendor Type' })).toHaveValue('general');
    await dialog.getByRole('button', { name: 'Submit Referral' }).click();
    await expect(toastRegion(page).getByText('Missing Information')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Vendor Name/ }).fill('Pixel Pros');
    await dialog.getByRole('textbox', { name: /Vendor Email/ }).fill('hi@pixelpros.example');
    await dialog.getByRole('combobox', { name: 'Relationship' }).selectOption('colleague');
    await dialog.getByRole('button', { name: 'Submit Referral' }).click();
    await expect(toastRegion(page).getByText('Referral Submitted!')).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});

test.describe('location', () => {
  test('F-ENG-08 sets the location by the manual form: errors, then saved to the profile, the header chip and the vendors filter', async ({ page, axe }) => {
    test.setTimeout(90_000);
    await freshAgent(page, 'location');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/marketplace?tab=vendors');
    await page.getByTestId('location-chip').click();
    const dialog = page.getByRole('dialog', { name: 'Your Location' });
    await dialog.getByRole('textbox', { name: /City/ }).fill('A');
    await dialog.getByRole('textbox', { name: /ZIP/ }).fill('1234');
    await dialog.getByRole('button', { name: 'Save Location' }).click();
    await expect(dialog.getByText('City must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('State is required')).toBeVisible();
    await expect(dialog.getByText('Invalid ZIP code format')).toBeVisible();
    await axe(page, { include: '[role=dialog]' });

    await dialog.getByRole('textbox', { name: /City/ }).fill('Austin');
    await dialog.getByRole('combobox', { name: /State/ }).selectOption('TX');
    await dialog.getByRole('textbox', { name: /ZIP/ }).fill('78701');
    await dialog.getByRole('button', { name: 'Save Location' }).click();
    await expect(toastRegion(page).getByText('Location saved')).toBeVisible();
    await expect(page.getByTestId('location-chip')).toHaveAccessibleName('Location: Austin, TX. Change location');
    await expect(page.getByText(/vendors? (that )?serve TX/)).toBeVisible();
    const profile = await (await page.request.get('/api/profile')).json();
    expect([profile.city, profile.state, profile.zip_code]).toEqual(['Austin', 'TX', '78701']);
    await page.setViewportSize({ width: 390, height: 844 });
    await noSideScroll(page);
  });
});
