import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartQueryKey, openCartEvent } from '../../lib/cart';
import { createQueryClient } from '../../lib/queryClient';
import { getToasts } from '../../lib/toast';
import { cartOf, fakeServer, line, serviceOffer, type SeenRequest } from '../../test/cart';
import { offerFor, useAddOffer, type PurchaseOffer } from './usePurchase';

const offer = (package_id: string, request_names: string[], yearly = false, retail: number | null = 20000): PurchaseOffer => ({
  service_id: 'svc-1',
  package_id,
  request_names,
  yearly,
  quote: false,
  retail_price_cents: retail,
  pro_price_cents: null,
  default_coverage: 'retail',
  coverage_options: [],
});

const offers = [offer('', ['']), offer('pkg-1', ['growth', 'pkg-1']), offer('pkg-1', ['growth', 'pkg-1'], true, 192000), offer('pro', ['circle pro'])];
const request = { serviceId: 'svc-1', serviceName: 'CRM', mode: 'add' as const };

describe('F-PAY-02 the server offer a purchase request names', () => {
  it('is looked up by the trimmed, lower-cased package name; the service itself otherwise', () => {
    expect(offerFor(offers, request)?.package_id).toBe('');
    expect(offerFor(offers, { ...request, packageName: ' Growth ' })).toMatchObject({ package_id: 'pkg-1', yearly: false });
    expect(offerFor(offers, { ...request, packageName: 'Circle Pro' })?.package_id).toBe('pro');
    expect(offerFor(offers, { ...request, packageName: 'Enterprise' })?.package_id).toBe('');
  });

  it('is the yearly offer only when the request showed its price', () => {
    expect(offerFor(offers, { ...request, packageName: 'growth', shownPriceCents: 192000 })).toMatchObject({ yearly: true, retail_price_cents: 192000 });
    expect(offerFor(offers, { ...request, packageName: 'growth', shownPriceCents: 20000 })).toMatchObject({ yearly: false });
  });
});

