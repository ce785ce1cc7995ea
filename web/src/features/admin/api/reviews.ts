import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableParams } from '../../../components/table/DataTable';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';
import { adminKeys } from './keys';

export type ReviewPage = ResponseBody<'/api/admin/reviews', 'get'>;
export type ReviewRow = NonNullable<ReviewPage['reviews']>[number];
export type ReviewSort = 'created_at' | 'rating';

/** GET /api/admin/reviews: one page, sorted and filtered on the server. */
export function reviewsQuery(t: TableParams, f: { q: string; status: string; rating: string; verified: string }) {
  const query = {
    page: t.page,
    page_size: t.pageSize,
    sort: t.sort as ReviewSort,
    dir: t.dir,
    q: f.q || undefined,
    status: (f.status || undefined) as 'visible' | 'hidden' | undefined,
    rating: f.rating ? Number(f.rating) : undefined,
    verified: (f.verified || undefined) as 'yes' | 'no' | undefined,
  };
  return queryOptions({
    queryKey: adminKeys.reviews(query),
    queryFn: () => unwrap(api.GET('/api/admin/reviews', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateAdmin() {
  const qc = useQueryClient();
  // The service's detail and the marketplace show ratings and counts too.
  return () => qc.invalidateQueries();
}

/** POST /api/admin/reviews/{id}/hide */
export function useHideReview() {
  const onSuccess = useInvalidateAdmin();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (v: { id: string; reason: string }) => unwrap(api.POST('/api/admin/reviews/{id}/hide', { params: { path: { id: v.id } }, body: { reason: v.reason } })),
    onSuccess,
  });
}

/** POST /api/admin/reviews/{id}/restore */
export function useRestoreReview() {
  const onSuccess = useInvalidateAdmin();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (v: { id: string; reason: string }) =>
      unwrap(api.POST('/api/admin/reviews/{id}/restore', { params: { path: { id: v.id } }, body: { reason: v.reason } })),
    onSuccess,
  });
}
