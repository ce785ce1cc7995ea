import { api, unwrap, type ResponseBody } from '../../../lib/api/client';

/** GET /api/auth/providers: Google availability and the bot check (with a fresh challenge). */
export type AuthProviders = ResponseBody<'/api/auth/providers', 'get'>;
export type PowChallenge = NonNullable<AuthProviders['bot_check']['pow']>;

export const providersQueryKey = ['auth', 'providers'] as const;

export function getProviders(): Promise<AuthProviders> {
  return unwrap(api.GET('/api/auth/providers', { cache: 'no-store' }));
}
