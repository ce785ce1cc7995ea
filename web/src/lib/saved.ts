import { api } from './api/client';

/**
 * The TanStack Query key of the signed-in agent's saved services (GET /api/saved): the
 * marketplace hearts keep the ids under it and the saved page its list below it, so a change on
 * either side refreshes the other.
 */
export const savedQueryKey = ['saved'] as const;

/** Removes a saved service (DELETE /api/saved/{service_id}; it answers 204 without a body). */
export async function unsaveService(serviceId: string): Promise<void> {
  const { response, error } = await api.DELETE('/api/saved/{service_id}', { params: { path: { service_id: serviceId } } });
  if (!response.ok) throw new Error(typeof error === 'object' && error && 'message' in error ? String(error.message) : `HTTP ${response.status}`);
}
