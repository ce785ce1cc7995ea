import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';

/** Cache health for admins, polled every 60 s (03§9). */
export const CACHE_HEALTH_POLL_MS = 60_000;

export function cacheHealthQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ['marketplace', 'admin', 'cache'] as const,
    queryFn: () => unwrap(api.GET('/api/admin/marketplace/cache')),
    refetchInterval: CACHE_HEALTH_POLL_MS,
    staleTime: CACHE_HEALTH_POLL_MS,
    enabled,
  });
}

const cacheHealthKey = cacheHealthQuery(true).queryKey;

/**
 * After an admin change, the page reads everything again: its data first, then the cache health.
 * Reading the data rebuilds a cleared cache, so the badge read after it shows what the cache is
 * now rather than whichever of the two requests happened to answer first.
 */
async function rereadMarketplace(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: ['marketplace'], predicate: (query) => query.queryKey[1] !== cacheHealthKey[1] });
  await queryClient.invalidateQueries({ queryKey: cacheHealthKey });
}

/**
 * An admin change: the request, what its answer says about the cache, then `announce` (the
 * screen's toast) and the re-read, during which the mutation is still pending.
 */
function useAdminChange<T>(request: () => Promise<T>, store: (queryClient: QueryClient, answer: T) => void, announce: (answer: T) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: request,
    onSuccess: async (answer) => {
      store(queryClient, answer);
      announce(answer);
      await rereadMarketplace(queryClient);
    },
  });
}

export function useRerank(announce: () => void) {
  return useAdminChange(() => unwrap(api.POST('/api/admin/marketplace/rerank')), () => undefined, announce);
}

const refreshCache = () => unwrap(api.POST('/api/admin/marketplace/cache/refresh'));
type RefreshAnswer = Awaited<ReturnType<typeof refreshCache>>;

export function useRefreshCache(announce: (answer: RefreshAnswer) => void) {
  return useAdminChange(refreshCache, (queryClient, answer) => queryClient.setQueryData(cacheHealthKey, answer.health), announce);
}

export function useClearCache(announce: () => void) {
  return useAdminChange(
    () => unwrap(api.DELETE('/api/admin/marketplace/cache')),
    // Empty until the page's data is read again and rebuilds it.
    (queryClient) => queryClient.setQueryData(cacheHealthKey, (h) => (h ? { ...h, exists: false, stale: false } : h)),
    announce,
  );
}
