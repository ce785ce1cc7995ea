import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartQueryKey } from '../../lib/cart';
import { createQueryClient } from '../../lib/queryClient';
import { cartOf, line } from '../../test/cart';
import { cartQuery, useChangeCart, type CartView } from './api';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

// A cart read answered before a change and landing after it showed the old cart: a removed line
// came back (a browser test saw "Remove" do nothing once). The change's answer wins.
describe('F-PAY-03 a cart change against a cart read in flight', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the removed line removed when an older cart read lands afterwards', async () => {
    const before = cartOf([line({ id: 'l1', title: 'NestFlow' }), line({ id: 'l2', title: 'Moving' })]);
    const after = cartOf([line({ id: 'l1', title: 'NestFlow' })], 'removed');
    let answerRead = () => {};
    const readAnswered = new Promise<void>((r) => {
      answerRead = r;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      if (req.method === 'DELETE') return json(after);
      await readAnswered;
      return json(before);
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(cartQueryKey, before);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useChangeCart(), { wrapper });

    // A read starts (the cart drawer's refetch), then the remove is answered first.
    const read = queryClient.fetchQuery({ ...cartQuery(true), staleTime: 0 });
    await act(async () => {
      await result.current.mutateAsync({ kind: 'remove', id: 'l2' });
    });
    answerRead();
    await read.catch(() => undefined);
    await waitFor(() => expect(queryClient.getQueryData<CartView>(cartQueryKey)?.items?.map((i) => i.id)).toEqual(['l1']));
  });
});
