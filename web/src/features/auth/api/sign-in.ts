import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { deviceFingerprint } from '../../../lib/device';

export type SignInAnswer = ResponseBody<'/api/auth/signin', 'post'>;

/** POST /api/auth/signin; the session arrives as HttpOnly cookies. */
export function signIn(email: string, password: string): Promise<SignInAnswer> {
  return unwrap(
    api.POST('/api/auth/signin', { body: { email: email.trim(), password, device_fingerprint: deviceFingerprint() } }),
  );
}
