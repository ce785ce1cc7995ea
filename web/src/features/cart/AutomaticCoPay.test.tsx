import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCartEvent } from '../../lib/cart';
import { requestPurchase } from '../../lib/purchase';
import { getToasts } from '../../lib/toast';
import { renderApp } from '../../test/render';
import { cartOf, fakeServer, line, SERVICE_OFFERS, serviceOffer, type SeenRequest } from '../../test/cart';
import type { PurchaseOffer } from './usePurchase';

const request = { serviceId: 'svc-1', serviceName: 'NestFlow CRM', mode: 'buy_now' as const, shownPriceCents: 12900 };

/** A Pro member's offer: Pro price and co-pay eligible (the server decides, 02§5). */
function proOffer(): PurchaseOffer {
  const o = serviceOffer();
  return {
    ...o,
    default_coverage: 'pro',
    coverage_options: [
      ...(o.coverage_options ?? []).filter((c) => c.coverage !== 'points').map((c) => (c.coverage === 'pro' ? { ...c, eligible: true, locked_reason: undefined } : c)),
      { coverage: 'copay', price_cents: 6450, price: null, points_needed: 0, eligible: true },
    ],
  };
}

const summary = {
  total_available_points: 1500,
  total_dollar_value: 1500,
  allocations: [
    { id: 'a1', vendor_id: 'ven-bell', vendor_name: 'ClosingBell', points: 1000, remaining_points: 1000, usable: true, upcoming: false, status: 'active' },
    { id: 'a2', vendor_id: 'ven-old', vendor_name: 'Expired Co', points: 500, remaining_points: 500, usable: false, upcoming: false, status: 'expired' },
  ],
};

function coPayAnswer(kind: string, fellThrough = false) {
  return {
    success: !fellThrough,
    fell_through: fellThrough,
    replayed: false,
    title: fellThrough ? 'Redirecting to checkout' : kind === 'full_coverage' ? 'Co-Pay Processed!' : 'Co-Pay Request Sent!',
    copay: { id: 'acp-1', coverage_kind: kind, points_used: kind === 'vendor_only' ? 0 : 64, request_cents: kind === 'full_coverage' ? 0 : 3500, request_id: 'cpr-1' },
    breakdown: {},
  };
}

const posts = (seen: SeenRequest[]) => seen.filter((s) => s.method === 'POST').map((s) => s.path);

async function buyWithCoPay(answer: () => { status?: number; body: unknown }) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const seen = fakeServer(true, {
    'GET /api/cart': () => ({ body: cartOf([]) }),
    'GET /api/services/svc-1/offers': () => ({ body: { ...SERVICE_OFFERS, offers: [proOffer()] } }),
    'GET /api/points/summary': () => ({ body: summary }),
    'POST /api/points/copay': answer,
    'POST /api/cart/items': () => ({ body: cartOf([line({ coverage: 'pro' })], 'added') }),
    'POST /api/checkout': () => ({ body: { url: '/checkout/test/cs_1', session_id: 'cs_1', held_back: [], order: { status: 'pending', points_used: 0 } } }),
  });
  await renderApp('/orders');
  await screen.findByRole('button', { name: /^Cart, \d+ items?$/ }, { timeout: 5000 });
  act(() => requestPurchase(request));
  const dialog = await screen.findByRole('dialog', { name: 'Purchase' }, { timeout: 5000 });
  await userEvent.click(await within(dialog).findByRole('radio', { name: /Get Vendor Help \(Co-Pay\)/ }));
  // The partners are the vendors whose usable points the agent holds.
  const partner = await within(dialog).findByRole('combobox', { name: 'Partner covering its share' });
  expect(within(partner).getAllByRole('option').map((o) => o.textContent)).toEqual(['ClosingBell (1,000 points)']);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
  return { seen, assign };
}

describe('F-PAY-04 Buy Now with co-pay runs the co-pay purchase flow (02§4, POST /api/points/copay)', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('partial_coverage: Co-Pay Request Sent!, the cart opens with the pending request, no checkout', async () => {
    const opened = vi.fn();
    const off = openCartEvent.on(opened);
    const { seen } = await buyWithCoPay(() => ({ body: coPayAnswer('partial_coverage') }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Co-Pay Request Sent!', description: 'Co-pay request sent to ClosingBell. Check your cart for updates.' }));
    const sent = seen.find((s) => s.path === '/api/points/copay')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ service_id: 'svc-1', vendor_id: 'ven-bell' });
    expect(String(sent.idempotency_key)).not.toBe('');
    expect(posts(seen)).toEqual(['/api/points/copay']);
    expect(opened).toHaveBeenCalled();
    off();
  });

  it('full_coverage: Co-Pay Processed!, then checkout at the Pro price (the points come off at checkout)', async () => {
    const { seen, assign } = await buyWithCoPay(() => ({ body: coPayAnswer('full_coverage') }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/test/cs_1'));
    expect(posts(seen)).toEqual(['/api/points/copay', '/api/cart/items', '/api/checkout']);
    expect(seen.find((s) => s.path === '/api/cart/items')?.body).toMatchObject({ coverage: 'pro', price_cents: 9900 });
    // Co-Pay Processed! shows first; checkout's Redirecting to checkout replaces it.
    expect(getToasts()[0]).toMatchObject({ title: 'Redirecting to checkout' });
  });

  it.each([
    ['a fall-through (e.g. the partner may cover nothing)', () => ({ body: coPayAnswer('none', true) })],
    ['a server failure', () => ({ status: 500, body: { code: 'internal', message: 'boom' } })],
  ])('%s is logged and normal checkout is attempted (02§8)', async (_name, answer) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { seen, assign } = await buyWithCoPay(answer);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/test/cs_1'));
    expect(posts(seen)).toEqual(['/api/points/copay', '/api/cart/items', '/api/checkout']);
    expect(warn).toHaveBeenCalledWith('co-pay processing failed; normal checkout', expect.anything());
    expect(getToasts().map((t) => t.title)).not.toContain('Co-Pay Request Sent!');
    warn.mockRestore();
  });
});
