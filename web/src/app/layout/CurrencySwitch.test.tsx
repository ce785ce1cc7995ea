import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_CURRENCY_ID, resetPageCurrencyForTests } from '../../lib/currency';
import { sessionQueryKey, type SessionAnswer } from '../../lib/session';
import { useMoney } from '../../lib/useMoney';
import { pageWithData } from '../../test/pageData';
import { sessionAnswer } from '../../test/session';
import { CurrencySwitch } from './CurrencySwitch';

function Price({ cents }: { cents: number }) {
  const money = useMoney();
  return <p data-testid="price">{money(cents)}</p>;
}

function renderSwitch(answer: SessionAnswer | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(sessionQueryKey, answer);
  render(
    <QueryClientProvider client={queryClient}>
      <CurrencySwitch />
      <Price cents={225_00} />
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// F-APP-06: the USD/CAD switch shows the server's choice, sends a change to the server and
// shows prices in the currency the server answers (it never picks the currency itself).
describe('F-APP-06 currency switch', () => {
  let state: { choice: string; currency: string };
  let puts: unknown[];
  let failPut: boolean;
  beforeEach(() => {
    state = { choice: 'auto', currency: 'USD' };
    puts = [];
    failPut = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
        const path = new URL(req.url).pathname;
        if (path === '/api/currency' && req.method === 'PUT') {
          const body = (await req.json()) as { choice: string };
          puts.push(body);
          if (failPut) return json({ code: 'internal', message: 'down' }, 500);
          state = { choice: body.choice, currency: body.choice === 'auto' ? 'USD' : body.choice };
        }
        if (path === '/api/currency') {
          return json({ ...state, usd_to_cad_rate_e4: 13800, stored_on_profile: false });
        }
        return json({ code: 'not_found', message: 'not found' }, 404);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a visitor switches to CAD: the server stores it and prices show C$', async () => {
    renderSwitch(null);
    const select = screen.getByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('auto');
    expect(screen.getByRole('option', { name: 'Auto (US$)' })).toBeInTheDocument();
    expect(screen.getByTestId('price')).toHaveTextContent('$225');
    await userEvent.selectOptions(select, 'CAD');
    expect(puts).toEqual([{ choice: 'CAD' }]);
    await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('≈ C$311'));
    expect(select).toHaveValue('CAD');
  });

  it('a member whose server answers CAD sees C$ without choosing', async () => {
    state = { choice: 'auto', currency: 'CAD' };
    renderSwitch(sessionAnswer({ state: '', preferred_language: 'fr' }));
    await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('C$311'));
    expect(screen.getByRole('option', { name: 'Auto (C$)' })).toBeInTheDocument();
  });

  it('a failed change is announced and the choice stays', async () => {
    failPut = true;
    renderSwitch(null);
    const select = screen.getByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.selectOptions(select, 'CAD');
    expect(await screen.findByRole('alert')).toHaveTextContent('The currency could not be changed');
    expect(select).toHaveValue('auto');
    expect(screen.getByTestId('price')).toHaveTextContent('$225');
  });

  it("a visitor's server-rendered page carries CAD: the first render prices in C$, without asking again", async () => {
    // What internal/httpapi/first_screen_money.go writes beside a first screen priced in C$.
    const view = { choice: 'CAD', currency: 'CAD', usd_to_cad_rate_e4: 13800, stored_on_profile: false };
    const el = pageWithData(PAGE_CURRENCY_ID, 'en', JSON.stringify(view)).getElementById(PAGE_CURRENCY_ID)!;
    document.body.append(el);
    resetPageCurrencyForTests();
    try {
      renderSwitch(null);
      expect(screen.getByTestId('price')).toHaveTextContent('≈ C$311');
      expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('CAD');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD');
      await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('$225'));
      const calls = vi.mocked(fetch).mock.calls.map(([input, init]) => `${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${String(input instanceof Request ? input.url : input)}`);
      expect(calls.filter((c) => c.includes('/api/currency'))).toEqual([expect.stringMatching(/^PUT /)]);
    } finally {
      el.remove();
    }
  });
});
