import { api, unwrap } from '../../../lib/api/client';

/** POST /api/auth/reset-request: e-mails a password-reset link (/auth?reset=TOKEN). */
export function requestReset(email: string) {
  return unwrap(api.POST('/api/auth/reset-request', { body: { email: email.trim() } }));
}
