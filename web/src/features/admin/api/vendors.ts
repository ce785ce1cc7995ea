import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableParams } from '../../../components/table/DataTable';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { useSendOnce } from '../../../lib/queryClient';
import { adminKeys } from './keys';
import { sortedPageOf } from './paging';

export type ApplicationList = ResponseBody<'/api/admin/vendor-applications', 'get'>;
export type Application = NonNullable<ApplicationList['applications']>[number];
export type ApplicationStatus = 'pending' | 'approved' | 'rejected';
export type VendorPage = ResponseBody<'/api/admin/vendors', 'get'>;
export type VendorRow = NonNullable<VendorPage['vendors']>[number];
export type VendorDossier = ResponseBody<'/api/admin/vendors/{id}', 'get'>;
export type VendorStatusFilter = 'approved' | 'pending' | 'suspended' | 'inactive';
export type VendorSort = 'name' | 'created_at' | 'services';

/** GET /api/admin/vendor-applications: the approval queue (one status, newest first). */
export function applicationsQuery(status: ApplicationStatus) {
  return queryOptions({
    queryKey: adminKeys.applications(status),
    queryFn: () => unwrap(api.GET('/api/admin/vendor-applications', { params: { query: { status } } })),
  });
}

/** GET /api/admin/vendors: one page, sorted and filtered on the server. */
export function vendorsQuery(t: TableParams, q: string, status: string) {
  const query = {
    ...sortedPageOf<VendorSort>(t),
    q: q || undefined,
    status: (status || undefined) as VendorStatusFilter | undefined,
  };
  return queryOptions({
    queryKey: adminKeys.vendors(query),
    queryFn: () => unwrap(api.GET('/api/admin/vendors', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/vendors/{id}: the vendor's page. */
export function vendorQuery(id: string) {
  return queryOptions({
    queryKey: adminKeys.vendor(id),
    queryFn: () => unwrap(api.GET('/api/admin/vendors/{id}', { params: { path: { id } } })),
  });
}

/** POST /api/admin/vendor-applications/{id}/approve */
export function useApproveApplication() {
  return useSendOnce((id: string) => unwrap(api.POST('/api/admin/vendor-applications/{id}/approve', { params: { path: { id } } })), adminKeys.all);
}

/** POST /api/admin/vendor-applications/{id}/reject */
export function useRejectApplication() {
  return useSendOnce(
    (v: { id: string; reason: string }) => unwrap(api.POST('/api/admin/vendor-applications/{id}/reject', { params: { path: { id: v.id } }, body: { reason: v.reason } })),
    adminKeys.all,
  );
}

/** POST /api/admin/vendor-applications/{id}/request-changes */
export function useRequestChanges() {
  return useSendOnce(
    (v: { id: string; message: string }) => unwrap(api.POST('/api/admin/vendor-applications/{id}/request-changes', { params: { path: { id: v.id } }, body: { message: v.message } })),
    adminKeys.all,
  );
}

/** POST /api/admin/vendors/{id}/suspend */
export function useSuspendVendor(id: string) {
  return useSendOnce((reason: string) => unwrap(api.POST('/api/admin/vendors/{id}/suspend', { params: { path: { id } }, body: { reason } })), adminKeys.all);
}

/** POST /api/admin/vendors/{id}/reinstate */
export function useReinstateVendor(id: string) {
  return useSendOnce((reason: string) => unwrap(api.POST('/api/admin/vendors/{id}/reinstate', { params: { path: { id } }, body: { reason } })), adminKeys.all);
}
