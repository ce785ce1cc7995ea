import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { useSendOnce } from '../../../lib/queryClient';

export type PrayerRow = NonNullable<ResponseBody<'/api/admin/ministry/prayers', 'get'>['prayers']>[number];
export type PrayerStatus = 'pending' | 'approved' | 'rejected';

/** GET /api/admin/ministry/prayers (admin-list-prayers): shared requests of one status. */
export function prayersQuery(status: PrayerStatus) {
  return queryOptions({
    queryKey: ['admin', 'prayers', status] as const,
    queryFn: () => unwrap(api.GET('/api/admin/ministry/prayers', { params: { query: { status } } })),
  });
}

/** POST /api/admin/ministry/prayers/{id}/approve (admin-approve-prayer) */
export function useApprovePrayer() {
  return useSendOnce((id: string) => unwrap(api.POST('/api/admin/ministry/prayers/{id}/approve', { params: { path: { id } } })), ['admin', 'prayers']);
}

/** POST /api/admin/ministry/prayers/{id}/reject (admin-reject-prayer) */
export function useRejectPrayer() {
  return useSendOnce((id: string) => unwrap(api.POST('/api/admin/ministry/prayers/{id}/reject', { params: { path: { id } } })), ['admin', 'prayers']);
}
