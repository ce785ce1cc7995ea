import { expect, freshAgent, paidNestFlowOrder } from './cart-helpers';
import { test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

test('F-HELP-01 the contact page creates a ticket the member follows', async ({ page }) => {
  const email = await freshAgent(page, 'contact');
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Send a message' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Subject is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  await expect(form.getByText(`Leave empty and we will answer at ${email}.`)).toBeVisible();
  await form.getByRole('textbox', { name: /Subject/ }).fill('Invoice for my March order');
  await form.getByRole('textbox', { name: /Message/ }).fill('Please send me a copy of the invoice.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Message sent')).toBeVisible();
  await expect(form.getByText(`Our support team will reply to ${email} within 24 hours.`)).toBeVisible();
  const mine = page.getByTestId('support-tickets');
  await expect(mine.getByText('Invoice for my March order')).toBeVisible();
  await expect(mine.getByText('Open', { exact: true })).toBeVisible();
});

test('F-HELP-01 the help widget searches the FAQ on any page', async ({ page }) => {
  await page.goto('/marketplace');
  await page.getByRole('button', { name: 'Help' }).click();
  const panel = page.getByRole('dialog', { name: 'How can we help?' });
  await expect(panel.getByTestId('faq-item')).toHaveCount(22);
  await panel.getByRole('searchbox', { name: 'Search the FAQ' }).fill('refund');
  await expect(panel.getByText('How do refunds work?')).toBeVisible();
  const shown = await panel.getByTestId('faq-item').count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(22);
  await panel.getByText('How do refunds work?').click();
  await panel.getByRole('link', { name: 'Read the Refund Policy' }).click();
  await expect(page).toHaveURL(/\/refund-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
});

test('F-AREA-05 a member opens a dispute on their paid order and follows it', async ({ page }) => {
  await freshAgent(page, 'dispute');
  const { number } = await paidNestFlowOrder(page);
  await page.goto('/dispute-resolution');
  await expect(page.getByRole('heading', { level: 1, name: 'Dispute Resolution' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Open a dispute' });
  await section.getByRole('button', { name: 'Open dispute' }).click();
  await expect(section.getByText('Choose the order you want to dispute')).toBeVisible();
  const order = section.getByRole('combobox', { name: /Order/ });
  const value = await order.locator('option', { hasText: number }).getAttribute('value');
  await order.selectOption(value ?? '');
  await section.getByRole('combobox', { name: /Reason/ }).selectOption('not_delivered');
  await section.getByRole('textbox', { name: /What happened/ }).fill('The CRM account was never set up.');
  await section.getByRole('textbox', { name: /Evidence/ }).fill('https://example.com/my-messages');
  await section.getByRole('button', { name: 'Open dispute' }).click();
  await expect(section.getByText('Dispute opened')).toBeVisible();
  const mine = section.getByTestId('support-tickets');
  await expect(mine.getByText(`Dispute for order ${number}`)).toBeVisible();
  await expect(mine.getByText('Open', { exact: true })).toBeVisible();
});
