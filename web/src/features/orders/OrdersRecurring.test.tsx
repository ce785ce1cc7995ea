import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { fakeServer } from '../../test/cart';
import { paidOrder } from './testFixtures';

const order = (items: { id: string; title: string; period: string }[]) =>
  paidOrder(
    items.map((it) => ({ ...it, vendor: 'NestFlow', coverage: 'retail', quantity: 1 })),
    { number: 'CIR-ABC123XYZ0', paid_at: '2026-11-22T10:01:00Z', payment_method: 'Card (Stripe)', test_mode: false, tax_note: 'No tax.' },
  );

// Issue 14 item 3 (F-PAY-08): an order's monthly and yearly lines say they were charged for the
// first period and renew with the vendor.
describe('F-PAY-08 recurring lines in /orders', { timeout: 20_000 }, () => {
  it('names the first month or year of each recurring line and adds the renewal note', async () => {
    const o = order([
      { id: 'oi-1', title: 'NestFlow CRM', period: 'month' },
      { id: 'oi-2', title: 'Listing Site', period: 'year' },
      { id: 'oi-3', title: 'HDR Photos', period: 'one_time' },
    ]);
    fakeServer(true, { 'GET /api/orders': () => ({ body: { orders: [o] } }) });
    await renderApp('/orders');
    const card = await screen.findByRole('article', { name: 'Order CIR-ABC123XYZ0' }, { timeout: 5000 });
    const lines = within(card).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('NestFlow CRM · NestFlow · Retail price · first month');
    expect(lines[1]).toHaveTextContent('Listing Site · NestFlow · Retail price · first year');
    expect(lines[2]).not.toHaveTextContent('first');
    expect(within(card).getByText('Monthly and yearly services renew with the vendor: Circle charged the first month or year only.')).toBeInTheDocument();
  });

  it('has no renewal note for one-time lines or orders made before periods were kept', async () => {
    fakeServer(true, { 'GET /api/orders': () => ({ body: { orders: [order([{ id: 'oi-1', title: 'HDR Photos', period: 'one_time' }, { id: 'oi-2', title: 'Old line', period: '' }])] } }) });
    await renderApp('/orders');
    const card = await screen.findByRole('article', { name: 'Order CIR-ABC123XYZ0' }, { timeout: 5000 });
    expect(within(card).queryByText(/renew with the vendor/)).not.toBeInTheDocument();
  });
});
