import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, refetchAfterWrite } from './queryClient';

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
