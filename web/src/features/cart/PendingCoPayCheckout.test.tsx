import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCart } from '../../lib/cart';
import { renderApp } from '../../test/render';
import { cartOf, fakeServer, line } from '../../test/cart';

const money = (cents: number) => ({ cents, currency: 'USD' as const, usd_cents: cents, display: `$${Math.round(cents / 100).toLocaleString('en-US')}`, approximate: false });

const ready = line({ id: 'line-ready', title: 'Vacant Home Staging', unit_price: money(180000), line_total: money(180000) });
const waiting = line({
  id: 'line-waiting',
  title: 'HDR Listing Photography',
  coverage: 'copay',
  price_kind: 'copay',
  coverage_status: 'pending-vendor-approval',
  quantity_editable: false,
  badges: ['pending_vendor_approval'],
  unit_price: money(13500),
  line_total: money(13500),
  copay: {
    request_id: 'req-1',
    status: 'pending',
    vendor_name: 'BrightPath Marketing',
    split_percent: 40,
    agent_share: money(13500),
    vendor_share: money(9000),
    decision_note: '',
    active: true,
    pay_now: { coverage: 'pro', unit_price: money(18900), line_total: money(18900) },
  },
});

async function openDrawer(items = [ready, waiting]) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const seen = fakeServer(true, {
    'GET /api/cart': () => ({ body: cartOf(items) }),
    'POST /api/checkout': () => ({
      body: {
        url: '/checkout/test/cs_1',
        session_id: 'cs_1',
        held_back: [{ item_id: 'line-waiting', title: 'HDR Listing Photography', reason: 'copay_pending', explanation: '' }],
        order: { status: 'pending', points_used: 0 },
      },
    }),
  });
  await renderApp('/orders');
  await screen.findByRole('button', { name: /^Cart, \d+ items?$/ }, { timeout: 5000 });
  act(() => openCart());
  const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
  return { seen, assign, drawer };
}

// Issue 28 item 2: one pending co-pay request never freezes checkout; the drawer says, by the
// checkout button and before paying, which line waits and that checkout pays the others.
describe('F-PAY-05 F-PAY-03 a cart line waiting for the vendor', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the waiting line by the checkout button, and checkout pays the ready lines', async () => {
    const { seen, assign, drawer } = await openDrawer();
    const notice = await within(drawer).findByTestId('cart-waiting-notice');
    expect(notice).toHaveTextContent('HDR Listing Photography: asked BrightPath Marketing');
    expect(notice).toHaveTextContent('Checkout pays the other services now');
    const button = within(drawer).getByRole('button', { name: 'Checkout' });
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleDescription(/Waiting for the vendor's co-pay answer/);
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/test/cs_1'));
    const post = seen.find((s) => s.method === 'POST' && s.path === '/api/checkout');
    expect(post?.body).toBeUndefined();
    expect(await screen.findByText(/HDR Listing Photography waits for the vendor's co-pay answer/)).toBeInTheDocument();
  });

  it('pays the waiting line now at the Pro price, withdrawing the request, when the agent chooses', async () => {
    const { seen, assign, drawer } = await openDrawer();
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Pay HDR Listing Photography now at the Pro price ($189) and withdraw the request' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(seen.find((s) => s.method === 'POST' && s.path === '/api/checkout')?.body).toEqual({ withdraw_copay: ['line-waiting'] });
  });

  it('with only a waiting line, says nothing else is ready and offers paying it now', async () => {
    const { drawer } = await openDrawer([waiting]);
    const notice = await within(drawer).findByTestId('cart-waiting-notice');
    expect(notice).toHaveTextContent('Nothing else is ready to pay');
    expect(within(drawer).getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(within(drawer).getByRole('button', { name: /Pay HDR Listing Photography now at the Pro price/ })).toBeEnabled();
  });
});
