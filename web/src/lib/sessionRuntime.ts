import type { QueryClient } from '@tanstack/react-query';
import type { Middleware } from 'openapi-fetch';
import { api, unwrap, type ResponseBody } from './api/client';
import { deviceFingerprint } from './device';
import i18n from './i18n';
import { reportConnectivityProblem } from './monitoring/connectivity';
import { installMonitoring, trackEvent } from './monitoring';
import {
  appNavigate,
  checkSession,
  clearLocalSession,
  endSessionQuietly,
  forgetSignedIn,
  INTERNAL_REQUEST_HEADER,
  isSigningOut,
  onAuthEvent,
  refreshTokens,
  REFRESH_AHEAD_MS,
  sessionQueryKey,
  signedInUserId,
  updateSessionInfo,
  updateViewerProfile,
  type SessionAnswer,
} from './session';
import { clearNotices, noticeKindOfAlert, pushNotice } from './sessionNotices';
import { createSessionRecovery, RECOVERY_TOAST_MS, type RecoveryReason } from './sessionRecovery';
import { readStorage, removeStorage, STORAGE_KEYS } from './storage';
import { toast } from './toast';
import type { components } from './api/schema';

/** Session heartbeat every 30 s, paused while the tab is hidden (spec 01§4). */
export const HEARTBEAT_MS = 30_000;

export type SessionControlAnswer = ResponseBody<'/api/session-control', 'post'>;
type SessionAction = components['schemas']['SessionControlInputBody']['action'];

const internal = { [INTERNAL_REQUEST_HEADER]: '1' };

/** POST /api/session-control with this browser's device fingerprint. */
export function sessionControl(action: SessionAction, sessionIds?: string[], quiet = false): Promise<SessionControlAnswer> {
  return unwrap(
    api.POST('/api/session-control', {
      body: { action, sessionIds, deviceFingerprint: deviceFingerprint() },
      headers: quiet ? internal : undefined,
    }),
  );
}

