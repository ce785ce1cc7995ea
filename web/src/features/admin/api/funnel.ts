import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { adminKeys } from './keys';

export type Funnel = ResponseBody<'/api/admin/analytics/funnel', 'get'>;
export type FunnelDay = Funnel['total'];

/** GET /api/admin/analytics/funnel: the funnel per UTC day of the range (default the last 14 days). */
export function funnelQuery(from: string, to: string) {
  const query = { from: from || undefined, to: to || undefined };
  return queryOptions({
    queryKey: adminKeys.funnel(query),
    queryFn: () => unwrap(api.GET('/api/admin/analytics/funnel', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export type ExperimentsAnswer = ResponseBody<'/api/admin/analytics/experiments', 'get'>;
export type ExperimentResult = NonNullable<ExperimentsAnswer['experiments']>[number];

/** GET /api/admin/analytics/experiments: the A/B arms of the visitors first exposed in the range (default the last 30 days). */
export function experimentsQuery(from: string, to: string) {
  const query = { from: from || undefined, to: to || undefined };
  return queryOptions({
    queryKey: adminKeys.experiments(query),
    queryFn: () => unwrap(api.GET('/api/admin/analytics/experiments', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
