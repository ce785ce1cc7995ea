import { QueryClient, useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';

/** Data cache defaults of spec 01§9: fresh 2 min, kept 5 min, 2 query retries, 1 mutation retry. */
export const QUERY_DEFAULTS = {
  staleTime: 2 * 60 * 1000,
  gcTime: 5 * 60 * 1000,
  retry: 2,
  refetchOnWindowFocus: false,
  refetchOnReconnect: true,
} as const;

export const MUTATION_DEFAULTS = { retry: 1 } as const;

/**
 * For the screens' mutations (saves, cart and billing changes...): sent once, as they were before
 * they went through useMutation. A retried POST could repeat a change the server refused (409,
 * 422) or already made when only its answer was lost, and would delay the error toast.
 */
export const SEND_ONCE = { retry: false } as const;

/**
 * A write sent once (SEND_ONCE) that marks stale what it changed: once it succeeds, the queries
 * under each key in stale (every query when it names none) are invalidated, and the mutation
 * succeeds only when the ones on screen have been read again.
 */
export function useSendOnce<TData, TVariables = void>(mutationFn: (variables: TVariables) => Promise<TData>, ...stale: QueryKey[]): UseMutationResult<TData, Error, TVariables> {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn,
    onSuccess: () => (stale.length === 0 ? qc.invalidateQueries() : Promise.all(stale.map((queryKey) => qc.invalidateQueries({ queryKey })))),
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { ...QUERY_DEFAULTS }, mutations: { ...MUTATION_DEFAULTS } },
  });
}

/** The app's one query client (tests make their own with createQueryClient). */
export const queryClient = createQueryClient();

/**
 * Reads a query again after a write that changed it. A plain invalidation is not enough when the
 * query's first read is still in flight: a query without data joins its running fetch instead of
 * starting another, so the answer is the one read before the write (an empty thread list, an
 * empty history). Cancelling that read first makes the invalidation start a fresh one.
 */
export async function refetchAfterWrite(qc: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  await qc.cancelQueries({ queryKey });
  await qc.invalidateQueries({ queryKey });
}
