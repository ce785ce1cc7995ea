import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient, refetchAfterWrite, useSendOnce } from './queryClient';

describe('F-APP-01 data cache defaults (spec 01§9)', () => {
  it('fresh 2 min, kept 5 min, 2 query retries, 1 mutation retry, no refetch on focus, refetch on reconnect', () => {
    const d = createQueryClient().getDefaultOptions();
    expect(d.queries).toMatchObject({
      staleTime: 120_000,
      gcTime: 300_000,
      retry: 2,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
    });
    expect(d.mutations).toMatchObject({ retry: 1 });
  });
});

describe('refetchAfterWrite', () => {
  // The first read, sent before a write, answers after it: a plain invalidation would join that
  // read and keep its stale answer; refetchAfterWrite reads again.
  it('reads again when the first read is still in flight', async () => {
    const qc = createQueryClient();
    let calls = 0;
    let releaseFirst: (v: string[]) => void = () => {};
    const first = new Promise<string[]>((r) => (releaseFirst = r));
    const read = () => {
      calls += 1;
      return calls === 1 ? first : Promise.resolve(['written']);
    };
    const observer = new QueryObserver(qc, { queryKey: ['k'], queryFn: read });
    const unsubscribe = observer.subscribe(() => {});
    const done = refetchAfterWrite(qc, ['k']);
    releaseFirst([]);
    await done;
    expect(calls).toBe(2);
    expect(qc.getQueryData(['k'])).toEqual(['written']);
    unsubscribe();
  });
});

describe('useSendOnce', () => {
  function setup(...stale: string[][]) {
    const qc = createQueryClient();
    for (const key of [['a', 1], ['b'], ['c']]) qc.setQueryData(key, 'cached');
    let sends = 0;
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const { result } = renderHook(
      () =>
        useSendOnce(async (fail: boolean) => {
          sends += 1;
          if (fail) throw new Error('refused');
          return 'done';
        }, ...stale),
      { wrapper },
    );
    const stalePrefixes = () => [['a', 1], ['b'], ['c']].filter((key) => qc.getQueryState(key)?.isInvalidated).map((key) => key[0]);
    return { result, sends: () => sends, stalePrefixes };
  }

  it('marks stale only the queries under the keys it names, once the write succeeds', async () => {
    const { result, stalePrefixes } = setup(['a'], ['b']);
    await act(() => result.current.mutateAsync(false));
    expect(stalePrefixes()).toEqual(['a', 'b']);
  });

  it('marks every query stale when it names no key', async () => {
    const { result, stalePrefixes } = setup();
    await act(() => result.current.mutateAsync(false));
    expect(stalePrefixes()).toEqual(['a', 'b', 'c']);
  });

  it('sends a failed write once and leaves the cache as it was', async () => {
    const { result, sends, stalePrefixes } = setup(['a']);
    await act(() => expect(result.current.mutateAsync(true)).rejects.toThrow('refused'));
    expect(sends()).toBe(1);
    expect(stalePrefixes()).toEqual([]);
  });
});
