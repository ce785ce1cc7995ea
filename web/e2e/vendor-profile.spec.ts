import { DEMO_PASSWORD, signInThroughForm } from './auth-helpers';
import { CLOSINGBELL_ID, funnel, openFunnel } from './detail-helpers';
import { expect, test } from './support/fixtures';

// Serial: both widths change the same vendor's primary representative on the shared server.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

// Issue 30 items 2 and 4 (F-AREA-01, F-ENG-06): vendor@demo.test adds a representative in the
// Representatives tab of /vendor-dashboard and makes them primary; an agent opening the
// service's vendor modal sees them first in the representative picker. Then the vendor adds a
// product with the Add New Product dialog: a validation error first, then success (an inactive
// draft in the Services tab). At 1366 px and 390 px, with axe on each screen. The shared
// server's primary representative is put back by removing the new one.
for (const width of [1366, 390]) {
  test(`F-AREA-01 F-ENG-06 representatives, primary, picker and Add New Product at ${width} px`, async ({ page, browser, baseURL, axe }) => {
    // The header's account menu is checked at the desktop width; the screens at the test's width.
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInThroughForm(page, 'vendor@demo.test', DEMO_PASSWORD, 'Nicole Bradford');
    await page.setViewportSize({ width, height: 900 });
    const run = `${width}-${Date.now().toString(36)}`;
    const name = `Jordan Reyes ${run}`;
    let repId = '';
    try {
      await page.goto('/vendor-dashboard?tab=representatives');
      await expect(page.getByRole('tab', { name: 'Representatives' })).toHaveAttribute('aria-selected', 'true');
      const list = page.getByRole('list', { name: 'Your representatives' });
      await expect(list.getByRole('listitem').first()).toContainText('Primary');
      await axe(page);

      await page.getByRole('button', { name: 'Add representative' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add representative' });
      await dialog.getByRole('textbox', { name: /^Name/ }).fill('J');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
      await axe(page, { include: '[role=dialog]' });
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
      await dialog.getByRole('textbox', { name: /^Title/ }).fill('Senior Transaction Coordinator');
      await dialog.getByRole('textbox', { name: /Licence number/ }).fill('TC-44812');
      await dialog.getByRole('combobox', { name: /Licence state/ }).selectOption('NC');
      const added = page.waitForResponse((r) => r.url().endsWith('/api/vendor/profiles/ven-closingbell/representatives') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Save' }).click();
      repId = ((await (await added).json()) as { id: string }).id;
      await expect(dialog).toBeHidden();
      await expect(list.getByRole('listitem').filter({ hasText: name })).toBeVisible();

      await page.getByRole('button', { name: `Make ${name} the primary representative` }).click();
      await expect(list.getByRole('listitem').first()).toContainText(name);
      await expect(list.getByRole('listitem').first()).toContainText('Primary');
      await expect(list.getByText('Primary', { exact: true })).toHaveCount(1);

      // An agent's representative picker shows the new primary first.
      const agentContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
      const agent = await agentContext.newPage();
      await signInThroughForm(agent, 'agent@demo.test', DEMO_PASSWORD, 'Jordan Avery');
      await agent.setViewportSize({ width, height: 900 });
      await openFunnel(agent, CLOSINGBELL_ID);
      await funnel(agent).getByTestId('vendor-card').getByRole('button', { name: 'Learn More' }).click();
      const modal = agent.getByRole('dialog', { name: 'ClosingBell Transaction Services', exact: true });
      const picker = modal.getByTestId('rep-picker');
      await expect(picker.getByText(name).first()).toBeVisible();
      await expect(picker.getByText('Primary', { exact: true })).toBeVisible();
      await agentContext.close();

      // Add New Product: the spec's messages first, then a draft in the Services tab.
      await page.goto('/vendor-dashboard?tab=services');
      await page.getByRole('button', { name: 'Add New Product' }).click();
      const product = page.getByRole('dialog', { name: 'Add New Product' });
      await product.getByRole('button', { name: 'Add Product' }).click();
      await expect(product.getByText('Product Title is required')).toBeVisible();
      await expect(product.getByText('Location (City, State) is required')).toBeVisible();
      await product.getByRole('textbox', { name: /Price/ }).fill('12.345');
      await product.getByRole('button', { name: 'Add Product' }).click();
      await expect(product.getByText('Price ($) has invalid format')).toBeVisible();
      await axe(page, { include: '[role=dialog]' });
      const title = `Twilight Photos ${run}`;
      await product.getByRole('textbox', { name: /Product Title/ }).fill(title);
      await product.getByRole('textbox', { name: /Description/ }).fill('Dusk exterior photos delivered in 24 hours.');
      await product.getByRole('textbox', { name: /Price/ }).fill('249');
      await product.getByRole('combobox', { name: /Category/ }).selectOption({ label: 'Photography' });
      await product.getByRole('textbox', { name: /Location/ }).fill('Raleigh, NC');
      await product.getByRole('button', { name: 'Add Product' }).click();
      await expect(page.getByText('Product added successfully!')).toBeVisible();
      await expect(product).toBeHidden();
      const row = page.getByRole('list', { name: 'Your services' }).getByTestId('vendor-service-row').filter({ hasText: title });
      await expect(row).toContainText('Inactive');
      await expect(row).toContainText('$249');
    } finally {
      if (repId) expect((await page.request.delete(`/api/vendor/representatives/${repId}`)).status()).toBe(200);
    }
  });
}

test('F-AREA-01 the Questions and Profile tabs at 390 px', async ({ page, axe }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInThroughForm(page, 'vendor@demo.test', DEMO_PASSWORD, 'Nicole Bradford');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/vendor-dashboard?tab=questions');
  const questions = page.getByRole('list', { name: 'Your evaluation questions' });
  await expect(questions.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText('Answered on your funnel page with your latest reviews.')).toBeVisible();
  await axe(page);
  await page.goto('/vendor-dashboard?tab=profile');
  await expect(page.getByRole('textbox', { name: /Company name/ })).toHaveValue(/ClosingBell/);
  await expect(page.getByRole('heading', { name: "Changed with Circle's approval" })).toBeVisible();
  await page.getByRole('textbox', { name: /Website/ }).fill('closingbell.example');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Invalid URL format')).toBeVisible();
  await axe(page);
});
