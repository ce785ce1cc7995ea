import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, unwrap, type ResponseBody } from '../../../lib/api/client';
import { createProfileFetcher, PROFILE_ADMIN_TIMEOUT_MS, PROFILE_CACHE_MS, PROFILE_TIMEOUT_MS } from '../profileFetcher';

export type Profile = ResponseBody<'/api/profile', 'get'>;

export const profileQueryKey = ['profile', 'own'] as const;

let adminTimeouts = false;

const fetcher = createProfileFetcher<Profile | null>(
  async (signal) => {
    try {
      return await unwrap(api.GET('/api/profile', { signal }));
    } catch (err) {
      // Permission denied or no profile: the profile is none (01§8).
      if (err instanceof ApiError && (err.status === 401 || err.status === 403 || err.status === 404)) return null;
      throw err;
    }
  },
  { timeoutMs: () => (adminTimeouts ? PROFILE_ADMIN_TIMEOUT_MS : PROFILE_TIMEOUT_MS) },
);

/** Retries only what may pass the second time (not a refusal). */
const retryable = (err: unknown) => !(err instanceof ApiError) || err.status === 0 || err.status >= 500;

/** GET /api/profile under the cache, throttle, timeout and breaker rules (01§4). */
export function profileQuery(userId: string | undefined, isAdmin: boolean) {
  return queryOptions({
    queryKey: [...profileQueryKey, userId ?? ''],
    queryFn: () => {
      adminTimeouts = isAdmin;
      return fetcher.fetch(retryable);
    },
    // Refused for a missing or invalid user id (01§5).
    enabled: typeof userId === 'string' && /^[0-9a-zA-Z-]{8,64}$/.test(userId),
    staleTime: PROFILE_CACHE_MS,
    retry: false,
  });
}

export function resetProfileFetcher(): void {
  fetcher.reset();
}
