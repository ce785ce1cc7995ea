import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';

export type PointsSummary = ResponseBody<'/api/points/summary', 'get'>;
export type AllocationView = NonNullable<PointsSummary['allocations']>[number];
export type LedgerEntry = NonNullable<ResponseBody<'/api/points/history', 'get'>['entries']>[number];

/** The wallet: get_agent_points_summary and the ledger, read together (F-PAY-07). */
export function walletQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ['points', 'wallet'] as const,
    enabled,
    staleTime: 30 * 1000,
    queryFn: async ({ signal }) => {
      const [summary, history] = await Promise.all([
        unwrap(api.GET('/api/points/summary', { signal })),
        unwrap(api.GET('/api/points/history', { signal })),
      ]);
      return { summary, entries: history.entries ?? [] };
    },
  });
}
