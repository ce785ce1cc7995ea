import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { recordConversion } from '../../../lib/experiments';
import { SEND_ONCE } from '../../../lib/queryClient';

/** POST /api/auth/signup: creates the account and e-mails the verification link. */
export function useSignUp() {
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (input: { email: string; password: string; displayName: string; botToken: string }) =>
      unwrap(
        api.POST('/api/auth/signup', {
          body: {
            email: input.email.trim(),
            password: input.password,
            display_name: input.displayName.trim(),
            bot_token: input.botToken,
          },
        }),
      ),
    // An account created is the intro dialog experiment's conversion (only when this browser is in it).
    onSuccess: () => recordConversion('intro_v1'),
  });
}
