import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { adminKeys } from './keys';

export type SearchResult = ResponseBody<'/api/admin/search', 'get'>;

/** GET /api/admin/search?q=: users, services and orders (2 characters or more). */
export function searchQuery(q: string) {
  return queryOptions({
    queryKey: adminKeys.search(q),
    queryFn: () => unwrap(api.GET('/api/admin/search', { params: { query: { q } } })),
    enabled: q.trim().length >= 2,
    retry: false,
  });
}
