import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { createRatingBatcher } from '../model/ratingBatcher';

/** One batcher for the page: ratings asked for within 40 ms go out as one POST /api/ratings. */
export const ratingBatcher = createRatingBatcher(async (ids) => {
  const answer = await unwrap(api.POST('/api/ratings', { body: { service_ids: ids } }));
  return answer.ratings ?? [];
});

/** Ratings: fresh 5 minutes, kept 10 (02§9). */
export function ratingQuery(serviceId: string) {
  return queryOptions({
    queryKey: ['marketplace', 'rating', serviceId] as const,
    queryFn: () => ratingBatcher.load(serviceId),
    staleTime: 5 * 60 * 1000,
    gcTime: 10 * 60 * 1000,
    retry: 1,
  });
}
