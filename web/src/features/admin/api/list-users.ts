import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import type { TableParams } from '../../../components/table/DataTable';
import { adminKeys } from './keys';
import { sortedPageOf } from './paging';

export type UserPage = ResponseBody<'/api/admin/users', 'get'>;
export type UserSummary = NonNullable<UserPage['users']>[number];
export type RoleFilter = 'admin' | 'creator' | 'vendor' | 'pro' | 'pro_member' | 'disabled';
export type UserSort = 'created_at' | 'email' | 'display_name';

/** GET /api/admin/users: one page, sorted and filtered on the server. */
export function usersQuery(t: TableParams, q: string, role: string) {
  const query = {
    ...sortedPageOf<UserSort>(t),
    q: q || undefined,
    role: (role || undefined) as RoleFilter | undefined,
  };
  return queryOptions({
    queryKey: adminKeys.users(query),
    queryFn: () => unwrap(api.GET('/api/admin/users', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
