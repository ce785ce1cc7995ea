import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { createQueryClient } from '../../lib/queryClient';
import { getToasts, resetToasts } from '../../lib/toast';
import { PaymentMethodCard } from './PaymentMethodCard';

const userEvent = userEventBase.setup({ delay: null });

const CARD = { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031, provider: 'builtin', updated_at: '2026-11-28T15:00:00Z' };

function serve(initial: { card?: typeof CARD; waiting_charges?: number; waiting_cents?: number }, setupStatus = 200) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let state = { vendor_id: 'ven-1', test_mode: true, waiting_charges: 0, waiting_cents: 0, ...initial };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
      const path = new URL(req.url).pathname;
      const text = req.method === 'POST' ? await req.clone().text() : '';
      calls.push({ method: req.method, path, body: text ? JSON.parse(text) : null });
      let body: unknown = { code: 'not_found', message: 'vendor not found' };
      let status = 404;
      if (path === '/api/vendors/ven-1/payment-method') {
        status = 200;
        if (req.method === 'GET') body = state;
        else if (req.method === 'DELETE') {
          state = { ...state, card: undefined };
          body = state;
        } else if (setupStatus === 200) body = { url: 'http://circle.test/vendor-card/ven-1?lang=en', provider: 'builtin' };
        else {
          status = setupStatus;
          body = { code: 'internal', message: 'boom' };
        }
      }
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function show(entry = '/vendor-dashboard?tab=profile') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <PaymentMethodCard vendorId="ven-1" />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const scrolled = vi.fn();
beforeEach(() => {
  resetToasts();
  scrolled.mockClear();
  // jsdom has no layout, so no scrollIntoView.
  Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, value: scrolled });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
});

describe('F-PAY-07 Payment method card', () => {
  it('explains the charge, shows no card and the charges waiting for one, and opens the setup page in the reader’s language', async () => {
    const calls = serve({ waiting_charges: 2, waiting_cents: 150_00 });
    const go = vi.spyOn(browser, 'goTo').mockImplementation(() => undefined);
    show();
    expect(screen.getByRole('heading', { name: 'Payment method' })).toBeInTheDocument();
    expect(screen.getByText(/Circle charges this card when agents spend Agent Points your company funds/)).toBeInTheDocument();
    expect(await screen.findByText('No card on file')).toBeInTheDocument();
    expect(screen.getByTestId('waiting-charges')).toHaveTextContent('2 point charges ($150) are waiting for a card.');
    expect(screen.getByText('Test mode: only test cards are saved and no real money moves.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(scrolled).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://circle.test/vendor-card/ven-1?lang=en'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/vendors/ven-1/payment-method', body: { lang: 'en' } }]);
  });

  it('shows the card on file with its expiry, and removes it after a confirmation', async () => {
    const calls = serve({ card: CARD });
    show();
    expect(await screen.findByText('Mastercard ending in 4444')).toBeInTheDocument();
    expect(screen.getByTestId('card-on-file')).toHaveTextContent('Expires 03/2031');
    expect(screen.getByRole('button', { name: 'Replace card' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    // Nothing is removed until the owner confirms; Keep card goes back.
    await userEvent.click(screen.getByRole('button', { name: 'Keep card' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('group', { name: /Remove this card\? Point charges fail until you add another one\./ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('No card on file')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(getToasts().map((x) => x.title)).toContain('Card removed');
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeInTheDocument();
  });

  it('back from the hosted page: a success toast, the card, and a clean address', async () => {
    serve({ card: CARD });
    show('/vendor-dashboard?tab=profile&card=saved');
    expect(await screen.findByText('Mastercard ending in 4444')).toBeInTheDocument();
    expect(getToasts().map((x) => x.title)).toEqual(['Card saved']);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/vendor-dashboard\?tab=profile$/));
    // The card comes into view, its heading focused, below the long profile form on a phone.
    expect(screen.getByRole('heading', { name: 'Payment method' })).toHaveFocus();
    expect(scrolled).toHaveBeenCalledTimes(1);
    // Removed right after: no card, and no more waiting for one.
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('No card on file')).toBeInTheDocument();
    expect(screen.queryByText('Saving your card...')).not.toBeInTheDocument();
  });

  it('back from Stripe before its webhook saved the card: says it is saving, then shows the card', async () => {
    serve({});
    show('/vendor-dashboard?tab=profile&card=saved');
    expect(await screen.findByText('Saving your card...')).toBeInTheDocument();
    // The webhook lands: the next look finds the card.
    serve({ card: { ...CARD, brand: 'visa', last4: '4242', provider: 'stripe' } });
    expect(await screen.findByText('Visa ending in 4242', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText('Saving your card...')).not.toBeInTheDocument();
  });

  it('back from a canceled page says no card was saved; a setup that fails to open says so', async () => {
    serve({}, 500);
    const go = vi.spyOn(browser, 'goTo').mockImplementation(() => undefined);
    show('/vendor-dashboard?tab=profile&card=canceled');
    expect(await screen.findByText('No card on file')).toBeInTheDocument();
    expect(getToasts().map((x) => x.title)).toEqual(['No card was saved']);
    await userEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    await waitFor(() => expect(getToasts().map((x) => x.title)).toContain('The card page could not be opened. Please try again.'));
    expect(go).not.toHaveBeenCalled();
  });
});
