import { api, unwrap, type ResponseBody } from '../../../lib/api/client';

export type LockStatus = ResponseBody<'/api/auth/lockout-status', 'post'>;

/** POST /api/auth/lockout-status (check_and_update_lockout's read). */
export function getLockoutStatus(email: string, signal?: AbortSignal): Promise<LockStatus> {
  return unwrap(api.POST('/api/auth/lockout-status', { body: { email: email.trim() }, signal }));
}
