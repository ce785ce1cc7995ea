import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

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

export const rerank = () => unwrap(api.POST('/api/admin/marketplace/rerank'));
export const refreshCache = () => unwrap(api.POST('/api/admin/marketplace/cache/refresh'));
export const clearCache = () => unwrap(api.DELETE('/api/admin/marketplace/cache'));
