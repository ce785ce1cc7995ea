import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';

/** Mints the viewer's referral token and share link for a service (mint_referral_token, 03§7). */
export function useMintReferral(serviceId: string) {
  return useMutation({ ...SEND_ONCE, mutationFn: () => unwrap(api.POST('/api/referral-tokens', { body: { service_id: serviceId } })) });
}
