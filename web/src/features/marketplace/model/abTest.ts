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

/** The ranking variant: ?ab=ranked|holdout forces it (not stored); otherwise the stored one. */
export function rankingVariant(search: URLSearchParams, random?: () => number): Assignment<AbVariant> {
  const forced = search.get('ab');
  if (isAbVariant(forced)) return { variant: forced, source: 'url' };
  return assignExperiment(RANKING_EXPERIMENT, { control: 'ranked', holdout: 'holdout' }, RANKING_HOLDOUT_SHARE, random);
}
