import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { sessionQueryKey, type SessionAnswer } from '../../lib/session';
import { sessionAnswer } from '../../test/session';
import { STORAGE_KEYS } from '../../lib/storage';
import { LanguagePicker } from './LanguagePicker';

const { profile, session } = sessionAnswer();

function renderPicker(answer: SessionAnswer | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(sessionQueryKey, answer);
  render(
    <QueryClientProvider client={queryClient}>
      <LanguagePicker />
    </QueryClientProvider>,
  );
}

describe('F-APP-06 language picker', () => {
  let reload: ReturnType<typeof vi.fn>;
  let patches: unknown[];
  beforeEach(() => {
    reload = vi.fn();
    vi.spyOn(browser, 'reload').mockImplementation(reload as () => void);
    patches = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
        if (req.method === 'PATCH' && new URL(req.url).pathname === '/api/profile') {
          const body = (await req.json()) as Record<string, unknown>;
          patches.push(body);
          return new Response(JSON.stringify({ ...profile, ...body }), { status: 200, headers: { 'Content-Type': 'application/json' } });
        }
        return new Response(JSON.stringify({ code: 'not_found', message: 'not found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });
  afterEach(() => window.localStorage.removeItem(STORAGE_KEYS.language));

  it('a signed-in choice is stored in the browser and in the profile, then the page reloads', async () => {
    renderPicker({ profile, session });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(patches).toEqual([{ preferred_language: 'es' }]);
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('es');
  });

  it("a visitor's choice is stored in the browser only", async () => {
    renderPicker(null);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(patches).toEqual([]);
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('fr');
  });
});
