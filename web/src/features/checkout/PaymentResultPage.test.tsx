import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { fakeServer } from '../../test/cart';

const money = (cents: number) => ({ cents, currency: 'USD' as const, usd_cents: cents, display: `$${Math.round(cents / 100).toLocaleString('en-US')}`, approximate: false });

function answer(next: { kind: string; service_ids: string[] } | null) {
  return {
    session: { id: 'cs_1', kind: 'order', status: 'complete', order_id: 'ord-1' },
    order: {
      id: 'ord-1',
      number: 'CIR-1',
      status: 'paid',
      total: money(22500),
      items: [{ id: 'it-1', service_id: 'svc-a', title: 'HDR Listing Photography', period: 'one_time' }],
      receipt: { payment_method: 'Card ending 4242' },
    },
    subscription: null,
    next_step: next,
  };
}

async function successPage(next: { kind: string; service_ids: string[] } | null) {
  fakeServer(true, { 'GET /api/checkout/sessions/cs_1': () => ({ body: answer(next) }) });
  await renderApp('/payment-success?session_id=cs_1');
  return screen.findByTestId('purchase-next-step', {}, { timeout: 5000 });
}

// Issue 28 item 1: no dead end after paying: the page goes where the server says.
describe('F-PAY-08 F-ENG-01 the step after paying', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('books the purchased service: its booking page, prefilled for the purchase, with the next one to book', async () => {
    expect(await successPage({ kind: 'book', service_ids: ['svc-a', 'svc-b'] })).toHaveTextContent('redirected to book your onboarding session');
    expect(screen.getByRole('link', { name: 'Book your onboarding session' })).toHaveAttribute('href', '/book-meeting?service=svc-a&from=purchase&order=ord-1&then=svc-b');
  });

  it('goes to My Consultations when the consultation is booked already', async () => {
    expect(await successPage({ kind: 'consultations', service_ids: [] })).toHaveTextContent('already booked');
    expect(screen.getByRole('link', { name: 'Go to My Consultations' })).toHaveAttribute('href', '/consultations');
    expect(screen.queryByRole('link', { name: 'Book your onboarding session' })).toBeNull();
  });

  it('skips the step when nothing is to book: the receipt, no booking link', async () => {
    expect(await successPage({ kind: 'receipt', service_ids: [] })).toHaveTextContent('Your receipt is below');
    expect(screen.getByRole('link', { name: 'View your orders' })).toHaveAttribute('href', '/orders?paid=ord-1');
    expect(screen.queryByRole('link', { name: 'Book your onboarding session' })).toBeNull();
    expect(screen.getByText('CIR-1')).toBeInTheDocument();
  });
});

describe('F-ENG-01 /book-meeting?from=purchase', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('without a service is not a dead end: My Consultations and the orders', async () => {
    fakeServer(true);
    await renderApp('/book-meeting?from=purchase');
    expect(await screen.findByText(/Nothing is left to book for your purchase/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Consultations' })).toHaveAttribute('href', '/consultations');
    expect(screen.queryByText(/Open a service in the marketplace/)).toBeNull();
  });
});
