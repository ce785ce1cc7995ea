/**
 * Every browser-storage key the web app uses, in one place.
 * localStorage: language, cookie consent, feature-flag overrides, last remote cache bust, device id,
 * signed-in user id.
 * sessionStorage: reload reason, version-reload guard, dismissed security notices, lockout e-mail,
 * Google sign-in marker.
 */
export const STORAGE_KEYS = {
  /** localStorage: "en" | "es" | "fr" (spec 01§9). */
  language: 'preferredLanguage',
  /** localStorage: consent preferences JSON, version "1.0" (spec 01§4). */
  consent: 'circle-cookie-consent',
  /** localStorage: JSON object of feature flag -> boolean (spec 02§6). */
  featureFlags: 'circle-feature-flags',
  /** localStorage: the force_cache_bust_after value last acted on (ISO time). */
  lastCacheBust: 'circle-last-cache-bust',
  /** sessionStorage: why the app reloaded itself; read and cleared after the next load. */
  reloadReason: 'circle-reload-reason',
  /** sessionStorage: the min_build_version that already caused one forced reload in this tab. */
  versionReload: 'circle-version-reload',
  /** localStorage: a stable random id of this browser, sent as the device fingerprint. */
  deviceId: 'circle-auth-device',
  /** localStorage: the signed-in user's id; the session itself is in HttpOnly cookies. */
  signedInUser: 'circle-auth-user',
  /** sessionStorage: JSON list of "userId:notice" security notices dismissed in this tab session. */
  dismissedNotices: 'circle-auth-notices',
  /** sessionStorage: the e-mail typed on /auth, kept across the reload at the end of a lockout. */
  pendingEmail: 'circle-auth-pending-email',
  /** sessionStorage: set while a Google sign-in is under way (full-page redirect). */
  googlePending: 'circle-auth-google',
  /** sessionStorage: what a signed-out visitor tried to do, done after sign-in (lib/pendingAction). */
  pendingAction: 'circle-pending-action',
  /** sessionStorage: a visitor's DISC answers, saved once they sign in (features/assessments). */
  pendingDisc: 'circle-pending-disc',
  /** sessionStorage: a visitor's agent-questionnaire answers, kept across sign-in (features/assessments). */
  pendingQuestionnaire: 'circle-pending-questionnaire',
  /** sessionStorage: the token of the partner payment link this tab went to pay, for the canceled page's way back. */
  partnerLink: 'circle-partner-link',
} as const;

/** localStorage keys starting with this prefix hold the signed-in session and survive cache clears. */
export const SESSION_KEY_PREFIX = 'circle-auth';

/**
 * localStorage keys kept when caches are cleared: the session and the visitor's own choices.
 * The last cache-bust time must survive too, or a remote cache bust would reload forever.
 */
export const PRESERVED_LOCAL_KEYS: readonly string[] = [
  STORAGE_KEYS.language,
  STORAGE_KEYS.consent,
  STORAGE_KEYS.lastCacheBust,
];

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

export function readStorage(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a value; returns false when the browser refused. */
export function writeStorage(which: Area, key: string, value: string): boolean {
  try {
    const s = area(which);
    if (!s) return false;
    s.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStorage(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // nothing to do
  }
}

/** Removes every localStorage entry except the session and the preserved choices. */
export function clearLocalStorageKeepingSession(): void {
  const s = area('local');
  if (!s) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k !== null) keys.push(k);
    }
    for (const k of keys) {
      if (k.startsWith(SESSION_KEY_PREFIX) || PRESERVED_LOCAL_KEYS.includes(k)) continue;
      s.removeItem(k);
    }
  } catch {
    // nothing to do
  }
}
