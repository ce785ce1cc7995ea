import { readStorage, writeStorage } from '../../../lib/storage';
import type { AbVariant } from './filters';
import { MARKETPLACE_KEYS } from './storageKeys';

/** The ranking experiment: 10% of browsers see the holdout, stored locally per experiment (03§9). */
export const RANKING_EXPERIMENT = 'ranking_v1';
export const RANKING_HOLDOUT_SHARE = 0.1;

export interface Assignment<V extends string> {
  variant: V;
  /** url: forced by ?ab=; stored: assigned earlier in this browser; new: assigned now. */
  source: 'url' | 'stored' | 'new';
}

export function isAbVariant(v: unknown): v is AbVariant {
  return v === 'ranked' || v === 'holdout';
}

/**
 * A browser's variant of a two-arm experiment: kept once assigned, holdout with probability
 * holdoutShare. The storage is injectable for tests.
 */
export function assignExperiment<V extends string>(
  experiment: string,
  arms: { control: V; holdout: V },
  holdoutShare: number,
  random: () => number = Math.random,
  storage = {
    read: (k: string) => readStorage('local', k),
    write: (k: string, v: string) => writeStorage('local', k, v),
  },
): Assignment<V> {
  const key = MARKETPLACE_KEYS.abPrefix + experiment;
  const stored = storage.read(key);
  if (stored === arms.control || stored === arms.holdout) return { variant: stored as V, source: 'stored' };
  const variant = random() < holdoutShare ? arms.holdout : arms.control;
  storage.write(key, variant);
  return { variant, source: 'new' };
}

/**
 * The cookie the server keeps the ranking arm in (internal/httpapi/first_screen.go): it draws a
 * new visitor's arm with the first page, and renders the first screen in that arm's order. The
 * browser's own stored arm wins over it (assigned before the cookie existed) and is mirrored into
 * it, so the server and the app agree from the next page on.
 */
export const RANKING_COOKIE = 'circle_ab_ranking_v1';
const RANKING_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

function writeRankingCookie(variant: AbVariant): void {
  if (readCookie(RANKING_COOKIE) !== variant) {
    document.cookie = `${RANKING_COOKIE}=${variant}; path=/; max-age=${RANKING_COOKIE_MAX_AGE}; samesite=lax`;
  }
}

/** The ranking variant: ?ab=ranked|holdout forces it (not stored); otherwise the stored one. */
export function rankingVariant(search: URLSearchParams, random?: () => number): Assignment<AbVariant> {
  const forced = search.get('ab');
  if (isAbVariant(forced)) return { variant: forced, source: 'url' };
  const storage = {
    read: (k: string) => {
      const own = readStorage('local', k);
      if (own !== null) return own;
      const fromServer = readCookie(RANKING_COOKIE);
      if (fromServer !== null) writeStorage('local', k, fromServer);
      return fromServer;
    },
    write: (k: string, v: string) => writeStorage('local', k, v),
  };
  const assigned = assignExperiment(RANKING_EXPERIMENT, { control: 'ranked', holdout: 'holdout' }, RANKING_HOLDOUT_SHARE, random, storage);
  writeRankingCookie(assigned.variant);
  return assigned;
}
