import { DEMO_PASSWORD, signInThroughForm } from './auth-helpers';
import { expect, freshAgent } from './cart-helpers';
import { test } from './support/fixtures';

// Three people on a shared 2-core machine: more time than the default 30 s.
test.describe.configure({ timeout: 120_000 });

// Issue 31 item 9 (F-AREA-04): a member writes to support; support staff answer from the desk with
// a canned answer; the reply is in the outbox (administrators) and on the member's own request.
test('F-AREA-04 answer a ticket and see the reply in the outbox and in the member view', async ({ page, browser }) => {
  const email = await freshAgent(page, 'desk');
  const subject = `Invoice copy ${Date.now()}`;
  const created = await page.request.post('/api/support/tickets', { data: { subject, message: 'Please send my March invoice.', kind: 'help' } });
  expect(created.status(), await created.text()).toBe(201);

  // Support staff: a canned answer, then the queue, the ticket and the reply.
  const staffCtx = await browser.newContext();
  const staff = await staffCtx.newPage();
  await signInThroughForm(staff, 'support@demo.test', DEMO_PASSWORD, 'Priya Natarajan');
  const canned = `Invoices ${Date.now()}`;
  await staff.goto('/support?tab=canned');
  await expect(staff.getByRole('heading', { level: 1, name: 'Support Desk' })).toBeVisible();
  await staff.getByRole('textbox', { name: 'Title', exact: true }).fill(canned);
  await staff.getByRole('textbox', { name: 'Answer', exact: true }).fill('Your invoices are under Billing, then Invoices.');
  await staff.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staff.getByRole('region', { name: 'Canned answers' }).getByText(canned)).toBeVisible();

  await staff.goto(`/support?q=${encodeURIComponent(subject)}`);
  const table = staff.getByRole('table', { name: 'Support tickets' });
  await expect(table.getByRole('link', { name: subject })).toBeVisible();
  await expect(table.getByTestId('sla-badge')).toHaveAttribute('data-state', 'ok');
  await table.getByRole('link', { name: subject }).click();
  await expect(staff.getByText('Please send my March invoice.')).toBeVisible();
  await staff.getByRole('combobox', { name: 'Insert a canned answer' }).selectOption({ label: canned });
  await expect(staff.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('Your invoices are under Billing, then Invoices.');
  await staff.getByLabel('Add an internal note').fill('Checked: one invoice, paid.');
  await staff.getByRole('button', { name: 'Save note' }).click();
  // The saved note (a paragraph), not the box it was typed in, which may still hold the words
  // for a moment.
  const notes = staff.getByRole('region', { name: 'Internal notes' });
  await expect(notes.getByRole('paragraph').filter({ hasText: 'Checked: one invoice, paid.' })).toBeVisible();
  await expect(notes.getByRole('textbox', { name: 'Add an internal note' })).toHaveValue('');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText('Reply sent.')).toBeVisible();
  await expect(staff.getByText('Priya Natarajan (support)')).toBeVisible();
  await staffCtx.close();

  // An administrator finds the reply in the outbox.
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signInThroughForm(admin, 'admin@demo.test', DEMO_PASSWORD, 'Alex Morgan');
  await admin.goto('/admin/outbox');
  await admin.getByLabel('Recipient').fill(email);
  await admin.getByRole('button', { name: 'Filter' }).click();
  const mail = admin.getByRole('article', { name: `Re: ${subject}` });
  await expect(mail).toBeVisible();
  await expect(mail.getByText('support_reply')).toBeVisible();
  await adminCtx.close();

  // The member sees the reply on their own request, and never the internal note.
  await page.goto('/contact');
  await page.getByTestId('support-tickets').getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByTestId('request-reply-staff')).toContainText('Your invoices are under Billing, then Invoices.');
  await expect(page.getByText('Checked: one invoice, paid.')).toHaveCount(0);
});
