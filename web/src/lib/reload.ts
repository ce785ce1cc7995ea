import { browser } from './browser';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/** Why the app reloaded itself (spec 01§4); each has its own toast after the reload. */
export const RELOAD_REASONS = [
  'self_heal',
  'cookie_recovery',
  'version_update',
  'recovery_fallback',
  'manual',
  'session_recovery',
  'default',
] as const;
export type ReloadReason = (typeof RELOAD_REASONS)[number];

export function isReloadReason(v: string): v is ReloadReason {
  return (RELOAD_REASONS as readonly string[]).includes(v);
}

/** Stores the reason in sessionStorage, then reloads the page. */
export function reloadWithReason(reason: ReloadReason): void {
  writeStorage('session', STORAGE_KEYS.reloadReason, reason);
  browser.reload();
}

/** Reads and clears the stored reason; an unknown stored value counts as "default". */
export function consumeReloadReason(): ReloadReason | null {
  const v = readStorage('session', STORAGE_KEYS.reloadReason);
  if (v === null) return null;
  removeStorage('session', STORAGE_KEYS.reloadReason);
  return isReloadReason(v) ? v : 'default';
}
