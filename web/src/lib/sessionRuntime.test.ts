import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../test/render';
import { sessionAnswer } from '../test/session';
import { api } from './api/client';
import { createQueryClient } from './queryClient';
import { sessionQueryKey, setAppNavigator, signedInUserId, rememberSignedIn } from './session';
import { installSessionRuntime } from './sessionRuntime';
import { getToasts } from './toast';

const SESSION = {
  profile: { user_id: 'u-1', email: 'agent@demo.test', display_name: 'Dana' },
  session: sessionAnswer().session,
};

type Route = (method: string) => { status: number; body?: unknown };

function stub(routes: Record<string, Route>) {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const req = input instanceof Request ? input : new Request(String(input));
      const path = new URL(req.url).pathname;
      seen.push(`${req.method} ${path}`);
      const r = routes[path]?.(req.method) ?? { status: 404, body: { code: 'not_found', message: 'nf' } };
      return new Response(r.status === 204 ? null : JSON.stringify(r.body ?? {}), {
        status: r.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return seen;
}

const unauth = { status: 401, body: { code: 'unauthenticated', message: 'Session expired. Please sign in again.' } };
const config: Route = () => ({ status: 200, body: DEFAULT_CONFIG });
const control: Route = () => ({ status: 200, body: { activeSessions: 1, maxSessions: 5, alerts: [] } });

describe('F-AUTH-11 session recovery in the app', { timeout: 30_000 }, () => {
  let uninstall: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    uninstall();
    setAppNavigator(null);
    vi.useRealTimers();
  });

  it('a 401 while signed in refreshes the tokens and says "Session restored successfully" for 8 s', async () => {
    let refreshed = false;
    const seen = stub({
      '/api/config': config,
      '/api/session-control': control,
      '/api/profile': () => (refreshed ? { status: 200, body: SESSION.profile } : unauth),
      '/api/auth/session': () => (refreshed ? { status: 200, body: SESSION } : unauth),
      '/api/auth/refresh': () => {
        refreshed = true;
        return { status: 200, body: { session: SESSION.session } };
      },
    });
    const qc = createQueryClient();
    rememberSignedIn('u-1');
    qc.setQueryData(sessionQueryKey, SESSION);
    uninstall = installSessionRuntime(qc);
    await api.GET('/api/profile');
    await vi.waitFor(() => expect(getToasts()[0]?.title).toBe('Session restored successfully'));
    expect(getToasts()[0]?.duration).toBe(8000);
    expect(seen).toEqual(expect.arrayContaining(['GET /api/auth/session', 'POST /api/auth/refresh']));
    expect(signedInUserId()).toBe('u-1');
  });

  it('a session that is gone: 3 attempts, then the two toasts and /auth?reason=session_expired', async () => {
    const seen = stub({
      '/api/config': config,
      '/api/session-control': () => unauth,
      '/api/profile': () => unauth,
      '/api/auth/session': () => unauth,
      '/api/auth/refresh': () => unauth,
      '/api/auth/signout': () => ({ status: 204 }),
    });
    const navigate = vi.fn();
    setAppNavigator(navigate);
    const qc = createQueryClient();
    rememberSignedIn('u-1');
    qc.setQueryData(sessionQueryKey, SESSION);
    uninstall = installSessionRuntime(qc);
    await api.GET('/api/profile');
    await vi.advanceTimersByTimeAsync(100);
    expect(seen.filter((s) => s === 'POST /api/auth/refresh')).toHaveLength(1);
    // More 401s during the cooldown start nothing new.
    await api.GET('/api/profile');
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen.filter((s) => s === 'POST /api/auth/refresh')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen.filter((s) => s === 'POST /api/auth/refresh')).toHaveLength(3);
    await vi.waitFor(() => expect(getToasts()[0]?.title).toBe('Session expired. Please sign in again.'));
    await vi.advanceTimersByTimeAsync(1600);
    await vi.waitFor(() => expect(getToasts()[0]?.title).toBe('You have been signed out due to session expiration'));
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/auth\?reason=session_expired/));
    expect(qc.getQueryData(sessionQueryKey)).toBeNull();
    expect(signedInUserId()).toBeNull();
    expect(seen).toContain('POST /api/auth/signout');
  });

  it('a visitor\'s 401s start no recovery', async () => {
    const seen = stub({ '/api/config': config, '/api/profile': () => unauth });
    const qc = createQueryClient();
    uninstall = installSessionRuntime(qc);
    await api.GET('/api/profile');
    await vi.advanceTimersByTimeAsync(12_000);
    expect(seen.some((s) => s.includes('/api/auth/'))).toBe(false);
    expect(getToasts()).toHaveLength(0);
  });
});
