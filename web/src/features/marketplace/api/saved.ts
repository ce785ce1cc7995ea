import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const savedKey = ['saved'] as const;

/** The signed-in agent's saved service ids; fresh 2 minutes, kept 5 (02§9). */
export function savedQuery(enabled: boolean) {
  return queryOptions({
    queryKey: savedKey,
    queryFn: async () => {
      const answer = await unwrap(api.GET('/api/saved'));
      return (answer.saved ?? []).map((s) => s.service_id);
    },
    staleTime: 2 * 60 * 1000,
    gcTime: 5 * 60 * 1000,
    enabled,
  });
}

export async function setSaved(serviceId: string, saved: boolean): Promise<void> {
  if (saved) {
    await unwrap(api.PUT('/api/saved/{service_id}', { params: { path: { service_id: serviceId } }, body: {} }));
    return;
  }
  const { response, error } = await api.DELETE('/api/saved/{service_id}', { params: { path: { service_id: serviceId } } });
  if (!response.ok) throw new Error(typeof error === 'object' && error && 'message' in error ? String(error.message) : `HTTP ${response.status}`);
}
