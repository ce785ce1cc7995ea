import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { deviceFingerprint } from '../../../lib/device';
import { SEND_ONCE } from '../../../lib/queryClient';
import { completeSignIn } from '../../../lib/session';

export type SignInAnswer = ResponseBody<'/api/auth/signin', 'post'>;

/** POST /api/auth/signin; the session arrives as HttpOnly cookies and its answer becomes the viewer. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: ({ email, password }: { email: string; password: string }): Promise<SignInAnswer> =>
      unwrap(api.POST('/api/auth/signin', { body: { email: email.trim(), password, device_fingerprint: deviceFingerprint() } })),
    onSuccess: (answer) => completeSignIn(queryClient, answer),
  });
}
