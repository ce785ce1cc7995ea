import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { MARKETPLACE_GC_MS, MARKETPLACE_STALE_MS, QUERY_TIMEOUT_MS, retryDelay, shouldRetry, withTimeout } from '../model/retry';

export interface VendorQuery {
  q?: string;
  state?: string;
  show_all?: boolean;
}

export function vendorsQuery(query: VendorQuery) {
  return queryOptions({
    queryKey: ['marketplace', 'vendors', query] as const,
    queryFn: ({ signal }) =>
      withTimeout('vendors', QUERY_TIMEOUT_MS, (s) => unwrap(api.GET('/api/marketplace/vendors', { params: { query }, signal: s })), signal),
    staleTime: MARKETPLACE_STALE_MS,
    gcTime: MARKETPLACE_GC_MS,
    retry: shouldRetry,
    retryDelay,
    placeholderData: keepPreviousData,
  });
}
