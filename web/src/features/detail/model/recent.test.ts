import { beforeEach, describe, expect, it } from 'vitest';
import { RECENT_KEY, RECENT_MAX_AGE_MS, addRecent, clearRecent, getRecent, parseRecent, recordRecent, removeRecent } from './recent';

const now = 1_800_000_000_000;

describe('F-CAT-12 recently viewed storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps 20, newest first, one entry per service', () => {
    let list = Array.from({ length: 25 }, (_, i) => ({ serviceId: `s${i}`, title: `S${i}`, viewedAt: now - 25 + i }));
    list = list.reduce((acc, e) => addRecent(acc, e), [] as typeof list);
    expect(list).toHaveLength(20);
    expect(list[0]!.serviceId).toBe('s24');
    expect(addRecent(list, { serviceId: 's10', title: 'S10', viewedAt: now }).filter((e) => e.serviceId === 's10')).toHaveLength(1);
  });

  it('drops entries older than 30 days and junk', () => {
    const raw = JSON.stringify([
      { serviceId: 'fresh', title: 'F', viewedAt: now - 1000 },
      { serviceId: 'old', title: 'O', viewedAt: now - RECENT_MAX_AGE_MS - 1 },
      { serviceId: '', title: 'x', viewedAt: now },
      { nope: true },
      'text',
    ]);
    expect(parseRecent(raw, now).map((e) => e.serviceId)).toEqual(['fresh']);
    expect(parseRecent('{not json', now)).toEqual([]);
    expect(parseRecent('{"a":1}', now)).toEqual([]);
  });

  it('records, removes and clears in localStorage under circle-recently-viewed', () => {
    recordRecent('a', 'A');
    recordRecent('b', 'B');
    expect(getRecent().map((e) => e.serviceId)).toEqual(['b', 'a']);
    removeRecent('b');
    expect(JSON.parse(window.localStorage.getItem(RECENT_KEY)!)).toHaveLength(1);
    clearRecent();
    expect(window.localStorage.getItem(RECENT_KEY)).toBeNull();
    expect(getRecent()).toEqual([]);
  });
});
