import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { adminKeys } from './keys';

export type Dashboard = ResponseBody<'/api/admin/dashboard', 'get'>;

/** GET /api/admin/dashboard: today's figures, refreshed each minute. */
export function dashboardQuery() {
  return queryOptions({ queryKey: adminKeys.dashboard(), queryFn: () => unwrap(api.GET('/api/admin/dashboard')), refetchInterval: 60_000 });
}
