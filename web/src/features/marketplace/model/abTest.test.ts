import { describe, expect, it } from 'vitest';
import { assignExperiment, rankingVariant, RANKING_EXPERIMENT } from './abTest';
import { MARKETPLACE_KEYS } from './storageKeys';

function memory() {
  const m = new Map<string, string>();
  return { read: (k: string) => m.get(k) ?? null, write: (k: string, v: string) => (m.set(k, v), true), m };
}

describe('F-ENG-10 A/B ranking experiment ranking_v1 (03§9)', () => {
  const arms = { control: 'ranked', holdout: 'holdout' } as const;

  it('assigns the holdout to draws under 10% and keeps the assignment', () => {
    const s = memory();
    expect(assignExperiment('ranking_v1', arms, 0.1, () => 0.05, s)).toEqual({ variant: 'holdout', source: 'new' });
    expect(s.m.get(`${MARKETPLACE_KEYS.abPrefix}ranking_v1`)).toBe('holdout');
    expect(assignExperiment('ranking_v1', arms, 0.1, () => 0.99, s)).toEqual({ variant: 'holdout', source: 'stored' });
    const t = memory();
    expect(assignExperiment('ranking_v1', arms, 0.1, () => 0.1, t).variant).toBe('ranked');
  });

  it('stores per experiment', () => {
    const s = memory();
    assignExperiment('a', arms, 0.1, () => 0, s);
    assignExperiment('b', arms, 0.1, () => 0.5, s);
    expect([...s.m.entries()]).toEqual([
      [`${MARKETPLACE_KEYS.abPrefix}a`, 'holdout'],
      [`${MARKETPLACE_KEYS.abPrefix}b`, 'ranked'],
    ]);
  });

  it('about 10% of many browsers land in the holdout', () => {
    let holdout = 0;
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 10000; i++) if (assignExperiment('x', arms, 0.1, random, memory()).variant === 'holdout') holdout++;
    expect(holdout).toBeGreaterThan(900);
    expect(holdout).toBeLessThan(1100);
  });

  it('?ab= forces the variant without storing it; otherwise the stored one is used', () => {
    expect(rankingVariant(new URLSearchParams('ab=holdout'))).toEqual({ variant: 'holdout', source: 'url' });
    expect(window.localStorage.getItem(MARKETPLACE_KEYS.abPrefix + RANKING_EXPERIMENT)).toBeNull();
    window.localStorage.setItem(MARKETPLACE_KEYS.abPrefix + RANKING_EXPERIMENT, 'holdout');
    expect(rankingVariant(new URLSearchParams('ab=bogus'))).toEqual({ variant: 'holdout', source: 'stored' });
    expect(rankingVariant(new URLSearchParams('ab=ranked'))).toEqual({ variant: 'ranked', source: 'url' });
  });
});