describe('F-PAY-03 F-PAY-04 adding an offer through the cart mutations', () => {
  const added = cartOf([line()], 'added');

  function renderAddOffer(mode: 'add' | 'buy_now') {
    const queryClient = createQueryClient();
    const onDone = vi.fn();
    const opened = vi.fn();
    const offOpen = openCartEvent.on(opened);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const hook = renderHook(() => useAddOffer({ serviceId: 'svc-1', serviceName: 'NestFlow CRM', mode }, onDone), { wrapper });
    return { ...hook, queryClient, onDone, opened, offOpen };
  }

  const posts = (seen: SeenRequest[], path: string) => seen.filter((s) => s.method === 'POST' && s.path === path);
  const lastToast = () => getToasts()[0];

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('Add to Cart stores the answered cart, toasts Added to cart, then opens the drawer', async () => {
    const seen = fakeServer(true, { 'POST /api/cart/items': () => ({ body: added }) });
    const { result, queryClient, onDone, opened, offOpen } = renderAddOffer('add');
    await act(() => result.current.add(serviceOffer(), 'retail'));
    expect(posts(seen, '/api/cart/items').map((s) => s.body)).toEqual([{ service_id: 'svc-1', price_cents: 12900, coverage: 'retail' }]);
    expect(queryClient.getQueryData(cartQueryKey)).toEqual(added);
    expect(lastToast()).toMatchObject({ title: 'Added to cart', variant: 'success' });
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(false);
    offOpen();
  });

  it('a refused add is sent once (not retried), shows the server message and keeps the dialog open', async () => {
    const seen = fakeServer(true, {
      'POST /api/cart/items': () => ({
        status: 400,
        body: { code: 'invalid', message: 'Price mismatch detected. Please refresh and try again.', fields: [{ field: 'price_cents', key: 'cart.price_validation_failed', message: 'x' }] },
      }),
    });
    const { result, queryClient, onDone, opened, offOpen } = renderAddOffer('add');
    await act(() => result.current.add(serviceOffer(), 'retail'));
    expect(posts(seen, '/api/cart/items')).toHaveLength(1);
    expect(queryClient.getQueryData(cartQueryKey)).toBeUndefined();
    expect(lastToast()).toMatchObject({ title: 'Price Validation Failed', description: 'Price mismatch detected. Please refresh and try again.', variant: 'error' });
    expect(onDone).not.toHaveBeenCalled();
    expect(opened).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(false);
    offOpen();
  });

  it('a missing price is a Pricing Error and sends nothing', async () => {
    const seen = fakeServer(true);
    const { result, onDone, offOpen } = renderAddOffer('add');
    await act(() => result.current.add(serviceOffer(null, null), 'retail'));
    expect(seen.some((s) => s.method === 'POST')).toBe(false);
    expect(lastToast()).toMatchObject({ title: 'Pricing Error', description: 'Unable to determine valid price. Please contact support.' });
    expect(onDone).not.toHaveBeenCalled();
    offOpen();
  });

  it('Buy Now adds, then starts checkout once: Redirecting toast, hosted page in the same tab, the cart read again', async () => {
    const open = vi.fn(() => ({ opener: window }) as unknown as Window);
    vi.stubGlobal('open', open);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const seen = fakeServer(true, {
      'POST /api/cart/items': () => ({ body: added }),
      'POST /api/checkout': () => ({ body: { url: '/checkout/test/cs_1', session_id: 'cs_1', held_back: [], order: { status: 'pending', points_used: 0 } } }),
    });
    const { result, queryClient, onDone, opened, offOpen } = renderAddOffer('buy_now');
    await act(() => result.current.add(serviceOffer(), 'retail'));
    expect(seen.filter((s) => s.method === 'POST').map((s) => s.path)).toEqual(['/api/cart/items', '/api/checkout']);
    // The payment page is asked for in the language the buyer reads.
    expect(seen.find((s) => s.path === '/api/checkout')?.search).toBe('?lang=en');
    expect(lastToast()).toMatchObject({ title: 'Redirecting to checkout', variant: 'success' });
    // Issue 18: checkout opens in the same tab (a new tab left the old one showing the cart).
    expect(assign).toHaveBeenCalledWith('/checkout/test/cs_1');
    expect(open).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(cartQueryKey)?.isInvalidated).toBe(true);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(opened).not.toHaveBeenCalled();
    offOpen();
  });

  // Issue 28 item 13: a subscription already in the cart is not made x 2.
  const already = { status: 409, body: { code: 'conflict', message: 'Already in your cart', fields: [{ field: 'service_id', key: 'cart.already_in_cart', message: 'x' }] } };

  it('Add to Cart of a subscription already in the cart says so and lets the agent open the cart or keep it', async () => {
    fakeServer(true, { 'POST /api/cart/items': () => already });
    const { result, onDone, opened, offOpen } = renderAddOffer('add');
    await act(() => result.current.add(serviceOffer(), 'retail'));
    const toast = lastToast();
    expect(toast).toMatchObject({ title: 'Already in your cart' });
    expect(toast?.description).toContain('NestFlow CRM is a subscription billed by the month or year');
    expect(toast?.actions?.map((a) => a.label)).toEqual(['View cart', 'Keep it as it is']);
    expect(opened).not.toHaveBeenCalled();
    act(() => toast?.actions?.[0]?.onClick());
    expect(opened).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalled();
    offOpen();
  });

  it('Buy Now of a subscription already in the cart checks the cart out', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const seen = fakeServer(true, {
      'POST /api/cart/items': () => already,
      'POST /api/checkout': () => ({ body: { url: '/checkout/test/cs_1', session_id: 'cs_1', held_back: [], order: { status: 'pending', points_used: 0 } } }),
    });
    const { result, offOpen } = renderAddOffer('buy_now');
    await act(() => result.current.add(serviceOffer(), 'retail'));
    expect(posts(seen, '/api/checkout')).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('/checkout/test/cs_1');
    offOpen();
  });

  it('a failed checkout is sent once and shows the server message as Checkout Error', async () => {
    vi.stubGlobal('open', vi.fn());
    const seen = fakeServer(true, {
      'POST /api/cart/items': () => ({ body: added }),
      'POST /api/checkout': () => ({ status: 409, body: { code: 'conflict', message: 'Your cart is empty.' } }),
    });
    const { result, onDone, offOpen } = renderAddOffer('buy_now');
    await act(() => result.current.add(serviceOffer(), 'retail'));
    expect(posts(seen, '/api/checkout')).toHaveLength(1);
    expect(lastToast()).toMatchObject({ title: 'Checkout Error', description: 'Your cart is empty.', variant: 'error' });
    expect(window.open).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledTimes(1);
    offOpen();
  });

  it('Buy Now of a quote offer adds it without price or coverage and skips payment', async () => {
    const seen = fakeServer(true, { 'POST /api/cart/items': () => ({ body: added }) });
    const { result, onDone, opened, offOpen } = renderAddOffer('buy_now');
    await act(() => result.current.add({ ...serviceOffer(null, null), quote: true }, null));
    expect(seen.filter((s) => s.method === 'POST').map((s) => [s.path, s.body])).toEqual([['/api/cart/items', { service_id: 'svc-1' }]]);
    expect(lastToast()).toMatchObject({ title: 'Added to cart' });
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenCalledTimes(1);
    offOpen();
  });
});
