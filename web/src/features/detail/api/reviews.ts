import { api, unwrap } from '../../../lib/api/client';

export function createReview(serviceId: string, rating: number, review: string) {
  return unwrap(api.POST('/api/services/{id}/reviews', { params: { path: { id: serviceId } }, body: { rating, review } }));
}

export function updateReview(reviewId: string, rating: number, review: string) {
  return unwrap(api.PATCH('/api/reviews/{id}', { params: { path: { id: reviewId } }, body: { rating, review } }));
}

export function deleteReview(reviewId: string) {
  return unwrap(api.DELETE('/api/reviews/{id}', { params: { path: { id: reviewId } } }));
}
