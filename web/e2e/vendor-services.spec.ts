import { DEMO_PASSWORD, signInThroughForm } from './auth-helpers';
import { publishService, vendorService, vendorServiceBody } from './catalog-helpers';
import { cards, waitForGrid } from './marketplace-helpers';
import { expect, test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

const SERVICE_ID = 'svc-closingbell-listing-coordination'; // owned by vendor@demo.test, $250 one time
const TITLE = 'Listing Coordination & MLS Entry';

// Issue 30 item 2 (F-AREA-01, F-ENG-05): vendor@demo.test opens the Services tab of
// /vendor-dashboard, edits a service's retail price (saved as a draft: the row says so), publishes
// it, and an agent's marketplace shows the new price at once (the one catalogue write path
// announces the change). The shared server's demo price is put back afterwards through the same API.
test('F-AREA-01 F-ENG-05 a vendor edits a price in the Services tab and the marketplace shows it to an agent', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInThroughForm(page, 'vendor@demo.test', DEMO_PASSWORD, 'Nicole Bradford');
  const original = await vendorService(page.request, SERVICE_ID);
  try {
    await page.goto('/vendor-dashboard?tab=services');
    await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
    const row = page.getByRole('list', { name: 'Your services' }).getByTestId('vendor-service-row').filter({ hasText: TITLE });
    await expect(row).toContainText('$250');
    await row.getByRole('button', { name: `Edit ${TITLE}` }).click();
    const form = page.getByRole('form', { name: `Edit ${TITLE}` });
    const retail = form.getByLabel('Retail price ($)');
    await expect(retail).toHaveValue('250');

    // A refused price is named under its field and nothing is saved.
    await retail.fill('-5');
    await form.getByRole('button', { name: 'Save service' }).click();
    await expect(form.getByText('Price cannot be negative')).toBeVisible();
    await expect(retail).toHaveAttribute('aria-invalid', 'true');

    await retail.fill('$265');
    await form.getByRole('button', { name: 'Save service' }).click();
    await expect(page.getByText('Draft saved. Publish it to show it in the marketplace.')).toBeVisible();
    await expect(row).toContainText('$265');
    await expect(row.getByTestId('draft-state')).toContainText('Draft - unpublished changes');
    await row.getByRole('button', { name: `Publish ${TITLE}` }).click();
    await expect(page.getByText('Published: live in the marketplace')).toBeVisible();
    await expect(row.getByTestId('draft-state')).toHaveCount(0);

    // An agent's marketplace shows the new price.
    const agentContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
    const agent = await agentContext.newPage();
    await signInThroughForm(agent, 'agent@demo.test', DEMO_PASSWORD, 'Jordan Avery');
    await agent.goto('/marketplace?q=listing%20coordination');
    await waitForGrid(agent);
    const card = cards(agent).filter({ hasText: TITLE });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('$265');
    await expect(card).not.toContainText('$250');
    await agentContext.close();
  } finally {
    await publishService(page.request, SERVICE_ID, vendorServiceBody(original));
  }
});
