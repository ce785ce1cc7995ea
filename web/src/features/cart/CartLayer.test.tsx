import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addCoPayEvent, PENDING_CART_ITEM_KEY, savePendingCartItem } from '../../lib/cart';
import { requestPurchase } from '../../lib/purchase';
import { renderApp } from '../../test/render';
import { coPayItemOf } from './CartLayer';
import { serviceDetailQuery } from '../../lib/api/service-detail';
import { AGENT_PROFILE, cartOf, fakeServer, line, SERVICE_DETAIL, SERVICE_OFFERS, serviceOffer } from '../../test/cart';

const request = { serviceId: 'svc-1', serviceName: 'NestFlow CRM', mode: 'add' as const, shownPriceCents: 12900 };

async function signedInApp() {
  const r = await renderApp('/orders');
  await screen.findByRole('button', { name: /^Cart, \d+ items?$/ }, { timeout: 5000 });
  return r;
}

describe('F-PAY-04 F-PAY-03 purchase requests of a signed-in agent', { timeout: 20_000 }, () => {
  it('opens Choose Your Payment Option; Pay Retail Price adds at the retail price, toasts and opens the drawer', async () => {
    const seen = fakeServer(true, {
      'GET /api/cart': () => ({ body: cartOf([]) }),
      'GET /api/services/svc-1/offers': () => ({ body: SERVICE_OFFERS }),
      'POST /api/cart/items': () => ({ body: cartOf([line()], 'added') }),
    });
    await signedInApp();
    act(() => requestPurchase(request));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Payment Option' }, { timeout: 5000 });
    const retail = await within(dialog).findByRole('button', { name: /Pay Retail Price/ });
    expect(within(dialog).getByRole('button', { name: /Pay Circle Pro Price/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /Pay with Agent Points/ })).toHaveTextContent('1000+ Points');
    await userEvent.click(retail);
    await waitFor(() => expect(seen.find((s) => s.method === 'POST' && s.path === '/api/cart/items')?.body).toEqual({ service_id: 'svc-1', price_cents: 12900, coverage: 'retail' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    const cart = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(cart).getByText('NestFlow CRM', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  // Issue 26 item 4: a purchase from a card reads the light offers answer, never the detail
  // answer (its reviews, related services and the funnel view it records).
  it('reads the light offers operation and not the service detail', async () => {
    const seen = fakeServer(true, {
      'GET /api/cart': () => ({ body: cartOf([]) }),
      'GET /api/services/svc-1/offers': () => ({ body: SERVICE_OFFERS }),
      'GET /api/services/svc-1': () => ({ body: SERVICE_DETAIL }),
    });
    await signedInApp();
    act(() => requestPurchase(request));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Payment Option' }, { timeout: 5000 });
    expect(await within(dialog).findByRole('button', { name: /Pay Retail Price/ })).toBeEnabled();
    const gets = seen.filter((s) => s.method === 'GET' && s.path.startsWith('/api/services/')).map((s) => s.path);
    expect(gets).toEqual(['/api/services/svc-1/offers']);
  });

  it('a purchase from the detail page reads the offers its cached detail answer carries: no request', async () => {
    const seen = fakeServer(true, { 'GET /api/cart': () => ({ body: cartOf([]) }) });
    const { queryClient } = await signedInApp();
    queryClient.setQueryData(serviceDetailQuery('svc-1', AGENT_PROFILE.user_id).queryKey, SERVICE_DETAIL as never);
    act(() => requestPurchase(request));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Payment Option' }, { timeout: 5000 });
    expect(await within(dialog).findByRole('button', { name: /Pay Retail Price/ })).toBeEnabled();
    expect(seen.filter((s) => s.path.startsWith('/api/services/'))).toEqual([]);
  });

  it('F-PAY-01 shows "Price Validation Failed" when the server refuses the price', async () => {
    fakeServer(true, {
      'GET /api/cart': () => ({ body: cartOf([]) }),
      'GET /api/services/svc-1/offers': () => ({ body: SERVICE_OFFERS }),
      'POST /api/cart/items': () => ({
        status: 400,
        body: { code: 'invalid', message: 'Price mismatch detected. Please refresh and try again.', fields: [{ field: 'price_cents', key: ['cart', 'price_validation_failed'].join('.'), message: 'x' }] },
      }),
    });
    await signedInApp();
    act(() => requestPurchase(request));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Payment Option' }, { timeout: 5000 });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Pay Retail Price/ }));
    expect(await screen.findByText('Price Validation Failed')).toBeInTheDocument();
    expect(screen.getByText('Price mismatch detected. Please refresh and try again.')).toBeInTheDocument();
  });

  it('F-PAY-01 a missing price is a Pricing Error and nothing is sent', async () => {
    const seen = fakeServer(true, {
      'GET /api/cart': () => ({ body: cartOf([]) }),
      'GET /api/services/svc-1/offers': () => ({ body: { ...SERVICE_OFFERS, offers: [serviceOffer(0, null)] } }),
    });
    await signedInApp();
    act(() => requestPurchase({ ...request, coverage: 'retail' }));
    expect(await screen.findByText('Pricing Error', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Unable to determine valid price. Please contact support.')).toBeInTheDocument();
    expect(seen.some((s) => s.method === 'POST')).toBe(false);
  });

  it('adds the pending item of a visitor who signed in, then forgets it', async () => {
    savePendingCartItem({ serviceId: 'svc-1', serviceName: 'NestFlow CRM', packageName: '', price: 12900 });
    const seen = fakeServer(true, {
      'GET /api/cart': () => ({ body: cartOf([]) }),
      'POST /api/cart/pending': () => ({ body: cartOf([line({ coverage: '', coverage_status: 'pending-selection', badges: ['needs_coverage_selection'] })], 'added') }),
    });
    await renderApp('/orders');
    expect(await screen.findByText('Added to cart', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(seen.find((s) => s.path === '/api/cart/pending')?.body).toMatchObject({ type: 'service', serviceId: 'svc-1', serviceName: 'NestFlow CRM', packageName: '', price: 12900 });
    expect(window.localStorage.getItem(PENDING_CART_ITEM_KEY)).toBeNull();
    expect(seen.filter((s) => s.path === '/api/cart/pending')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('shows the merged cart even when the cart read that started with the sign-in answers after the merge', async () => {
    savePendingCartItem({ serviceId: 'svc-1', serviceName: 'NestFlow CRM', packageName: '', price: 12900 });
    fakeServer(true, {
      'GET /api/cart': () => ({ body: cartOf([]) }),
      'POST /api/cart/pending': () => ({ body: cartOf([line()], 'added') }),
    });
    // The first cart read (made before the merge was stored) answers only after the merge did.
    const answer = globalThis.fetch;
    let merged!: () => void;
    const mergeAnswered = new Promise<void>((resolve) => (merged = resolve));
    let firstRead = true;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const req = input instanceof Request ? input : new Request(String(input));
      const path = new URL(req.url, window.location.origin).pathname;
      if (req.method === 'GET' && path === '/api/cart' && firstRead) {
        firstRead = false;
        const stale = await answer(req);
        await mergeAnswered;
        return stale;
      }
      const res = await answer(req);
      if (req.method === 'POST' && path === '/api/cart/pending') setTimeout(merged, 0);
      return res;
    });
    await renderApp('/orders');
    expect(await screen.findByText('Added to cart', {}, { timeout: 5000 })).toBeInTheDocument();
    await act(async () => {
      await mergeAnswered;
    });
    expect(await screen.findByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cart, 0 items' })).not.toBeInTheDocument();
  });

  it('drops a pending item the server refuses, with the spec message, after one request', async () => {
    savePendingCartItem({ serviceId: 'svc-1', serviceName: 'NestFlow CRM', packageName: '', price: 12900 });
    const seen = fakeServer(true, {
      'GET /api/cart': () => ({ body: cartOf([]) }),
      'POST /api/cart/pending': () => ({
        status: 400,
        body: { code: 'invalid', message: 'Price mismatch detected. Please refresh and try again.', fields: [{ field: 'price', key: 'cart.price_validation_failed', message: 'x' }] },
      }),
    });
    await renderApp('/orders');
    expect(await screen.findByText('Price Validation Failed', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(window.localStorage.getItem(PENDING_CART_ITEM_KEY)).toBeNull();
    expect(seen.filter((s) => s.path === '/api/cart/pending')).toHaveLength(1);
  });

  it('keeps the pending item when the server fails, for a later try, without retrying now', async () => {
    savePendingCartItem({ serviceId: 'svc-1', serviceName: 'NestFlow CRM', packageName: '', price: 12900 });
    const seen = fakeServer(true, {
      'GET /api/cart': () => ({ body: cartOf([]) }),
      'POST /api/cart/pending': () => ({ status: 503, body: { code: 'unavailable', message: 'down' } }),
    });
    await signedInApp();
    await waitFor(() => expect(seen.filter((s) => s.path === '/api/cart/pending')).toHaveLength(1));
    expect(JSON.parse(window.localStorage.getItem(PENDING_CART_ITEM_KEY) ?? '{}')).toMatchObject({ serviceId: 'svc-1' });
    expect(screen.queryByText('Added to cart')).not.toBeInTheDocument();
  });
});

describe('F-PAY-03 signed-out visitors', { timeout: 20_000 }, () => {
  // Issue 18 item 7: no automatic redirect; the toast offers Sign in / Create account back to here.
  it('keep the pending item, see "Sign in required" with Sign In / Create Account that come back here', async () => {
    fakeServer(false);
    const { router } = await renderApp('/orders');
    await screen.findByText('Please sign in', {}, { timeout: 5000 });
    act(() => requestPurchase(request));
    expect(await screen.findByText('Sign in required')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(PENDING_CART_ITEM_KEY) ?? '{}')).toMatchObject({ serviceId: 'svc-1', price: 12900, packageName: '' });
    expect(router.state.location.pathname).toBe('/orders');
    expect(JSON.parse(window.sessionStorage.getItem('circle-pending-action') ?? '{}')).toMatchObject({ kind: 'cart', serviceId: 'svc-1', returnTo: '/orders' });
    const status = screen.getAllByRole('status').find((el) => within(el).queryByText('Sign in required'));
    expect(status).toBeDefined();
    expect(within(status!).getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    await userEvent.click(within(status!).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/auth?redirect=%2Forders'));
  });
});

describe('F-PAY-03 the cart drawer', { timeout: 20_000 }, () => {
  it('hides quantities for quote items, asks for coverage before checkout and changes quantities on the server', async () => {
    const seen = fakeServer(true, {
      'GET /api/cart': () => ({
        body: cartOf([
          line({ coverage: '', coverage_status: 'pending-selection', badges: ['needs_coverage_selection'] }),
          line({ id: 'line-2', title: 'Moving Concierge', requires_consultation: true, requires_quote: true, quantity_editable: false, price_kind: 'quote', coverage: '', coverage_options: [], badges: ['consultation_required'] }),
        ]),
      }),
      'PATCH /api/cart/items/line-1': () => ({ body: cartOf([line({ quantity: 2, line_total: { ...line().line_total, cents: 25800, display: '$258' } })], 'updated') }),
    });
    await signedInApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 2 items' }));
    const cart = await screen.findByRole('dialog', { name: 'Your cart' });
    await within(cart).findByText('Needs Coverage Selection');
    expect(within(cart).getByText('Consultation Required')).toBeInTheDocument();
    expect(within(cart).queryByRole('button', { name: 'Increase quantity of Moving Concierge' })).not.toBeInTheDocument();

    await userEvent.click(within(cart).getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Coverage Selection Required')).toBeInTheDocument();
    expect(seen.some((s) => s.path === '/api/checkout')).toBe(false);

    await userEvent.click(within(cart).getByRole('button', { name: 'Increase quantity of NestFlow CRM' }));
    await waitFor(() => expect(seen.find((s) => s.method === 'PATCH')?.body).toEqual({ quantity: 2 }));
    expect(await screen.findByText('Updated cart')).toBeInTheDocument();
    expect(await within(cart).findByTestId('cart-subtotal')).toHaveTextContent('$258');
  });
});

describe('F-PAY-03 the addCoPayToCart event (02§2)', { timeout: 20_000 }, () => {
  it('reads the co-pay item of the event', () => {
    expect(coPayItemOf({ id: 'cp-1', title: 'Postcards', selectedVendor: { name: 'Harbor Lending' }, requestedSplit: 40 })).toEqual({
      id: 'cp-1',
      title: 'Postcards',
      vendor: 'Harbor Lending',
      requestedSplit: 40,
      status: 'pending-approval',
    });
    expect(coPayItemOf(null)).toBeNull();
    expect(coPayItemOf({ vendor: 'x' })).toBeNull();
  });

  it('opens the drawer with the item marked Pending Vendor Approval', async () => {
    fakeServer(true, { 'GET /api/cart': () => ({ body: cartOf([]) }) });
    await signedInApp();
    act(() => {
      addCoPayEvent.emit({ id: 'cp-1', title: 'Postcards', vendor: 'Harbor Lending' });
    });
    const cart = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(await within(cart).findByText('Pending Vendor Approval')).toBeInTheDocument();
    expect(within(cart).getByText('Postcards')).toBeInTheDocument();
  });
});
