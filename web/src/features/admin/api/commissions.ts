import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { useSendOnce } from '../../../lib/queryClient';
import { adminKeys } from './keys';

export type CommissionPage = ResponseBody<'/api/admin/commissions', 'get'>;
export type CommissionRow = NonNullable<CommissionPage['items']>[number];
export type AffiliateApplicationRow = NonNullable<ResponseBody<'/api/admin/affiliates/applications', 'get'>['applications']>[number];
export type CommissionStatus = 'pending' | 'approved' | 'paid' | 'rejected';

const keys = {
  commissions: (q: Record<string, unknown>) => [...adminKeys.all, 'commissions', q] as const,
  payouts: () => [...adminKeys.all, 'payouts'] as const,
  affiliateApps: () => [...adminKeys.all, 'affiliate-applications'] as const,
};

/** GET /api/admin/commissions: one page, filtered by status, with totals by status. */
export function commissionsQuery(q: { status: string; page: number; pageSize: number }) {
  const query = { status: (q.status || undefined) as CommissionStatus | undefined, page: q.page, page_size: q.pageSize };
  return queryOptions({
    queryKey: keys.commissions(query),
    queryFn: () => unwrap(api.GET('/api/admin/commissions', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/commissions/payouts */
export function payoutsQuery() {
  return queryOptions({ queryKey: keys.payouts(), queryFn: () => unwrap(api.GET('/api/admin/commissions/payouts')) });
}

/** GET /api/admin/affiliates/applications (pending first). */
export function affiliateAppsQuery() {
  return queryOptions({ queryKey: keys.affiliateApps(), queryFn: () => unwrap(api.GET('/api/admin/affiliates/applications')) });
}

/** POST /api/admin/commissions/{id}/approve or /reject */
export function useDecideCommission() {
  return useSendOnce(
    (v: { id: string; approve: boolean; reason?: string }) =>
      v.approve
        ? unwrap(api.POST('/api/admin/commissions/{id}/approve', { params: { path: { id: v.id } }, body: {} }))
        : unwrap(api.POST('/api/admin/commissions/{id}/reject', { params: { path: { id: v.id } }, body: { reason: v.reason ?? '' } })),
    adminKeys.all,
  );
}

/** POST /api/admin/commissions/payouts: the approved commissions given (or all) paid in one batch. */
export function usePayout() {
  return useSendOnce((ids: string[]) => unwrap(api.POST('/api/admin/commissions/payouts', { body: { ids } })), adminKeys.all);
}

/** POST /api/admin/affiliates/applications/{id}/approve or /reject */
export function useDecideAffiliate() {
  return useSendOnce(
    (v: { id: string; approve: boolean; reason?: string }) =>
      v.approve
        ? unwrap(api.POST('/api/admin/affiliates/applications/{id}/approve', { params: { path: { id: v.id } }, body: {} }))
        : unwrap(api.POST('/api/admin/affiliates/applications/{id}/reject', { params: { path: { id: v.id } }, body: { reason: v.reason ?? '' } })),
    adminKeys.all,
  );
}

/** The payout CSV's address (a download link). */
export function payoutCsvHref(batchID: string): string {
  return `/api/admin/commissions/payouts/${encodeURIComponent(batchID)}/csv`;
}
