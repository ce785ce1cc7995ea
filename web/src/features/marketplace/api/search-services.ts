import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import i18n from '../../../lib/i18n';
import { listLang } from '../../../lib/localize';
import { readPageData } from '../../../lib/pageData';
import { DEFAULT_FILTERS, toServiceQuery, type ServiceQuery } from '../model/filters';
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

/** The id of the script element holding the holdout arm's first page of cards (internal/httpapi/first_screen.go). */
export const FIRST_SCREEN_SERVICES_ID = 'circle-marketplace-services';

let pageServicesTaken = false;

/** The default view's query in the ranking experiment's holdout arm: the one a holdout first screen carries. */
const HOLDOUT_FIRST_PAGE = JSON.stringify(toServiceQuery(DEFAULT_FILTERS, 'holdout'));

/**
 * The page of cards a server-rendered marketplace carries for the ranking experiment's holdout
 * arm (its newest-first order; the ranked arm's cards are in the snapshot): taken once, as the
 * data of that query's first load, only in the page's language.
 */
export function takePageServices(query: ServiceQuery, doc: Document = document): ServicePage | undefined {
  if (pageServicesTaken || JSON.stringify(query) !== HOLDOUT_FIRST_PAGE) return undefined;
  pageServicesTaken = true;
  const page = readPageData(FIRST_SCREEN_SERVICES_ID, doc) as ServicePage | null | undefined;
  return Array.isArray(page?.services) ? page : undefined;
}

/** Lets a test read the page's cards again. */
export function resetPageServicesForTests(): void {
  pageServicesTaken = false;
}

/** A page of services (cards in the app's language); the previous page stays on screen while the next loads (03§8 query timeout). */
export function searchServicesQuery(query: ServiceQuery, enabled = true) {
  return queryOptions({
    queryKey: ['marketplace', 'services', query, listLang(i18n.language) ?? 'en'] as const,
    queryFn: ({ signal }) => searchServices(query, signal),
    // The holdout arm's first page, when the page carries it: as fresh as the page.
    initialData: () => takePageServices(query),
    initialDataUpdatedAt: () => Date.now(),
    staleTime: MARKETPLACE_STALE_MS,
    gcTime: MARKETPLACE_GC_MS,
    retry: shouldRetry,
    retryDelay,
    placeholderData: keepPreviousData,
    enabled,
  });
}
