import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';

/** POST /api/auth/resend: a new verification link (the answer is the same for any address). */
export function useResendVerification() {
  return useMutation({ ...SEND_ONCE, mutationFn: (email: string) => unwrap(api.POST('/api/auth/resend', { body: { email: email.trim() } })) });
}
