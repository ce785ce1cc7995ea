import { readStorage, writeStorage } from './storage';

/** sessionStorage keys of the view and sponsored-event records. */
export const TRACKING_KEYS = {
  /** random id of this browser session, sent with views and sponsored events. */
  viewerKey: 'circle-viewer-key',
  /** service id -> when its view was last recorded (ms). */
  viewedServices: 'circle-viewed-services',
  /** "{event}:{placement}:{service id}" -> when it was last recorded (ms). */
  sponsoredEvents: 'circle-sponsored-events',
} as const;

/** Views once per service per session within 15 minutes (03§7, 03§9). */
export const VIEW_DEDUPE_MS = 15 * 60 * 1000;
/** Sponsored events once per 5 minutes per service and placement per session (02§4). */
export const SPONSORED_DEDUPE_MS = 5 * 60 * 1000;

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The random id of this browser session (sessionStorage), sent with views and sponsored events. */
export function viewerKey(): string {
  const stored = readStorage('session', TRACKING_KEYS.viewerKey);
  if (stored && stored.length >= 8 && stored.length <= 64) return stored;
  const key = randomId();
  writeStorage('session', TRACKING_KEYS.viewerKey, key);
  return key;
}

function readMap(key: string): Record<string, number> {
  try {
    const v: unknown = JSON.parse(readStorage('session', key) ?? '{}');
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    const out: Record<string, number> = {};
    for (const [k, t] of Object.entries(v)) if (typeof t === 'number') out[k] = t;
    return out;
  } catch {
    return {};
  }
}

/**
 * Whether an event may be sent now: false when the same id was recorded within windowMs in this
 * session. A true answer records it (entries older than the window are dropped).
 */
export function claimOncePer(storageKey: string, id: string, windowMs: number, now = Date.now()): boolean {
  const map = readMap(storageKey);
  const last = map[id];
  if (last !== undefined && now - last >= 0 && now - last < windowMs) return false;
  const kept: Record<string, number> = {};
  for (const [k, t] of Object.entries(map)) if (now - t < windowMs) kept[k] = t;
  kept[id] = now;
  writeStorage('session', storageKey, JSON.stringify(kept));
  return true;
}

/** Gives back a claim whose request failed, so a later attempt may send it. */
export function releaseClaim(storageKey: string, id: string): void {
  const map = readMap(storageKey);
  delete map[id];
  writeStorage('session', storageKey, JSON.stringify(map));
}

export function claimView(serviceId: string, now?: number): boolean {
  return claimOncePer(TRACKING_KEYS.viewedServices, serviceId, VIEW_DEDUPE_MS, now);
}

export function sponsoredClaimKey(event: 'impression' | 'click', placement: string, serviceId: string): string {
  return `${event}:${placement}:${serviceId}`;
}

export function claimSponsored(event: 'impression' | 'click', placement: string, serviceId: string, now?: number): boolean {
  return claimOncePer(TRACKING_KEYS.sponsoredEvents, sponsoredClaimKey(event, placement, serviceId), SPONSORED_DEDUPE_MS, now);
}
