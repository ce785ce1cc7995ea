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

for (const width of [1366, 390] as const) {
  test.describe(`F-AREA-03 accounting at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('refund a paid order, see its entries in the ledger and the reconciliation still balance', async ({ page, browser, axe }) => {
      const order = await paidOrder(page, `acct${width}`);

      const adminCtx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
      const admin = await adminCtx.newPage();
      await signIn(admin, 'admin@demo.test');

      // Refunds: find the order by the buyer's e-mail; confirm with a reason.
      await admin.goto(`/admin/accounting?tab=refunds&q=${encodeURIComponent(order.email)}`);
      await expect(admin.getByRole('heading', { level: 1, name: 'Accounting' })).toBeVisible();
      const refund = admin.getByRole('button', { name: `Refund order ${order.number}` });
      await expect(refund).toBeVisible();
      await axe(admin);
      await refund.click();
      const dialog = admin.getByRole('alertdialog', { name: `Refund order ${order.number}?` });
      await expect(dialog.getByText(`$129.00 goes back to ${order.email}`, { exact: false })).toBeVisible();
      await axe(admin);
      await dialog.getByLabel(/Reason for the refund/).fill('Bought twice by mistake');
      await dialog.getByRole('button', { name: 'Refund in full' }).click();
      await expect(toastRegion(admin).getByText('Refunded $129.00.')).toBeVisible();
      await expect(refund).toHaveCount(0);
      // Asked again through the API, the refund changes nothing (idempotent).
      const again = await admin.request.post(`/api/admin/accounting/orders/${order.id}/refund`, { data: { reason: 'again' } });
      expect(((await again.json()) as { replayed: boolean }).replayed).toBe(true);
      // The buyer sees the order refunded.
      const mine = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as { status: string };
      expect(mine.status).toBe('refunded');

      // Ledger: the order's charge and its negative refund, once each.
      await admin.goto(`/admin/accounting?q=${order.id}`);
      const ledger = admin.getByRole('table', { name: 'Ledger' });
      await expect(ledger.getByRole('row').filter({ hasText: '$129.00' })).toHaveCount(2);
      await expect(ledger.getByText('-$129.00')).toHaveCount(1);
      await axe(admin);

      // Reconciliation: run now, everything agrees.
      await admin.getByRole('tab', { name: 'Reconciliation' }).click();
      await admin.getByRole('button', { name: 'Run now' }).click();
      await expect(admin.getByRole('heading', { name: 'Everything agrees: no mismatches' })).toBeVisible();
      await axe(admin);

      // Totals by month.
      await admin.getByRole('tab', { name: 'Totals' }).click();
      await admin.getByLabel('Totals by').selectOption('month');
      await expect(admin).toHaveURL(/grain=month/);
      await expect(admin.getByRole('table', { name: 'Totals' }).getByRole('row').nth(1)).toBeVisible();
      await axe(admin);
      await adminCtx.close();
    });

    test('an agent cannot open the accounting', async ({ page }) => {
      await freshAgent(page, `acctdeny${width}`);
      const res = await page.request.get('/api/admin/accounting/entries');
      expect(res.status()).toBe(403);
    });
  });
}
