import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** Feature flags and their defaults (spec 02§6). */
export const FLAG_DEFAULTS = {
  marketplace: true,
  academy: true,
  adminPanel: true,
  sponsoredPlacements: false,
  sponsoredGrid: false,
  topDeals: false,
  sponsoredBadges: false,
  serviceBundles: false,
} as const satisfies Record<string, boolean>;

export type FlagName = keyof typeof FLAG_DEFAULTS;
export type Flags = Record<FlagName, boolean>;
export type FlagOverrides = Partial<Flags>;

export const FLAG_NAMES = Object.keys(FLAG_DEFAULTS) as FlagName[];
export const FLAG_URL_PREFIX = 'ff_';

export function isFlagName(v: string): v is FlagName {
  return (FLAG_NAMES as string[]).includes(v);
}

/** "on"/"true" -> true, "off"/"false" -> false (any case); anything else is ignored. */
export function parseFlagValue(v: string | null): boolean | undefined {
  switch (v?.trim().toLowerCase()) {
    case 'on':
    case 'true':
      return true;
    case 'off':
    case 'false':
      return false;
    default:
      return undefined;
  }
}

/** Overrides kept in storage: known flag names with boolean values; the rest is ignored. */
export function parseStoredOverrides(raw: string | null): FlagOverrides {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const out: FlagOverrides = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (isFlagName(k) && typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/** Overrides from URL parameters ff_{flag}=on|true|off|false. */
export function parseUrlOverrides(search: string): FlagOverrides {
  const params = new URLSearchParams(search);
  const out: FlagOverrides = {};
  for (const name of FLAG_NAMES) {
    const v = parseFlagValue(params.get(FLAG_URL_PREFIX + name));
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** Defaults (the server's when known), then stored overrides, then URL overrides (the URL wins). */
export function resolveFlags(stored: FlagOverrides, url: FlagOverrides, base: Flags = FLAG_DEFAULTS): Flags {
  return { ...base, ...stored, ...url };
}

/** The app_config column of each flag: the server-side defaults an administrator sets (/admin/config). */
export const FLAG_CONFIG_KEYS: Record<FlagName, string> = {
  marketplace: 'flag_marketplace',
  academy: 'flag_academy',
  adminPanel: 'flag_admin_panel',
  sponsoredPlacements: 'flag_sponsored_placements',
  sponsoredGrid: 'flag_sponsored_grid',
  topDeals: 'flag_top_deals',
  sponsoredBadges: 'flag_sponsored_badges',
  serviceBundles: 'flag_service_bundles',
};

/** The server's defaults from app_config; a flag it does not name keeps the spec's default. */
export function serverFlagDefaults(config: Record<string, unknown>): Flags {
  const out: Flags = { ...FLAG_DEFAULTS };
  for (const name of FLAG_NAMES) {
    const v = config[FLAG_CONFIG_KEYS[name]];
    if (typeof v === 'boolean') out[name] = v;
  }
  return out;
}

// A small store so every component sees the same flags and updates when the URL changes them.
let base: Flags = { ...FLAG_DEFAULTS };
let current: Flags = { ...FLAG_DEFAULTS };
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/**
 * Reads storage and the given URL query, saves URL overrides to storage so they persist,
 * and publishes the result. Called at start and on every navigation.
 */
export function syncFeatureFlags(search: string): Flags {
  const stored = parseStoredOverrides(readStorage('local', STORAGE_KEYS.featureFlags));
  const url = parseUrlOverrides(search);
  if (Object.keys(url).length > 0) {
    const merged = { ...stored, ...url };
    if (JSON.stringify(merged) !== JSON.stringify(stored)) {
      writeStorage('local', STORAGE_KEYS.featureFlags, JSON.stringify(merged));
    }
  }
  const next = resolveFlags(stored, url, base);
  if (FLAG_NAMES.some((n) => next[n] !== current[n])) {
    current = next;
    emit();
  }
  return current;
}

/** Takes the server's defaults (app_config, read at start and every 2 minutes) and publishes the flags again. */
export function applyServerFlags(config: Record<string, unknown>, search: string): Flags {
  base = serverFlagDefaults(config);
  return syncFeatureFlags(search);
}

export function getFeatureFlags(): Flags {
  return current;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** Whether a feature flag is on. */
export function useFeatureFlag(name: FlagName): boolean {
  return useSyncExternalStore(
    subscribe,
    () => current[name],
    () => FLAG_DEFAULTS[name],
  );
}

/** All feature flags at once. */
export function useFeatureFlags(): Flags {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => FLAG_DEFAULTS,
  );
}
