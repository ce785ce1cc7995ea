import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableParams } from '../../../components/table/DataTable';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import type { paths } from '../../../lib/api/schema';
import { useSendOnce } from '../../../lib/queryClient';
import { adminKeys } from './keys';
import { sortedPageOf } from './paging';

export type ReviewPage = ResponseBody<'/api/admin/reviews', 'get'>;
export type ReviewRow = NonNullable<ReviewPage['reviews']>[number];
export type ReviewSort = 'created_at' | 'rating';
export type ReviewSource = 'agent' | 'vendor_provided' | 'google_external' | 'admin_assigned';
export const REVIEW_SOURCES: readonly ReviewSource[] = ['agent', 'vendor_provided', 'google_external', 'admin_assigned'];
export type AssignReviewBody = paths['/api/admin/reviews']['post']['requestBody']['content']['application/json'];

/** GET /api/admin/reviews: one page, sorted and filtered on the server. */
export function reviewsQuery(t: TableParams, f: { q: string; status: string; rating: string; verified: string; source: string }) {
  const query = {
    ...sortedPageOf<ReviewSort>(t),
    q: f.q || undefined,
    status: (f.status || undefined) as 'visible' | 'hidden' | undefined,
    rating: f.rating ? Number(f.rating) : undefined,
    verified: (f.verified || undefined) as 'yes' | 'no' | undefined,
    source: (f.source || undefined) as ReviewSource | undefined,
  };
  return queryOptions({
    queryKey: adminKeys.reviews(query),
    queryFn: () => unwrap(api.GET('/api/admin/reviews', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

// Hiding, restoring or assigning a review reads every query again: the service's detail and the
// marketplace show ratings and counts too.

/** POST /api/admin/reviews/{id}/hide */
export function useHideReview() {
  return useSendOnce((v: { id: string; reason: string }) => unwrap(api.POST('/api/admin/reviews/{id}/hide', { params: { path: { id: v.id } }, body: { reason: v.reason } })));
}

/** POST /api/admin/reviews/{id}/restore */
export function useRestoreReview() {
  return useSendOnce((v: { id: string; reason: string }) => unwrap(api.POST('/api/admin/reviews/{id}/restore', { params: { path: { id: v.id } }, body: { reason: v.reason } })));
}

/** GET /api/admin/services: the services whose title matches, for the review dialog's picker (active or not). */
export function reviewServiceOptionsQuery(q: string) {
  const query = { q, page: 1, page_size: 8, sort: 'title' as const, dir: 'asc' as const };
  return queryOptions({
    queryKey: adminKeys.services({ ...query, picker: true }),
    queryFn: () => unwrap(api.GET('/api/admin/services', { params: { query } })),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/reviews: a review on a member's behalf (source admin_assigned); the service's rating moves, so everything is read again. */
export function useAssignReview() {
  return useSendOnce((body: AssignReviewBody) => unwrap(api.POST('/api/admin/reviews', { body })));
}

/** PUT /api/admin/reviews/{id}/notes: the internal notes of any review. */
export function useSetReviewNotes() {
  return useSendOnce((v: { id: string; notes: string }) => unwrap(api.PUT('/api/admin/reviews/{id}/notes', { params: { path: { id: v.id } }, body: { admin_notes: v.notes } })), adminKeys.all);
}

/** GET /api/admin/users: the member with exactly this e-mail, for the review dialog's reviewer line (null: none). */
export function reviewerQuery(email: string) {
  const e = email.trim().toLowerCase();
  const query = { q: e, page: 1, page_size: 5 };
  return queryOptions({
    queryKey: adminKeys.users({ ...query, reviewer: true }),
    queryFn: async () => {
      const page = await unwrap(api.GET('/api/admin/users', { params: { query } }));
      return (page.users ?? []).find((u) => u.email.toLowerCase() === e) ?? null;
    },
    enabled: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) && e.length <= 100,
  });
}
