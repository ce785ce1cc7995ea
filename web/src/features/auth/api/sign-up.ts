import { api, unwrap } from '../../../lib/api/client';

/** POST /api/auth/signup: creates the account and e-mails the verification link. */
export function signUp(input: { email: string; password: string; displayName: string; botToken: string }) {
  return unwrap(
    api.POST('/api/auth/signup', {
      body: {
        email: input.email.trim(),
        password: input.password,
        display_name: input.displayName.trim(),
        bot_token: input.botToken,
      },
    }),
  );
}
