import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** Consent version of spec 01§4/§9; a stored consent with another version counts as absent. */
export const CONSENT_VERSION = '1.0';
/** The banner appears this long after load. */
export const CONSENT_BANNER_DELAY_MS = 1000;

export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'functional', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type OptionalCategory = Exclude<ConsentCategory, 'necessary'>;

export interface ConsentPreferences {
  necessary: true;
  analytics: boolean;
  functional: boolean;
  marketing: boolean;
  /** ISO time of the choice. */
  timestamp: string;
  version: typeof CONSENT_VERSION;
}

export type ConsentChoice = Record<OptionalCategory, boolean>;

/** Parses a stored consent; anything malformed or of another version is null (absent). */
export function parseConsent(raw: string | null): ConsentPreferences | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (o.version !== CONSENT_VERSION) return null;
  if (o.necessary !== true) return null;
  if (typeof o.analytics !== 'boolean' || typeof o.functional !== 'boolean' || typeof o.marketing !== 'boolean') {
    return null;
  }
  if (typeof o.timestamp !== 'string' || Number.isNaN(Date.parse(o.timestamp))) return null;
  return {
    necessary: true,
    analytics: o.analytics,
    functional: o.functional,
    marketing: o.marketing,
    timestamp: o.timestamp,
    version: CONSENT_VERSION,
  };
}

export function readConsent(): ConsentPreferences | null {
  return parseConsent(readStorage('local', STORAGE_KEYS.consent));
}

export function saveConsent(choice: ConsentChoice, now: Date = new Date()): ConsentPreferences {
  const prefs: ConsentPreferences = {
    necessary: true,
    analytics: choice.analytics,
    functional: choice.functional,
    marketing: choice.marketing,
    timestamp: now.toISOString(),
    version: CONSENT_VERSION,
  };
  writeStorage('local', STORAGE_KEYS.consent, JSON.stringify(prefs));
  return prefs;
}

export const ACCEPT_ALL: ConsentChoice = { analytics: true, functional: true, marketing: true };
export const NECESSARY_ONLY: ConsentChoice = { analytics: false, functional: false, marketing: false };

interface PrivacySignals {
  navigator?: { doNotTrack?: string | null; globalPrivacyControl?: boolean } | null;
  window?: { doNotTrack?: string | null } | null;
}

/** Whether the browser asks not to be tracked: Do Not Track "1" or Global Privacy Control. */
export function browserSignalsDoNotTrack(
  signals: PrivacySignals = {
    navigator: typeof navigator === 'undefined' ? null : (navigator as PrivacySignals['navigator']),
    window: typeof window === 'undefined' ? null : (window as unknown as PrivacySignals['window']),
  },
): boolean {
  const nav = signals.navigator;
  const win = signals.window;
  return nav?.doNotTrack === '1' || win?.doNotTrack === '1' || nav?.globalPrivacyControl === true;
}

/** The banner shows unless a valid stored consent exists or the browser signals do-not-track. */
export function shouldShowConsentBanner(stored: ConsentPreferences | null, doNotTrack: boolean): boolean {
  return stored === null && !doNotTrack;
}
