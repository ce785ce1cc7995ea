import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';
import type { TableParams } from '../../../components/table/DataTable';
import { adminKeys } from './keys';
import { pageOf } from './paging';

export type SecurityPage = ResponseBody<'/api/admin/security-events', 'get'>;
export type SecurityEvent = NonNullable<SecurityPage['events']>[number];
export type SecurityHourly = ResponseBody<'/api/admin/security-events/hourly', 'get'>;
export type ErrorPage = ResponseBody<'/api/admin/client-errors', 'get'>;
export type ErrorGroup = NonNullable<ErrorPage['groups']>[number];
export type CommandCenter = ResponseBody<'/api/admin/command-center', 'get'>;
export type DeadJob = NonNullable<CommandCenter['jobs']['dead_jobs']>[number];

/** The command center reads the server again this often (issue 31 item 11: "every few seconds"). */
export const COMMAND_CENTER_REFRESH_MS = 5_000;

export interface SecurityFilters {
  kind: string;
  user: string;
  from: string;
  to: string;
}

/** GET /api/admin/security-events: one page, filtered on the server. */
export function securityEventsQuery(t: TableParams, f: SecurityFilters) {
  const query = {
    ...pageOf(t),
    kind: f.kind || undefined,
    user: f.user || undefined,
    from: f.from || undefined,
    to: f.to || undefined,
  };
  return queryOptions({
    queryKey: adminKeys.securityEvents(query),
    queryFn: () => unwrap(api.GET('/api/admin/security-events', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/security-events/hourly: the rate indicator, read again each minute. */
export function securityHourlyQuery() {
  return queryOptions({
    queryKey: adminKeys.securityHourly(),
    queryFn: () => unwrap(api.GET('/api/admin/security-events/hourly')),
    refetchInterval: 60_000,
  });
}

/** GET /api/admin/client-errors: one page of groups, sorted by last seen or count. */
export function clientErrorsQuery(t: TableParams, q: string) {
  const query = { ...pageOf(t), sort: (t.sort === 'count' ? 'count' : 'last_seen') as 'count' | 'last_seen', dir: t.dir, q: q || undefined };
  return queryOptions({
    queryKey: adminKeys.clientErrors(query),
    queryFn: () => unwrap(api.GET('/api/admin/client-errors', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/command-center, polled every few seconds while the screen is open. */
export function commandCenterQuery() {
  return queryOptions({
    queryKey: adminKeys.commandCenter(),
    queryFn: () => unwrap(api.GET('/api/admin/command-center')),
    refetchInterval: COMMAND_CENTER_REFRESH_MS,
  });
}

/** POST /api/admin/jobs/{id}/retry (audited on the server); the snapshot is read again after. */
export function useRetryJob() {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (id: string) => unwrap(api.POST('/api/admin/jobs/{id}/retry', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.commandCenter() }),
  });
}

export type SelfTest = ResponseBody<'/api/admin/command-center/self-test', 'post'>;

/** POST /api/admin/command-center/self-test: the server runs each subsystem's safe check. */
export function useSelfTest() {
  return useMutation({ ...SEND_ONCE, mutationFn: () => unwrap(api.POST('/api/admin/command-center/self-test')) });
}
