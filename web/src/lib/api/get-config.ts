import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from './client';

/** GET /api/config: the public app_config row (spec 01§3). */
export type AppConfig = ResponseBody<'/api/config', 'get'>;

/** Spec 03§9: app config is stale after 2 minutes; it is refetched every 2 minutes. */
export const APP_CONFIG_REFRESH_MS = 2 * 60 * 1000;

export const appConfigQueryKey = ['app-config'] as const;

export function getAppConfig(): Promise<AppConfig> {
  return unwrap(api.GET('/api/config', { cache: 'no-store' }));
}

export const appConfigQuery = queryOptions({
  queryKey: appConfigQueryKey,
  queryFn: getAppConfig,
  staleTime: APP_CONFIG_REFRESH_MS,
  refetchInterval: APP_CONFIG_REFRESH_MS,
});

/** The app config; undefined while loading or when the server cannot be reached. */
export function useAppConfig() {
  return useQuery(appConfigQuery);
}
