import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '../cart';
import { SEND_ONCE } from '../queryClient';
import { api, unwrap } from './client';
import type { components } from './schema';

export type CreateCoPayBody = components['schemas']['CreateCoPayRequestBody'];

/** The member's co-pay requests (the vendor copay and lender features both list or change them). */
export const copayRequestsKey = ['copay', 'requests'] as const;

/** POST /api/copay/requests (create-copay-request): sends a co-pay request; the cart and the request list change. */
export function useCreateCoPayRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: CreateCoPayBody) => unwrap(api.POST('/api/copay/requests', { body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      void queryClient.invalidateQueries({ queryKey: copayRequestsKey });
    },
  });
}
