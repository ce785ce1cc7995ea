import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';

export type InviteInput = components['schemas']['InviteInput'];
export type ReferralInput = components['schemas']['ReferralInput'];
export type AdminInvitations = ResponseBody<'/api/admin/vendor-invitations', 'get'>;
export type AdminInvitation = NonNullable<AdminInvitations['invitations']>[number];

/** POST /api/vendor-invites (invite-vendor). */
export function inviteVendor(body: InviteInput) {
  return unwrap(api.POST('/api/vendor-invites', { body }));
}

/** POST /api/vendor-referrals (refer-vendor). */
export function referVendor(body: ReferralInput) {
  return unwrap(api.POST('/api/vendor-referrals', { body }));
}

/** GET /api/admin/vendor-invitations (administrators). */
export function adminInvitationsQuery(kind: '' | 'invite' | 'referral') {
  return queryOptions({
    queryKey: ['admin', 'vendor-invitations', kind],
    queryFn: () => unwrap(api.GET('/api/admin/vendor-invitations', { params: { query: { kind: kind || undefined, limit: 200 } } })),
    staleTime: 0,
    retry: false,
  });
}
