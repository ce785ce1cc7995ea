import { describe, expect, it } from 'vitest';
import { assignExperiment, rankingVariant, RANKING_COOKIE, RANKING_EXPERIMENT } from './abTest';
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

  it('adopts the arm the server drew (its cookie) and mirrors a stored arm into the cookie', () => {
    const key = MARKETPLACE_KEYS.abPrefix + RANKING_EXPERIMENT;
    const clearCookie = () => (document.cookie = `${RANKING_COOKIE}=; max-age=0; path=/`);
    window.localStorage.removeItem(key);
    clearCookie();
    // The server drew holdout with the first page: the app takes it (and stores it).
    document.cookie = `${RANKING_COOKIE}=holdout; path=/`;
    expect(rankingVariant(new URLSearchParams(), () => 0.99)).toEqual({ variant: 'holdout', source: 'stored' });
    expect(window.localStorage.getItem(key)).toBe('holdout');
    // A browser's own earlier arm wins over the cookie and is written into it.
    window.localStorage.setItem(key, 'ranked');
    expect(rankingVariant(new URLSearchParams()).variant).toBe('ranked');
    expect(document.cookie).toContain(`${RANKING_COOKIE}=ranked`);
    // Neither: drawn here, kept in both.
    window.localStorage.removeItem(key);
    clearCookie();
    expect(rankingVariant(new URLSearchParams(), () => 0.05)).toEqual({ variant: 'holdout', source: 'new' });
    expect(window.localStorage.getItem(key)).toBe('holdout');
    expect(document.cookie).toContain(`${RANKING_COOKIE}=holdout`);
    window.localStorage.removeItem(key);
    clearCookie();
  });
});
