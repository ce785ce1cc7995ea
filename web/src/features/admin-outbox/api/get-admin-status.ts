import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

/**
 * GET /api/auth/admin-status (get_user_admin_status): the server's word on admin rights, cached
 * 15 minutes with one retry (spec 01§6).
 */
export function adminStatusQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: ['auth', 'admin-status', userId ?? ''],
    queryFn: () => unwrap(api.GET('/api/auth/admin-status')),
    enabled: Boolean(userId),
    staleTime: 15 * 60_000,
    retry: 1,
  });
}
