import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import type { TableParams } from '../../../components/table/DataTable';
import { adminKeys } from './keys';
import { pageOf } from './paging';

export type CompliancePage = ResponseBody<'/api/admin/compliance', 'get'>;
export type ComplianceService = NonNullable<CompliancePage['services']>[number];
export type DecisionPage = ResponseBody<'/api/admin/compliance/co-pay-decisions', 'get'>;
export type Decision = NonNullable<DecisionPage['decisions']>[number];
export type Risk = 'low' | 'medium' | 'high' | 'unset';
export type RespaKind = 'ssp' | 'non_ssp';
export type DecisionStatus = 'approved' | 'declined' | 'expired' | 'canceled' | 'used';

/** GET /api/admin/compliance: the risk matrix and one page of services with their split limits. */
export function complianceQuery(t: TableParams, risk: string, kind: string) {
  const query = { ...pageOf(t), risk: (risk || undefined) as Risk | undefined, kind: (kind || undefined) as RespaKind | undefined };
  return queryOptions({
    queryKey: adminKeys.compliance(query),
    queryFn: () => unwrap(api.GET('/api/admin/compliance', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/compliance/co-pay-decisions: decided co-pay requests, latest first. */
export function decisionsQuery(t: TableParams, status: string) {
  const query = { ...pageOf(t), status: (status || undefined) as DecisionStatus | undefined };
  return queryOptions({
    queryKey: adminKeys.coPayDecisions(query),
    queryFn: () => unwrap(api.GET('/api/admin/compliance/co-pay-decisions', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
