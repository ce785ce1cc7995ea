import { useMemo } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap, type ResponseBody } from './api/client';
import type { StepOutcome } from './sessionRecovery';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/** GET /api/auth/session: the signed-in profile with the roles the server decided. */
export type SessionAnswer = ResponseBody<'/api/auth/session', 'get'>;
export type ViewerProfile = SessionAnswer['profile'];
export type SessionInfo = SessionAnswer['session'];

export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * Requests the session layer makes itself carry this header, so the 401 hook of the API client
 * does not start a recovery because of them.
 */
export const INTERNAL_REQUEST_HEADER = 'X-Circle-Session-Internal';
const internal = { headers: { [INTERNAL_REQUEST_HEADER]: '1' } };

// ---------------------------------------------------------------------------------------------
// The signed-in hint: the session lives in HttpOnly cookies the page cannot read; this remembers
// that somebody signed in here, so a 401 means "expired" (recover) rather than "visitor".

export function rememberSignedIn(userId: string): void {
  if (readStorage('local', STORAGE_KEYS.signedInUser) !== userId) {
    writeStorage('local', STORAGE_KEYS.signedInUser, userId);
  }
}

export function forgetSignedIn(): void {
  removeStorage('local', STORAGE_KEYS.signedInUser);
}

/** The id of the user this browser believes is signed in, or null. */
export function signedInUserId(): string | null {
  return readStorage('local', STORAGE_KEYS.signedInUser);
}

/** The cookie the server sets beside the session cookies (readable, no secret). */
export const SIGNED_IN_COOKIE = 'circle_signed_in';

