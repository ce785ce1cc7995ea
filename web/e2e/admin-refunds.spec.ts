import type { Page } from '@playwright/test';
import { expect, freshAgent, paidNestFlowOrder, toastRegion } from './cart-helpers';
import { signIn } from './marketplace-helpers';
import { test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

/** A fresh agent buys NestFlow ($129) through the API and the built-in page; its order. */
async function paidOrder(page: Page, tag: string): Promise<{ id: string; number: string; email: string }> {
  const email = await freshAgent(page, tag);
  return { ...(await paidNestFlowOrder(page)), email };
}

test('F-AREA-03 refund part of an order and see the reconciliation still balance', async ({ page, browser, axe }) => {
  const order = await paidOrder(page, 'partrefund');
  const adminCtx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const admin = await adminCtx.newPage();
  await signIn(admin, 'admin@demo.test');

  await admin.goto(`/admin/accounting?tab=refunds&q=${encodeURIComponent(order.email)}`);
  await admin.getByRole('button', { name: `Refund part of order ${order.number}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Refund part of order ${order.number}` });
  await expect(dialog.getByText('Remaining refundable: $129.00 of $129.00.')).toBeVisible();
  await axe(admin);
  // More than what is left is refused before it is sent.
  await dialog.getByLabel('Amount to refund (dollars)').fill('130');
  await dialog.getByLabel(/Reason for the refund/).fill('One photo was missing');
  await dialog.getByRole('button', { name: 'Refund this part' }).click();
  await expect(dialog.getByText('Enter an amount above zero and no more than the remaining refundable.')).toBeVisible();
  await dialog.getByLabel('Amount to refund (dollars)').fill('29.50');
  await dialog.getByRole('button', { name: 'Refund this part' }).click();
  await expect(toastRegion(admin).getByText('Refunded $29.50.')).toBeVisible();

  // The order is still paid, with $99.50 left to refund.
  await admin.getByRole('button', { name: `Refund part of order ${order.number}` }).click();
  await expect(admin.getByRole('dialog').getByText('Remaining refundable: $99.50 of $129.00.')).toBeVisible();
  await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Ledger: the charge and the part's negative refund.
  await admin.goto(`/admin/accounting?q=${order.id}`);
  const ledger = admin.getByRole('table', { name: 'Ledger' });
  await expect(ledger.getByText('-$29.50')).toHaveCount(1);

  // Reconciliation: run now, everything agrees.
  await admin.getByRole('tab', { name: 'Reconciliation' }).click();
  await admin.getByRole('button', { name: 'Run now' }).click();
  await expect(admin.getByRole('heading', { name: 'Everything agrees: no mismatches' })).toBeVisible();
  await adminCtx.close();
});
