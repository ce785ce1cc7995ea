import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';
import { adminKeys } from './keys';

export type GrantableRole = 'admin' | 'creator' | 'vendor' | 'pro' | 'support';

/** After any change to a user: their page, the lists and the audit log are stale. */
function useInvalidateAdmin() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: adminKeys.all });
}

/** POST /api/admin/users/{id}/roles */
export function useGrantRole(id: string) {
  const onSuccess = useInvalidateAdmin();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (v: { role: GrantableRole; reason: string }) => unwrap(api.POST('/api/admin/users/{id}/roles', { params: { path: { id } }, body: v })),
    onSuccess,
  });
}

/** DELETE /api/admin/users/{id}/roles/{role} */
export function useRevokeRole(id: string) {
  const onSuccess = useInvalidateAdmin();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (role: GrantableRole) => unwrap(api.DELETE('/api/admin/users/{id}/roles/{role}', { params: { path: { id, role } } })),
    onSuccess,
  });
}

/** POST /api/admin/users/{id}/disable */
export function useDisableUser(id: string) {
  const onSuccess = useInvalidateAdmin();
  return useMutation({ ...SEND_ONCE, mutationFn: () => unwrap(api.POST('/api/admin/users/{id}/disable', { params: { path: { id } } })), onSuccess });
}

/** POST /api/admin/users/{id}/enable */
export function useEnableUser(id: string) {
  const onSuccess = useInvalidateAdmin();
  return useMutation({ ...SEND_ONCE, mutationFn: () => unwrap(api.POST('/api/admin/users/{id}/enable', { params: { path: { id } } })), onSuccess });
}

/** DELETE /api/admin/users/{id}/sessions/{session} */
export function useRevokeUserSession(id: string) {
  const onSuccess = useInvalidateAdmin();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (session: string) => unwrap(api.DELETE('/api/admin/users/{id}/sessions/{session}', { params: { path: { id, session } } })),
    onSuccess,
  });
}

/** POST /api/admin/users/{id}/resend-verification */
export function useResendVerification(id: string) {
  const onSuccess = useInvalidateAdmin();
  return useMutation({ ...SEND_ONCE, mutationFn: () => unwrap(api.POST('/api/admin/users/{id}/resend-verification', { params: { path: { id } } })), onSuccess });
}

/** POST /api/admin/users/{id}/force-password-reset */
export function useForceReset(id: string) {
  const onSuccess = useInvalidateAdmin();
  return useMutation({ ...SEND_ONCE, mutationFn: () => unwrap(api.POST('/api/admin/users/{id}/force-password-reset', { params: { path: { id } } })), onSuccess });
}
