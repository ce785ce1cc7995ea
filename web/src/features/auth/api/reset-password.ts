import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';

/** POST /api/auth/reset: sets the new password from a reset link's token. */
export function useResetPassword() {
  return useMutation({
    ...SEND_ONCE,
    mutationFn: ({ token, password }: { token: string; password: string }) => unwrap(api.POST('/api/auth/reset', { body: { token, password } })),
  });
}
