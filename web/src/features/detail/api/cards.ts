import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

/** Cards of services by id, in order, with the ids that are gone (recently viewed). */
export function serviceCardsQuery(ids: readonly string[]) {
  return queryOptions({
    queryKey: ['detail', 'cards', ...ids] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/service-cards', { params: { query: { ids: [...ids] } }, signal })),
    enabled: ids.length > 0,
    staleTime: 5 * 60 * 1000,
  });
}

/** Customers also viewed (30 days). */
export function alsoViewedQuery(id: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['detail', 'also-viewed', id] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/services/{id}/also-viewed', { params: { path: { id } }, signal })),
    enabled,
    staleTime: 5 * 60 * 1000,
  });
}
