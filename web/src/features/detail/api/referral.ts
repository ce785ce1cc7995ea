import { api, unwrap } from '../../../lib/api/client';

/** The viewer's referral token and share link for a service (mint_referral_token, 03§7). */
export function mintReferral(serviceId: string) {
  return unwrap(api.POST('/api/referral-tokens', { body: { service_id: serviceId } }));
}
