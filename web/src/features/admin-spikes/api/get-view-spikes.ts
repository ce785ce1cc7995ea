import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';

export type ViewSpikesAnswer = ResponseBody<'/api/admin/marketplace/view-spikes', 'get'>;
export type ViewSpike = NonNullable<ViewSpikesAnswer['services']>[number];

/** The windows an administrator can look back over, in minutes (the server takes 15 to 1440). */
export const SPIKE_WINDOWS = [15, 60, 240, 1440] as const;

/** GET /api/admin/marketplace/view-spikes (administrators): services whose recent views look inflated. */
export function viewSpikesQuery(windowMinutes: number) {
  return queryOptions({
    queryKey: ['admin', 'view-spikes', windowMinutes],
    queryFn: () => unwrap(api.GET('/api/admin/marketplace/view-spikes', { params: { query: { window_minutes: windowMinutes } } })),
    staleTime: 0,
    retry: false,
  });
}
