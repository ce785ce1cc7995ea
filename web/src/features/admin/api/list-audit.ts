import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import type { TableParams } from '../../../components/table/DataTable';
import { adminKeys } from './keys';
import { pageOf } from './paging';

export type AuditPage = ResponseBody<'/api/admin/audit', 'get'>;
export type AuditRecord = NonNullable<AuditPage['entries']>[number];

export interface AuditFilters {
  actor: string;
  object_kind: string;
  object_id: string;
  action: string;
  from: string;
  to: string;
}

const asTime = (day: string) => (day ? new Date(`${day}T00:00:00Z`).toISOString() : undefined);

/** GET /api/admin/audit: one page of the log, newest first (from and to are UTC days, to inclusive). */
export function auditQuery(t: TableParams, f: AuditFilters) {
  const to = f.to ? new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000).toISOString() : undefined;
  const query = {
    ...pageOf(t),
    actor: f.actor || undefined,
    object_kind: f.object_kind || undefined,
    object_id: f.object_id || undefined,
    action: f.action || undefined,
    from: asTime(f.from),
    to,
  };
  return queryOptions({
    queryKey: adminKeys.audit(query),
    queryFn: () => unwrap(api.GET('/api/admin/audit', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
