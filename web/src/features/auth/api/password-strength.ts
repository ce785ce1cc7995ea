import { api, unwrap, type ResponseBody } from '../../../lib/api/client';

export type PasswordStrength = ResponseBody<'/api/auth/password-strength', 'post'>;

/** POST /api/auth/password-strength (validate_password_strength): the server scores it. */
export function getPasswordStrength(password: string, signal?: AbortSignal): Promise<PasswordStrength> {
  return unwrap(api.POST('/api/auth/password-strength', { body: { password }, signal }));
}