/** Whether the server has set its signed-in cookie in this browser. */
export function hasSignedInCookie(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

// ---------------------------------------------------------------------------------------------
// Auth state changes (spec 01§4: signed in, signed out, token refreshed, user updated).

export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED';
type AuthListener = (event: AuthEvent, profile: ViewerProfile | null) => void;
type BeforeSignOutHook = (profile: ViewerProfile) => Promise<unknown>;

const authListeners = new Set<AuthListener>();
const beforeSignOutHooks = new Set<BeforeSignOutHook>();

export function onAuthEvent(l: AuthListener): () => void {
  authListeners.add(l);
  return () => authListeners.delete(l);
}

/** Work to finish while the session still works, right before a user's sign-out. */
export function onBeforeSignOut(h: BeforeSignOutHook): () => void {
  beforeSignOutHooks.add(h);
  return () => beforeSignOutHooks.delete(h);
}

export function emitAuthEvent(event: AuthEvent, profile: ViewerProfile | null): void {
  for (const l of [...authListeners]) {
    try {
      l(event, profile);
    } catch (err) {
      console.error(err);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reading and refreshing the session.

async function readSession(): Promise<SessionAnswer | 'unauthenticated'> {
  try {
    return await unwrap(api.GET('/api/auth/session', internal));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return 'unauthenticated';
    throw err;
  }
}

function outcomeOf(err: unknown): StepOutcome {
  return err instanceof ApiError && err.status === 401 ? 'unauthenticated' : 'unreachable';
}

/** Refresh this long before the access token runs out. */
export const REFRESH_AHEAD_MS = 60_000;

let refreshing: Promise<{ outcome: StepOutcome; session?: SessionInfo }> | null = null;

async function withCrossTabLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request('circle-auth-refresh', fn) as Promise<T>;
  return fn();
}

/**
 * Rotates the session tokens (POST /api/auth/refresh). Rotated refresh tokens must never be
 * presented twice (the server then ends the session family), so one refresh runs at a time in
 * this tab and, with the Web Locks API, across tabs; inside the lock the session is read first
 * and the refresh skipped when another tab already did it.
 */
export function refreshTokens(): Promise<{ outcome: StepOutcome; session?: SessionInfo }> {
  refreshing ??= withCrossTabLock(async () => {
    try {
      const current = await readSession();
      if (current !== 'unauthenticated') {
        const left = Date.parse(current.session.access_expires_at) - Date.now();
        if (left > REFRESH_AHEAD_MS * 2) return { outcome: 'ok' as const, session: current.session };
      }
    } catch {
      // fall through to the refresh itself
    }
    try {
      const r = await unwrap(api.POST('/api/auth/refresh', internal));
      return { outcome: 'ok' as const, session: r.session };
    } catch (err) {
      return { outcome: outcomeOf(err) };
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Reads the current session; null means a visitor. When this browser believed somebody was
 * signed in and the access token has run out, the tokens are refreshed once and the session read
 * again (spec 01§4: restore from stored tokens).
 */
export async function getSession(): Promise<SessionAnswer | null> {
  // A visitor (no signed-in cookie, nobody remembered here) has no session to read: asking would
  // only fetch a 401.
  if (isVisitorBrowser()) return null;
  const first = await readSession();
  if (first !== 'unauthenticated') {
    rememberSignedIn(first.profile.user_id);
    return first;
  }
  if (!signedInUserId()) return null;
  const r = await refreshTokens();
  if (r.outcome !== 'ok') return null;
  const second = await readSession();
  return second === 'unauthenticated' ? null : second;
}

/** One recovery step: read the session and store it when it works. */
export async function checkSession(queryClient: QueryClient): Promise<StepOutcome> {
  try {
    const s = await readSession();
    if (s === 'unauthenticated') return 'unauthenticated';
    queryClient.setQueryData(sessionQueryKey, s);
    return 'ok';
  } catch (err) {
    return outcomeOf(err);
  }
}

/** Whether this browser is a visitor's: no signed-in cookie and nobody remembered here. */
function isVisitorBrowser(): boolean {
  return !hasSignedInCookie() && !signedInUserId();
}

export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
  staleTime: 30_000,
  // A visitor's browser is known to have no session without asking (getSession answers null at
  // once), so the first render already shows what a visitor sees: a loading state first would
  // show the marketplace without its hero, then push the page down when it came.
  initialData: () => (isVisitorBrowser() ? null : undefined),
});

// ---------------------------------------------------------------------------------------------
// The viewer.

/** Who is looking at the page (spec 01§6). Features use this; the auth feature keeps it fresh. */
export interface Viewer {
  status: 'loading' | 'signed-out' | 'signed-in';
  profile?: ViewerProfile;
  isAdmin: boolean;
  isPro: boolean;
  isVendor: boolean;
  isCreator: boolean;
  /** Support staff (the support desk at /support). */
  isSupport: boolean;
}

export function toViewer(answer: SessionAnswer | null | undefined, loading: boolean): Viewer {
  if (loading && answer === undefined) {
    return { status: 'loading', isAdmin: false, isPro: false, isVendor: false, isCreator: false, isSupport: false };
  }
  if (!answer) return { status: 'signed-out', isAdmin: false, isPro: false, isVendor: false, isCreator: false, isSupport: false };
  const p = answer.profile;
  return {
    status: 'signed-in',
    profile: p,
    isAdmin: p.is_admin_effective,
    isPro: p.is_pro_effective,
    isVendor: p.vendor_enabled,
    isCreator: p.is_creator || p.is_staff,
    isSupport: p.is_support,
  };
}

export function useViewer(): Viewer {
  const q = useQuery(sessionQuery);
  // One object per session state: screens put the viewer in memoized values (the marketplace's
  // card context), which a fresh object on every render would invalidate.
  return useMemo(() => toViewer(q.data, q.isLoading), [q.data, q.isLoading]);
}

// ---------------------------------------------------------------------------------------------
// Sign-in and sign-out: the query data of one user never survives into another's session.

/**
 * Drops every query except the session and the public app config. Queries are removed, not
 * refetched: a screen re-renders for the new viewer and builds its queries afresh, so nothing is
 * asked with the old viewer's options (a signed-out refetch of a signed-in query would be a 401).
 */
function resetUserData(queryClient: QueryClient): void {
  const predicate = (q: { queryKey: readonly unknown[] }) =>
    !((q.queryKey[0] === sessionQueryKey[0] && q.queryKey[1] === sessionQueryKey[1]) || q.queryKey[0] === 'app-config');
  void queryClient.cancelQueries({ predicate });
  queryClient.removeQueries({ predicate });
}

/** Stores a new session (sign-in answer or session read): the provisional profile shows at once. */
export function completeSignIn(queryClient: QueryClient, answer: SessionAnswer): void {
  rememberSignedIn(answer.profile.user_id);
  queryClient.setQueryData(sessionQueryKey, { profile: answer.profile, session: answer.session });
  resetUserData(queryClient);
  emitAuthEvent('SIGNED_IN', answer.profile);
}

/** The profile changed (profile settings, ensure-exists): the header and menus follow. */
export function updateViewerProfile(queryClient: QueryClient, profile: ViewerProfile): void {
  queryClient.setQueryData<SessionAnswer | null>(sessionQueryKey, (old) => (old ? { ...old, profile } : old));
  emitAuthEvent('USER_UPDATED', profile);
}

/** New tokens: keep the session info (access expiry) current. */
export function updateSessionInfo(queryClient: QueryClient, session: SessionInfo): void {
  const old = queryClient.getQueryData<SessionAnswer | null>(sessionQueryKey);
  if (!old) return;
  const next: SessionAnswer = { ...old, session };
  queryClient.setQueryData(sessionQueryKey, next);
  emitAuthEvent('TOKEN_REFRESHED', old.profile);
}

let signingOut = false;

/** True while a sign-out is under way: its 401s are expected. */
export function isSigningOut(): boolean {
  return signingOut;
}

/** Clears the signed-in state in this tab (no server call). */
export function clearLocalSession(queryClient: QueryClient): void {
  const old = queryClient.getQueryData<SessionAnswer | null>(sessionQueryKey);
  forgetSignedIn();
  queryClient.setQueryData(sessionQueryKey, null);
  resetUserData(queryClient);
  emitAuthEvent('SIGNED_OUT', old?.profile ?? null);
}

/**
 * The user's own sign-out: security work first (while the session still works), then the server
 * ends the session and the local state is cleared. Throws when the server could not be reached,
 * leaving the user signed in ("Sign out failed").
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const old = queryClient.getQueryData<SessionAnswer | null>(sessionQueryKey);
  signingOut = true;
  try {
    if (old) {
      const hooks = [...beforeSignOutHooks].map((h) => h(old.profile).catch(() => undefined));
      await Promise.race([Promise.all(hooks), new Promise((r) => setTimeout(r, 2000))]);
    }
    const { response } = await api.POST('/api/auth/signout');
    if (!response.ok && response.status !== 401) throw new ApiError(response.status, null, response.statusText);
    clearLocalSession(queryClient);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(0, null, err instanceof Error ? err.message : 'Network error');
  } finally {
    signingOut = false;
  }
}

/** Ends the session on the server without waiting for security work (forced sign-out). */
export async function endSessionQuietly(queryClient: QueryClient): Promise<void> {
  signingOut = true;
  try {
    await api.POST('/api/auth/signout', internal).catch(() => undefined);
  } finally {
    signingOut = false;
    clearLocalSession(queryClient);
  }
}

// ---------------------------------------------------------------------------------------------
// Navigation from outside React (forced sign-out): the router registers itself.

let navigator_: ((to: string) => void) | null = null;

export function setAppNavigator(fn: ((to: string) => void) | null): void {
  navigator_ = fn;
}

export function appNavigate(to: string): void {
  if (navigator_) navigator_(to);
  else window.location.assign(to);
}
