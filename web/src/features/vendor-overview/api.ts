import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';

export type VendorOverview = ResponseBody<'/api/vendor/overview', 'get'>;

/** GET /api/vendor/overview: this month's numbers and what waits for the vendor (F-AREA-01). */
export function overviewQuery() {
  return queryOptions({
    queryKey: ['vendor-overview'] as const,
    staleTime: 60 * 1000,
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendor/overview', { signal })),
  });
}
