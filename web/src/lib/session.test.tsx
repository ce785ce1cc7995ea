import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './queryClient';
import { getSession, hasSignedInCookie, rememberSignedIn, useViewer, type Viewer } from './session';

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

describe('F-AUTH-10 the viewer on the first render', () => {
  function firstStatuses(): Viewer['status'][] {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const statuses: Viewer['status'][] = [];
    renderHook(
      () => {
        const v = useViewer();
        statuses.push(v.status);
        return v;
      },
      { wrapper },
    );
    return statuses;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("a visitor's browser is signed out from the first render (no loading state, no request)", () => {
    document.cookie = 'circle_signed_in=; Max-Age=0; path=/';
    const seen = stubSession();
    expect(firstStatuses()[0]).toBe('signed-out');
    expect(seen).toEqual([]);
  });

  it('a browser with the signed-in cookie is loading until the session is read', () => {
    stubSession();
    expect(firstStatuses()[0]).toBe('loading');
  });
});
