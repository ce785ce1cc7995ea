import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, type ResponseBody } from '../../../lib/api/client';

/** GET /readyz: overall status, version, database kind, schema version, uptime and checks. */
export type Readiness = ResponseBody<'/readyz', 'get'>;

function isReadiness(v: unknown): v is Readiness {
  return typeof v === 'object' && v !== null && 'status' in v && 'checks' in v;
}

/** A 503 answer carries the same body with status "unavailable": it is data, not an error. */
export async function getReadiness(): Promise<Readiness> {
  let result;
  try {
    result = await api.GET('/readyz', { cache: 'no-store' });
  } catch (err) {
    throw new ApiError(0, null, err instanceof Error ? err.message : 'Network error');
  }
  const { data, error, response } = result;
  if (data !== undefined) return data;
  if (response.status === 503 && isReadiness(error)) return error;
  throw new ApiError(response.status, error, response.statusText || `HTTP ${response.status}`);
}

export const readinessQuery = queryOptions({
  queryKey: ['readiness'],
  queryFn: getReadiness,
  // The page is for seeing the state now: no cache, no silent retries.
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

export function useReadiness() {
  return useQuery(readinessQuery);
}
