import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

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

export function addInterest(serviceId: string) {
  return unwrap(api.POST('/api/services/{id}/interest', { params: { path: { id: serviceId } } }));
}
