import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { cartQueryKey } from '../../lib/cart';
import { SEND_ONCE } from '../../lib/queryClient';

/** process_automatic_copay's answer (02§7): the kind, the points used, the toast to show. */
export type AutomaticCoPayResult = ResponseBody<'/api/points/copay', 'post'>;
export type AutomaticCoPayBody = components['schemas']['AutomaticCoPayInputBody'];

/**
 * POST /api/points/copay (02§4 co-pay purchase flow): the partner's points pay toward its share
 * and a co-pay request asks it for the rest. The server decides everything; a fall-through
 * (fell_through true) means the agent checks out normally. The cart and the wallet are read
 * again afterwards (a request adds a pending co-pay line; points were spent).
 */
export function useAutomaticCoPay() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: AutomaticCoPayBody) => unwrap(api.POST('/api/points/copay', { body })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['points'] });
    },
  });
}

export interface CoPayPartner {
  vendorId: string;
  vendorName: string;
  points: number;
}

/** The partners whose usable points the agent holds (the wallet's allocations), most points first. */
export function useCoPayPartners(enabled: boolean): { partners: CoPayPartner[]; loading: boolean } {
  const wallet = useQuery({
    queryKey: ['points', 'summary'] as const,
    enabled,
    staleTime: 30 * 1000,
    queryFn: ({ signal }) => unwrap(api.GET('/api/points/summary', { signal })),
  });
  const partners = useMemo(() => {
    const by = new Map<string, CoPayPartner>();
    for (const a of wallet.data?.allocations ?? []) {
      if (!a.usable || a.remaining_points <= 0) continue;
      const p = by.get(a.vendor_id) ?? { vendorId: a.vendor_id, vendorName: a.vendor_name, points: 0 };
      p.points += a.remaining_points;
      by.set(a.vendor_id, p);
    }
    return [...by.values()].sort((a, b) => b.points - a.points || a.vendorName.localeCompare(b.vendorName));
  }, [wallet.data]);
  return { partners, loading: enabled && wallet.isPending };
}
