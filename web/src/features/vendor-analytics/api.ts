import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';

type Answer = ResponseBody<'/api/vendor/analytics', 'get'>;
export type AnalyticsPoint = NonNullable<Answer['series']>[number];
export type AnalyticsServiceTotals = NonNullable<Answer['services']>[number];
/** The answer with its lists always present. */
export type AnalyticsReport = Omit<Answer, 'series' | 'services'> & { series: AnalyticsPoint[]; services: AnalyticsServiceTotals[] };
export type Bucket = 'day' | 'week' | 'month';

/** The filters of /vendor-analytics, as kept in the URL (empty: the server's default). */
export interface AnalyticsFilters {
  from: string;
  to: string;
  bucket: Bucket;
  service: string;
}

function query(f: AnalyticsFilters) {
  return { from: f.from || undefined, to: f.to || undefined, bucket: f.bucket, service_id: f.service || undefined };
}

/** GET /api/vendor/analytics: the caller's numbers per bucket and per service (F-AREA-01). */
export function analyticsQuery(f: AnalyticsFilters) {
  const q = query(f);
  return queryOptions({
    queryKey: ['vendor-analytics', q] as const,
    staleTime: 60 * 1000,
    queryFn: async ({ signal }): Promise<AnalyticsReport> => {
      const r = await unwrap(api.GET('/api/vendor/analytics', { params: { query: q }, signal }));
      return { ...r, series: r.series ?? [], services: r.services ?? [] };
    },
    placeholderData: keepPreviousData,
  });
}

/** The CSV export's address for the same filters (a plain download link). */
export function csvHref(f: AnalyticsFilters): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query(f))) if (v) p.set(k, v);
  return `/api/vendor/analytics/csv?${p.toString()}`;
}
