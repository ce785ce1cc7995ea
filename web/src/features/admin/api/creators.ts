import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { useSendOnce } from '../../../lib/queryClient';
import { adminKeys } from './keys';

export type CreatorApplicationRow = NonNullable<ResponseBody<'/api/admin/creator-applications', 'get'>['applications']>[number];
export type CreatorApplicationStatus = 'pending' | 'approved' | 'rejected';

const keys = {
  creatorApps: (status: string) => [...adminKeys.all, 'creator-applications', status] as const,
};

/** GET /api/admin/creator-applications (pending first), filtered by status. */
export function creatorAppsQuery(status: string) {
  const query = { status: (status || undefined) as CreatorApplicationStatus | undefined };
  return queryOptions({ queryKey: keys.creatorApps(status), queryFn: () => unwrap(api.GET('/api/admin/creator-applications', { params: { query } })) });
}

/** POST /api/admin/creator-applications/{id}/approve or /reject */
export function useDecideCreator() {
  return useSendOnce(
    (v: { id: string; approve: boolean; reason?: string }) =>
      v.approve
        ? unwrap(api.POST('/api/admin/creator-applications/{id}/approve', { params: { path: { id: v.id } }, body: {} }))
        : unwrap(api.POST('/api/admin/creator-applications/{id}/reject', { params: { path: { id: v.id } }, body: { reason: v.reason ?? '' } })),
    adminKeys.all,
  );
}
