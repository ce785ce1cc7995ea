import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import i18n from '../../../lib/i18n';
import { listLang } from '../../../lib/localize';
import type { ServiceQuery } from '../model/filters';
import { MARKETPLACE_GC_MS, MARKETPLACE_STALE_MS, QUERY_TIMEOUT_MS, retryDelay, shouldRetry, withTimeout } from '../model/retry';
import type { ServicePage } from './types';

export function searchServices(query: ServiceQuery, signal?: AbortSignal): Promise<ServicePage> {
  return withTimeout(
    'services',
    QUERY_TIMEOUT_MS,
    (s) => unwrap(api.GET('/api/marketplace/services', { params: { query: { ...query, lang: listLang(i18n.language) } }, signal: s })),
    signal,
  );
}

/** A page of services (cards in the app's language); the previous page stays on screen while the next loads (03§8 query timeout). */
export function searchServicesQuery(query: ServiceQuery, enabled = true) {
  return queryOptions({
    queryKey: ['marketplace', 'services', query, listLang(i18n.language) ?? 'en'] as const,
    queryFn: ({ signal }) => searchServices(query, signal),
    staleTime: MARKETPLACE_STALE_MS,
    gcTime: MARKETPLACE_GC_MS,
    retry: shouldRetry,
    retryDelay,
    placeholderData: keepPreviousData,
    enabled,
  });
}
