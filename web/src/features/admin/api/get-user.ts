import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { adminKeys } from './keys';

export type UserDetail = ResponseBody<'/api/admin/users/{id}', 'get'>;

/** GET /api/admin/users/{id}: the user's page. */
export function userQuery(id: string) {
  return queryOptions({ queryKey: adminKeys.user(id), queryFn: () => unwrap(api.GET('/api/admin/users/{id}', { params: { path: { id } } })) });
}
