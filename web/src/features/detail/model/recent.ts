/**
 * Recently viewed services, kept in this browser (02§3 key circle-recently-viewed, 02§9: 20 kept,
 * 6 shown, entries older than 30 days dropped).
 */
export const RECENT_KEY = 'circle-recently-viewed';
export const RECENT_KEPT = 20;
export const RECENT_SHOWN = 6;
export const RECENT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface RecentEntry {
  serviceId: string;
  viewedAt: number;
  title: string;
}

function isEntry(v: unknown): v is RecentEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return typeof e.serviceId === 'string' && e.serviceId !== '' && typeof e.viewedAt === 'number' && typeof e.title === 'string';
}

/** Parses the stored list: valid entries younger than 30 days, newest first, at most 20. */
export function parseRecent(raw: string | null, now: number): RecentEntry[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<string>();
  return parsed
    .filter(isEntry)
    .filter((e) => now - e.viewedAt <= RECENT_MAX_AGE_MS && e.viewedAt <= now + 60_000)
    .sort((a, b) => b.viewedAt - a.viewedAt)
    .filter((e) => (seen.has(e.serviceId) ? false : (seen.add(e.serviceId), true)))
    .slice(0, RECENT_KEPT);
}

/** Puts a service first (once), keeping 20. */
export function addRecent(list: readonly RecentEntry[], entry: RecentEntry): RecentEntry[] {
  return [entry, ...list.filter((e) => e.serviceId !== entry.serviceId)].slice(0, RECENT_KEPT);
}

function read(now = Date.now()): RecentEntry[] {
  try {
    return parseRecent(window.localStorage.getItem(RECENT_KEY), now);
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();

function write(list: RecentEntry[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(RECENT_KEY);
    else window.localStorage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // storage full or blocked: the list is a convenience
  }
  cache = null;
  for (const l of listeners) l();
}

let cache: { raw: string | null; list: RecentEntry[] } | null = null;

/** The stored list (a stable array between changes, for useSyncExternalStore). */
export function getRecent(): RecentEntry[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(RECENT_KEY);
  } catch {
    raw = null;
  }
  if (cache && cache.raw === raw) return cache.list;
  cache = { raw, list: parseRecent(raw, Date.now()) };
  return cache.list;
}

export function recordRecent(serviceId: string, title: string, now = Date.now()): void {
  write(addRecent(read(now), { serviceId, title, viewedAt: now }));
}

export function removeRecent(serviceId: string): void {
  write(read().filter((e) => e.serviceId !== serviceId));
}

export function clearRecent(): void {
  write([]);
}

export function subscribeRecent(l: () => void): () => void {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === RECENT_KEY) l();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}
