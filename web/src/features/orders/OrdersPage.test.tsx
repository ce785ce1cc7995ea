import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { fakeServer } from '../../test/cart';
import { paidOrder } from './testFixtures';

const ORDER = paidOrder([{ id: 'oi-1', title: 'NestFlow CRM', vendor: 'NestFlow', coverage: 'retail', quantity: 1 }], {
  number: 'CIR-ABC123XYZ0',
  paid_at: '2026-11-22T10:01:00Z' as string | null,
  payment_method: 'Test card ending in 4242 (test mode: no real payment)',
  test_mode: true,
  tax_note: 'No tax is calculated: buyers and sellers are each responsible for their own taxes.',
});

describe('F-PAY-08 /orders', { timeout: 20_000 }, () => {
  it('lists orders with their status and receipt', async () => {
    fakeServer(true, { 'GET /api/orders': () => ({ body: { orders: [ORDER] } }) });
    await renderApp('/orders');
    const order = await screen.findByRole('article', { name: 'Order CIR-ABC123XYZ0' }, { timeout: 5000 });
    expect(within(order).getByText('Paid')).toBeInTheDocument();
    expect(within(order).getAllByText('$129')[0]).toBeInTheDocument();
    await userEvent.click(within(order).getByText('Receipt'));
    expect(within(order).getByText('Test card ending in 4242 (test mode: no real payment)')).toBeVisible();
  });

  it('hides checkouts that ended unpaid until asked, and shows them without a receipt (issue 14)', async () => {
    const expired = { ...ORDER, id: 'ord-2', number: 'CIR-EXPIRED000', status: 'expired', paid_at: null, receipt: { ...ORDER.receipt, number: 'CIR-EXPIRED000', paid_at: null } };
    fakeServer(true, {
      'GET /api/orders': (req) => ({ body: { orders: req.search.includes('include_ended=true') ? [ORDER, expired] : [ORDER] } }),
    });
    await renderApp('/orders');
    await screen.findByRole('article', { name: 'Order CIR-ABC123XYZ0' }, { timeout: 5000 });
    expect(screen.queryByRole('article', { name: 'Order CIR-EXPIRED000' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show expired and canceled checkouts' }));
    const card = await screen.findByRole('article', { name: 'Order CIR-EXPIRED000' }, { timeout: 5000 });
    expect(within(card).getByText('Expired')).toBeInTheDocument();
    expect(within(card).queryByText('Receipt')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Order CIR-ABC123XYZ0' })).getByText('Receipt')).toBeInTheDocument();
  });

  it('a late payment refunded automatically shows its refund note and no payment date (issue 14)', async () => {
    const note = 'This payment arrived after the checkout had ended, so it was refunded automatically. Refunds reach the original payment method in 3-5 business days.';
    const late = { ...ORDER, status: 'refunded', paid_at: null, receipt: { ...ORDER.receipt, paid_at: null, refund_note: note } };
    fakeServer(true, { 'GET /api/orders': () => ({ body: { orders: [late] } }) });
    await renderApp('/orders');
    const order = await screen.findByRole('article', { name: 'Order CIR-ABC123XYZ0' }, { timeout: 5000 });
    expect(within(order).getByText('Refunded')).toBeInTheDocument();
    await userEvent.click(within(order).getByText('Receipt'));
    expect(within(order).getByText(note)).toBeVisible();
    expect(within(order).queryByText('Paid on')).not.toBeInTheDocument();
    expect(within(order).queryByText('Not paid')).not.toBeInTheDocument();
  });

  it('says what is missing when there are no orders', async () => {
    fakeServer(true);
    await renderApp('/orders');
    expect(await screen.findByText('No orders yet. Services you buy appear here with their receipts.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('F-PAY-08 /payment-success', { timeout: 20_000 }, () => {
  it('confirms the paid order with the onboarding message when the server says a booking is next', async () => {
    fakeServer(true, {
      'GET /api/checkout/sessions/cs_1': () => ({ body: { session: { id: 'cs_1', status: 'complete', kind: 'order' }, order: ORDER, subscription: null, next_step: { kind: 'book', service_ids: ['svc-1'] } } }),
    });
    await renderApp('/payment-success?session_id=cs_1');
    expect(await screen.findByText("Purchase successful! You'll now be redirected to book your onboarding session.", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(screen.getByText('CIR-ABC123XYZ0')).toBeInTheDocument();
  });

  it('/payment-canceled for a membership links back to /pricing', async () => {
    fakeServer(true);
    await renderApp('/payment-canceled?subscription_id=sub-1');
    expect(await screen.findByText('Your Circle Pro membership was not started.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Circle Pro' })).toHaveAttribute('href', '/pricing');
  });
});
