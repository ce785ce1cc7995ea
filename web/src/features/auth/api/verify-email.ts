import { api, unwrap } from '../../../lib/api/client';

/** POST /api/auth/verify with the token of the e-mailed link (/auth?verify=TOKEN). */
export function verifyEmail(token: string) {
  return unwrap(api.POST('/api/auth/verify', { body: { token } }));
}
