import { describe, expect, it } from 'vitest';
import { decideVersionAction, shouldCacheBust } from './appConfig';
import { BUILD_VERSION, compareVersions } from './version';

describe('F-APP-03 version comparison', () => {
  it('the built-in version is 1.0.0', () => {
    expect(BUILD_VERSION).toBe('1.0.0');
  });

  it.each([
    ['1.0.0', '1.0.0', 0],
    ['1.0', '1.0.0', 0],
    ['1', '1.0.0', 0],
    ['1.0.1', '1.0.0', 1],
    ['1.0.0', '1.0.1', -1],
    ['1.10.0', '1.9.0', 1],
    ['1.2', '1.10', -1],
    ['2', '1.99.99', 1],
    ['1.0.0.1', '1.0.0', 1],
    ['v1.2.0', '1.2', 0],
    ['1.x.0', '1.0.0', 0],
    ['', '0', 0],
  ])('compare(%s, %s) = %i (numeric per dotted segment, missing = 0)', (a, b, want) => {
    expect(compareVersions(a, b)).toBe(want);
    expect(compareVersions(b, a)).toBe(-want || 0);
  });

  it('reloads once for a higher min_build_version, then shows the notice', () => {
    expect(decideVersionAction('1.0.0', '1.0.0', null)).toBe('ok');
    expect(decideVersionAction('0.9', '1.0.0', null)).toBe('ok');
    expect(decideVersionAction('', '1.0.0', null)).toBe('ok');
    expect(decideVersionAction('1.0.1', '1.0.0', null)).toBe('reload');
    expect(decideVersionAction('1.0.1', '1.0.0', '1.0.1')).toBe('notice');
    // A newer requirement than the one already reloaded for earns one more reload.
    expect(decideVersionAction('1.0.2', '1.0.0', '1.0.1')).toBe('reload');
  });

  it('busts the cache only when force_cache_bust_after is later than the last bust', () => {
    expect(shouldCacheBust(null, null)).toBe(false);
    expect(shouldCacheBust('2026-11-22T10:00:00Z', null)).toBe(true);
    expect(shouldCacheBust('2026-11-22T10:00:00Z', '2026-11-22T10:00:00Z')).toBe(false);
    expect(shouldCacheBust('2026-11-22T10:00:00Z', '2026-11-22T09:59:59Z')).toBe(true);
    expect(shouldCacheBust('2026-11-22T10:00:00Z', '2026-11-23T00:00:00Z')).toBe(false);
    expect(shouldCacheBust('not a date', null)).toBe(false);
    expect(shouldCacheBust('2026-11-22T10:00:00Z', 'garbage')).toBe(true);
  });
});
