import { api, unwrap } from '../../../lib/api/client';
import { useSendOnce } from '../../../lib/queryClient';
import { adminKeys } from './keys';

export type GrantableRole = 'admin' | 'creator' | 'vendor' | 'pro' | 'support';

// After any change to a user their page, the lists and the audit log are stale: each write below
// marks every admin query (adminKeys.all) stale.

/** POST /api/admin/users/{id}/roles */
export function useGrantRole(id: string) {
  return useSendOnce((v: { role: GrantableRole; reason: string }) => unwrap(api.POST('/api/admin/users/{id}/roles', { params: { path: { id } }, body: v })), adminKeys.all);
}

/** DELETE /api/admin/users/{id}/roles/{role} */
export function useRevokeRole(id: string) {
  return useSendOnce((role: GrantableRole) => unwrap(api.DELETE('/api/admin/users/{id}/roles/{role}', { params: { path: { id, role } } })), adminKeys.all);
}

/** POST /api/admin/users/{id}/disable */
export function useDisableUser(id: string) {
  return useSendOnce(() => unwrap(api.POST('/api/admin/users/{id}/disable', { params: { path: { id } } })), adminKeys.all);
}

/** POST /api/admin/users/{id}/enable */
export function useEnableUser(id: string) {
  return useSendOnce(() => unwrap(api.POST('/api/admin/users/{id}/enable', { params: { path: { id } } })), adminKeys.all);
}

/** DELETE /api/admin/users/{id}/sessions/{session} */
export function useRevokeUserSession(id: string) {
  return useSendOnce((session: string) => unwrap(api.DELETE('/api/admin/users/{id}/sessions/{session}', { params: { path: { id, session } } })), adminKeys.all);
}

/** POST /api/admin/users/{id}/resend-verification */
export function useResendVerification(id: string) {
  return useSendOnce(() => unwrap(api.POST('/api/admin/users/{id}/resend-verification', { params: { path: { id } } })), adminKeys.all);
}

/** POST /api/admin/users/{id}/force-password-reset */
export function useForceReset(id: string) {
  return useSendOnce(() => unwrap(api.POST('/api/admin/users/{id}/force-password-reset', { params: { path: { id } } })), adminKeys.all);
}
