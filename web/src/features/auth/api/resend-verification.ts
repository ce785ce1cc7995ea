import { api, unwrap } from '../../../lib/api/client';

/** POST /api/auth/resend: a new verification link (the answer is the same for any address). */
export function resendVerification(email: string) {
  return unwrap(api.POST('/api/auth/resend', { body: { email: email.trim() } }));
}
