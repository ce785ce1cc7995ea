import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';

/** POST /api/auth/reset-request: e-mails a password-reset link (/auth?reset=TOKEN). */
export function useRequestReset() {
  return useMutation({ ...SEND_ONCE, mutationFn: (email: string) => unwrap(api.POST('/api/auth/reset-request', { body: { email: email.trim() } })) });
}
