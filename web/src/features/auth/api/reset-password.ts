import { api, unwrap } from '../../../lib/api/client';

/** POST /api/auth/reset: sets the new password from a reset link's token. */
export function resetPassword(token: string, password: string) {
  return unwrap(api.POST('/api/auth/reset', { body: { token, password } }));
}