/** Queues the security notices of a session-control answer or a sign-in warning for a user. */
export function noticeFromAnswer(
  userId: string,
  answer: { warning?: string; alerts?: string[] | null; activeSessions?: number },
): void {
  if (answer.warning) pushNotice({ kind: 'too_many', userId, message: answer.warning, activeSessions: answer.activeSessions });
  for (const a of answer.alerts ?? []) {
    pushNotice({ kind: noticeKindOfAlert(a), userId, activeSessions: answer.activeSessions });
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

let installed = false;
let triggerRecovery: (reason: RecoveryReason) => void = () => undefined;

/** Starts a session recovery from outside (tests, soft recovery). */
export function recoverSession(reason: RecoveryReason): void {
  triggerRecovery(reason);
}

/**
 * The session layer's background work: the 401 hook of the API client and session recovery,
 * proactive token refresh, heartbeat, session start and security notices, ensure-profile after
 * sign-in, the Google sign-in return and sign-outs in other tabs.
 */
export function installSessionRuntime(queryClient: QueryClient): () => void {
  if (installed || typeof window === 'undefined') return () => undefined;
  installed = true;
  const t = i18n.t.bind(i18n);
  const session = () => queryClient.getQueryData<SessionAnswer | null>(sessionQueryKey) ?? null;

  // --- forced sign-out (01§4, 01§8)
  let forcing = false;
  async function forceSignOut() {
    if (forcing) return;
    forcing = true;
    forgetSignedIn();
    toast({ title: t('session.expired'), variant: 'error' });
    await new Promise((r) => setTimeout(r, 1500));
    await endSessionQuietly(queryClient);
    toast({ title: t('session.signedOutExpired'), duration: 8000 });
    const here = window.location.pathname + window.location.search;
    const redirect = window.location.pathname === '/auth' ? '' : `&redirect=${encodeURIComponent(here)}`;
    forcing = false;
    appNavigate(`/auth?reason=session_expired${redirect}`);
  }

  // --- recovery
  const recovery = createSessionRecovery(
    {
      check: () => checkSession(queryClient),
      refresh: async () => {
        const r = await refreshTokens();
        return r.outcome === 'ok' ? checkSession(queryClient) : r.outcome;
      },
      restore: () => checkSession(queryClient),
    },
    {
      onRecovered(how, reason) {
        void queryClient.invalidateQueries({ predicate: (q) => q.state.status === 'error' });
        if (how !== 'check') {
          toast({ title: t('session.restored'), variant: 'success', duration: RECOVERY_TOAST_MS });
          trackEvent('session_restored', { reason, step: how });
        }
      },
      onExhausted(last) {
        if (last === 'unauthenticated') {
          void forceSignOut();
          return;
        }
        // The server could not be asked: keep the session, say so, offer to try again.
        reportConnectivityProblem();
        toast({
          title: t('session.checkFailed'),
          description: t('session.checkFailedBody'),
          variant: 'error',
          duration: RECOVERY_TOAST_MS,
          action: {
            label: t('session.retry'),
            onClick: () => {
              recovery.reset();
              triggerRecovery('general_recovery');
            },
          },
        });
      },
    },
  );
  triggerRecovery = (reason) => {
    if (signedInUserId() && !isSigningOut() && !forcing) recovery.trigger(reason);
  };

  // --- the 401 hook: any API call answered 401 while signed in starts a recovery
  const unauthorizedHook: Middleware = {
    onResponse({ request, response }) {
      if (response.status !== 401) return undefined;
      if (request.headers.get(INTERNAL_REQUEST_HEADER)) return undefined;
      if (pathOf(request.url).startsWith('/api/auth/')) return undefined;
      triggerRecovery('auth_recovery');
      return undefined;
    },
  };
  api.use(unauthorizedHook);

  const uninstallMonitoring = installMonitoring(queryClient, () => triggerRecovery('general_recovery'));

  // --- proactive refresh before the access token runs out
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  function scheduleRefresh() {
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = null;
    const s = session();
    if (!s) return;
    const due = Date.parse(s.session.access_expires_at) - REFRESH_AHEAD_MS;
    if (Number.isNaN(due)) return;
    // setTimeout cannot wait longer than 2^31-1 ms (it would fire at once).
    const wait = Math.min(Math.max(1000, due - Date.now()), 2 ** 31 - 1);
    refreshTimer = setTimeout(() => void refreshNow(), wait);
  }
  async function refreshNow() {
    if (!session()) return;
    const r = await refreshTokens();
    if (r.outcome === 'ok' && r.session) updateSessionInfo(queryClient, r.session);
    else if (r.outcome === 'unauthenticated') triggerRecovery('token_refresh');
    else refreshTimer = setTimeout(() => void refreshNow(), HEARTBEAT_MS);
  }

  // --- heartbeat and session start
  let startedFor: string | null = null;
  async function beat(action: 'start' | 'heartbeat') {
    const s = session();
    if (!s) return;
    try {
      const answer = await sessionControl(action);
      noticeFromAnswer(s.profile.user_id, answer);
    } catch {
      // a 401 starts recovery through the hook; anything else waits for the next beat
    }
  }
  const heartbeat = setInterval(() => {
    if (document.visibilityState === 'visible' && session()) void beat('heartbeat');
  }, HEARTBEAT_MS);

  function onVisibility() {
    if (document.visibilityState !== 'visible') return;
    const s = session();
    if (!s) return;
    if (Date.parse(s.session.access_expires_at) - Date.now() < REFRESH_AHEAD_MS) void refreshNow();
    void beat('heartbeat');
  }
  document.addEventListener('visibilitychange', onVisibility);

  async function ensureProfile() {
    try {
      const p = await unwrap(api.POST('/api/profile/ensure'));
      updateViewerProfile(queryClient, p);
    } catch {
      // the provisional profile from the sign-in answer stays
    }
  }

  function onSession(s: SessionAnswer | null) {
    scheduleRefresh();
    if (s && startedFor !== s.session.id) {
      startedFor = s.session.id;
      void beat('start');
      // Back from a Google sign-in (a full-page redirect): welcome and record it.
      if (readStorage('session', STORAGE_KEYS.googlePending)) {
        removeStorage('session', STORAGE_KEYS.googlePending);
        toast({ title: t('auth.toast.welcomeBack'), description: t('auth.toast.welcomeBackBody'), variant: 'success' });
        trackEvent('login_success', { email: s.profile.email });
        void ensureProfile();
      }
    }
    if (!s) {
      startedFor = null;
      // A sign-out nobody asked for (the session read came back empty while this browser
      // believed somebody was signed in): recover (01§4).
      if (signedInUserId() && !isSigningOut()) triggerRecovery('session_restore');
    }
  }

  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.query.queryKey;
    if (key[0] !== sessionQueryKey[0] || key[1] !== sessionQueryKey[1]) return;
    onSession((event.query.state.data as SessionAnswer | null | undefined) ?? null);
  });
  const initial = session();
  if (initial) onSession(initial);

  const offAuth = onAuthEvent((event) => {
    if (event === 'SIGNED_IN') {
      recovery.reset();
      void ensureProfile();
    }
    if (event === 'SIGNED_OUT') {
      recovery.reset();
      clearNotices();
      startedFor = null;
    }
  });

  // --- other tabs: a sign-out there signs this tab out; a sign-in there is picked up
  function onStorage(e: StorageEvent) {
    if (e.key !== STORAGE_KEYS.signedInUser) return;
    const s = session();
    if (e.newValue === null) {
      if (s) clearLocalSession(queryClient);
    } else if (!s || s.profile.user_id !== e.newValue) {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }
  }
  window.addEventListener('storage', onStorage);

  return () => {
    installed = false;
    triggerRecovery = () => undefined;
    recovery.reset();
    api.eject(unauthorizedHook);
    uninstallMonitoring();
    clearInterval(heartbeat);
    if (refreshTimer) clearTimeout(refreshTimer);
    document.removeEventListener('visibilitychange', onVisibility);
    unsubscribeCache();
    offAuth();
    window.removeEventListener('storage', onStorage);
  };
}
