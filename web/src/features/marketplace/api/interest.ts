import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';

/** A service's discount interest; count is null while only the viewer's own vote is known. */
export interface InterestState {
  count: number | null;
  interested: boolean;
}

export function interestQuery(serviceId: string) {
  return queryOptions<InterestState>({
    queryKey: ['marketplace', 'interest', serviceId] as const,
    queryFn: () => unwrap(api.GET('/api/services/{id}/interest', { params: { path: { id: serviceId } } })),
    staleTime: 60 * 1000,
  });
}

/** Registers the viewer's interest (POST /api/services/{id}/interest). */
export function addInterest(serviceId: string) {
  return unwrap(api.POST('/api/services/{id}/interest', { params: { path: { id: serviceId } } }));
}

/** Registers the viewer's interest; the answer (count and vote) becomes the cached interest. */
export function useAddInterest(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: () => addInterest(serviceId),
    onSuccess: (answer) => queryClient.setQueryData<InterestState>(interestQuery(serviceId).queryKey, { count: answer.count, interested: answer.interested }),
  });
}
