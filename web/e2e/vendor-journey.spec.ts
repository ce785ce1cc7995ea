import { companyVerifyToken, createUser, DEMO_PASSWORD, freshEmail, signInThroughForm, STRONG_PASSWORD } from './auth-helpers';
import { freshAgent, payThroughApi } from './cart-helpers';
import { cards, waitForGrid } from './marketplace-helpers';
import { PNG } from './media-helpers';
import { expect, privateServerTest as test, seedConsent, type Page } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

type Totals = { views: number; purchases: number; revenue_cents: number };

/** Chooses a picture in the form's picture uploader named label and waits for the stored file's preview. */
async function uploadPicture(page: Page, label: string, name: string): Promise<string> {
  const group = page.getByRole('group', { name: label });
  await group.getByTestId('image-upload-input').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  const preview = group.getByRole('img', { name: `${label}: the current picture` });
  await expect(preview).toHaveAttribute('src', /^\/api\/media\/[^/]+\/file/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  return (await preview.getAttribute('src'))!.replace(/\?.*$/, '');
}

// Issue 30's acceptance journey (F-AREA-01, F-ENG-05), on a private server (a new vendor and a
// new listing change the marketplace others count): a member applies through
// /vendor-registration with an uploaded logo and confirms the company address; an administrator
// approves the application on /admin/vendors; the new vendor creates a service with three
// packages and a picture in the Services tab, writes its funnel in the funnel editor and
// publishes it there; an agent finds it on /marketplace with its picture and the vendor's logo,
// opens it (a view) and buys a package; the vendor sees the view and the sale in
// /vendor-analytics.
test('F-AREA-01 F-ENG-05 register, approve, list with packages, picture and funnel, publish, sell, measure', async ({ page, browser, privateServer, axe }) => {
  const run = Date.now().toString(36);
  const company = `Golden Hour Photo ${run}`;
  const title = `Twilight Listing Photos ${run}`;
  const companyEmail = freshEmail('vj-company');
  const applicantEmail = freshEmail('vj-applicant');
  await createUser(applicantEmail, STRONG_PASSWORD, 'Rosa Delgado', privateServer.dataDir);

  // 1. A member applies as a service provider, with the company logo uploaded.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInThroughForm(page, applicantEmail, STRONG_PASSWORD, 'Rosa Delgado');
  await page.goto('/vendor-registration?type=service_provider');
  const form = page.getByRole('form', { name: 'Vendor application' });
  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('Contact name').fill('Rosa Delgado');
  await form.getByLabel('Contact phone').fill('(512) 555-0188');
  await form.getByLabel('Company e-mail').fill(companyEmail);
  await form.getByLabel('Type of business').selectOption('photographer');
  await form.getByRole('checkbox', { name: 'Photography', exact: true }).check();
  await form.getByRole('checkbox', { name: 'TX', exact: true }).check();
  const logo = await uploadPicture(page, 'Company logo (optional)', 'golden-hour-logo.png');
  await axe(page);
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('heading', { name: `Application for ${company} under review` })).toBeVisible();

  // The company address is confirmed with the e-mailed link.
  await page.goto(`/vendor-registration?verify=${await companyVerifyToken(companyEmail, privateServer.dataDir)}`);
  await expect(page.getByText(`Thank you: the e-mail address of ${company} is confirmed.`)).toBeVisible();

  // 2. An administrator approves it on the vendors screen.
  const adminContext = await browser.newContext({ baseURL: privateServer.url, viewport: { width: 1366, height: 900 } });
  const admin = await adminContext.newPage();
  await signInThroughForm(admin, 'admin@demo.test', DEMO_PASSWORD, 'Alex Morgan');
  await admin.goto('/admin/vendors');
  const application = admin.getByRole('listitem', { name: company });
  await expect(application.getByText('Verified', { exact: true })).toBeVisible();
  await application.getByRole('button', { name: 'Approve' }).click();
  await expect(application).toHaveCount(0);
  await adminContext.close();

  // The approved vendor's logo is the uploaded file.
  const profiles = (await (await page.request.get('/api/vendor/profiles')).json()) as { profiles: { vendor_id: string; logo_url: string }[] };
  expect(profiles.profiles.map((p) => p.logo_url)).toEqual([logo]);

  // 3. The vendor creates a service with three packages and a picture (saved as a draft).
  await page.goto('/vendor-dashboard?tab=services');
  await page.getByRole('button', { name: 'New service' }).click();
  const editor = page.getByRole('form', { name: 'New service' });
  await editor.getByLabel('Title (English)').fill(title);
  await editor.getByLabel(/^Description/).fill('Dusk and twilight photos of your listing, delivered edited within 24 hours.');
  await editor.getByRole('checkbox', { name: 'Photography', exact: true }).check();
  await editor.getByLabel('Retail price ($)').fill('199');
  await editor.getByLabel('Billing period').selectOption('one_time');
  const packages = [
    { name: 'Essentials', price: '199' },
    { name: 'Signature', price: '299' },
    { name: 'Estate', price: '449' },
  ];
  for (const [i, p] of packages.entries()) {
    await editor.getByRole('button', { name: 'Add package' }).click();
    const box = editor.getByTestId('package-editor').nth(i);
    await box.getByLabel('Package name').fill(p.name);
    await box.getByLabel(/^Price \(\$\)/).fill(p.price);
  }
  await editor.getByTestId('package-editor').nth(1).getByLabel('Most Popular').check();
  const picture = await uploadPicture(page, 'Service picture', 'twilight.png');
  await editor.getByRole('button', { name: 'Save service' }).click();
  await expect(page.getByText('Draft saved. Publish it to show it in the marketplace.')).toBeVisible();
  const row = page.getByTestId('vendor-service-row').filter({ hasText: title });
  await expect(row).toContainText('3 packages');
  await expect(row.getByTestId('draft-state')).toContainText('Not in the marketplace yet: publishing lists it.');

  // 4. Its funnel, written and published in the funnel editor.
  await row.getByRole('link', { name: `Edit the funnel of ${title}` }).click();
  await expect(page.getByRole('heading', { name: `Funnel: ${title}` })).toBeVisible();
  const state = page.getByRole('status', { name: 'Publishing' });
  await expect(state).toContainText('Draft - unpublished changes');
  await expect(state).toContainText('Not in the marketplace yet: publishing lists it.');
  await page.getByLabel('Main headline').fill('Listings that glow at dusk');
  await page.getByLabel('Sub-headline').fill('Twilight photos buyers stop scrolling for');
  await expect(state).toContainText('Unsaved changes: Publish saves them first.');
  await axe(page);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Published: live in the marketplace')).toBeVisible();
  await expect(state).toContainText('Published: live in the marketplace');
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  const services = (await (await page.request.get('/api/vendor/services')).json()) as {
    services: { id: string; title: string; active: boolean; packages: { id: string; name: string; price_cents: number }[] }[];
  };
  const service = services.services.find((s) => s.title === title)!;
  expect(service.active).toBe(true);
  expect(service.packages.map((p) => p.name)).toEqual(['Essentials', 'Signature', 'Estate']);

  // 5. An agent finds it on the marketplace with its picture and the vendor's logo, opens it and buys Signature.
  const today = new Date().toISOString().slice(0, 10);
  const read = async (): Promise<Totals> =>
    ((await (await page.request.get(`/api/vendor/analytics?from=${today}&to=${today}&service_id=${service.id}`)).json()) as { total: Totals }).total;
  const before = await read();
  const agentContext = await browser.newContext({ baseURL: privateServer.url, viewport: { width: 1366, height: 900 } });
  // Consent given, as in the suite's own contexts: the banner, shown once the page is idle, would
  // otherwise cover the card (it did on a loaded machine).
  await seedConsent(agentContext);
  const agent = await agentContext.newPage();
  await freshAgent(agent, 'vj-agent', privateServer.dataDir);
  await agent.goto(`/marketplace?q=${encodeURIComponent(title)}`);
  await waitForGrid(agent);
  const card = cards(agent).filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(company);
  const cardPicture = card.getByRole('img', { name: title });
  await expect(cardPicture).toHaveAttribute('src', `${picture}?variant=card`);
  await expect.poll(() => cardPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // The logo in its 128 px thumb size (made on this first request), not the stored original.
  const cardLogo = card.locator(`img[src="${logo}?variant=thumb"]`);
  await expect(cardLogo).toHaveCount(1);
  await cardLogo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => cardLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.naturalWidth <= 128))
    .toBe(true);
  const viewed = agent.waitForResponse((r) => r.url().endsWith(`/api/services/${service.id}/views`) && r.request().method() === 'POST');
  await card.getByRole('button', { name: `Learn more about ${title}` }).click();
  expect((await viewed).status()).toBeLessThan(300);
  const signature = service.packages.find((p) => p.name === 'Signature')!;
  const add = await agent.request.post('/api/cart/items', {
    data: { service_id: service.id, package_id: signature.id, price_cents: signature.price_cents, coverage: 'retail', quantity: 1 },
  });
  expect(add.status(), await add.text()).toBe(200);
  const co = await agent.request.post('/api/checkout');
  expect(co.status(), await co.text()).toBe(200);
  const { session_id, order } = (await co.json()) as { session_id: string; order: { total_usd_cents: number } };
  expect(order.total_usd_cents).toBe(299_00);
  await payThroughApi(agent, session_id);
  await agentContext.close();

  // 6. The vendor sees the view and the sale in /vendor-analytics.
  const after = await read();
  expect(after.views - before.views).toBe(1);
  expect(after.purchases - before.purchases).toBe(1);
  expect(after.revenue_cents - before.revenue_cents).toBe(299_00);
  await page.goto(`/vendor-analytics?from=${today}&to=${today}&service=${service.id}`);
  const totals = page.getByRole('heading', { level: 2, name: `${today} to ${today}` }).locator('xpath=..');
  await expect(totals.getByRole('definition').nth(0)).toHaveText(String(after.views), { timeout: 30_000 });
  await expect(totals.getByRole('definition').nth(4)).toHaveText(String(after.purchases));
  await expect(totals.getByRole('definition').nth(6)).toHaveText('$299.00');
  await expect(page.getByRole('table', { name: 'By service' })).toContainText(title);
});
