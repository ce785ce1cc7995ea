import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, hasSignedInCookie, rememberSignedIn } from './session';

const SESSION = {
  profile: { user_id: 'u-1', email: 'agent@demo.test', display_name: 'Dana' },
  session: { id: 's-1', expires_at: '2099-01-01T00:00:00Z', access_expires_at: '2099-01-01T00:00:00Z' },
};

function stubSession() {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const req = input instanceof Request ? input : new Request(String(input));
      seen.push(new URL(req.url).pathname);
      return new Response(JSON.stringify(SESSION), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return seen;
}

describe('F-AUTH-10 reading the session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a visitor (no circle_signed_in cookie, nobody remembered) is not asked for: no request', async () => {
    document.cookie = 'circle_signed_in=; Max-Age=0; path=/';
    expect(hasSignedInCookie()).toBe(false);
    const seen = stubSession();
    expect(await getSession()).toBeNull();
    expect(seen).toEqual([]);
  });

  it('with the cookie the session is read', async () => {
    expect(hasSignedInCookie()).toBe(true); // set by src/test/setup.ts, as after a sign-in
    const seen = stubSession();
    expect((await getSession())?.session.id).toBe('s-1');
    expect(seen).toEqual(['/api/auth/session']);
  });

  it('without the cookie, a browser that remembers a signed-in user still reads it', async () => {
    document.cookie = 'circle_signed_in=; Max-Age=0; path=/';
    rememberSignedIn('u-1');
    const seen = stubSession();
    expect((await getSession())?.profile.user_id).toBe('u-1');
    expect(seen).toEqual(['/api/auth/session']);
  });
});
