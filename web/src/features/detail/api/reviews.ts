import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';
import type { ReviewChange, ServiceDetail } from '../model/types';
import { serviceDetailKey } from '../../../lib/api/service-detail';

/** Applies a review change to the cached detail: list, average, count and the viewer's review id. */
export function applyReviewChange(d: ServiceDetail, change: ReviewChange, removedId?: string): ServiceDetail {
  let list = (d.reviews.reviews ?? []).filter((r) => r.id !== removedId);
  const r = change.review;
  if (r) list = list.some((x) => x.id === r.id) ? list.map((x) => (x.id === r.id ? r : x)) : [r, ...list];
  return {
    ...d,
    reviews: { average_rating: change.average_rating, total_reviews: change.total_reviews, reviews: list },
    viewer: { ...d.viewer, review_id: r ? r.id : removedId ? null : d.viewer.review_id },
  };
}

/** Puts a review change into every cached copy of the service's detail. */
function storeReviewChange(queryClient: QueryClient, serviceId: string, change: ReviewChange, removedId?: string) {
  queryClient.setQueriesData<ServiceDetail>({ queryKey: serviceDetailKey(serviceId) }, (d) => (d ? applyReviewChange(d, change, removedId) : d));
}

/** Writes the viewer's review of a service (reviewId null) or edits it. */
export function useSaveReview(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: ({ reviewId, rating, review }: { reviewId: string | null; rating: number; review: string }) =>
      reviewId
        ? unwrap(api.PATCH('/api/reviews/{id}', { params: { path: { id: reviewId } }, body: { rating, review } }))
        : unwrap(api.POST('/api/services/{id}/reviews', { params: { path: { id: serviceId } }, body: { rating, review } })),
    onSuccess: (change) => storeReviewChange(queryClient, serviceId, change),
  });
}

export function useDeleteReview(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (reviewId: string) => unwrap(api.DELETE('/api/reviews/{id}', { params: { path: { id: reviewId } } })),
    onSuccess: (change, reviewId) => storeReviewChange(queryClient, serviceId, change, reviewId),
  });
}
