import { describe, expect, it } from 'vitest';
import { createQueryClient } from './queryClient';

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
