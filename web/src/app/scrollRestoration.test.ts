import { afterEach, describe, expect, it } from 'vitest';
import { prepareScrollRestoration, SCROLL_POSITIONS_KEY, scrollKey } from './scrollRestoration';

const saved = () => JSON.parse(window.sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as Record<string, number>;

afterEach(() => {
  window.history.replaceState(null, '');
});

describe('issue 18 scroll restoration only on back/forward', () => {
  it('a fresh load gives the first entry a key of its own, so it never takes the offset saved under "default"', () => {
    window.sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ default: 4200 }));
    window.history.replaceState(null, '');
    prepareScrollRestoration(window, 'navigate');
    const key = scrollKey({ key: 'default' });
    expect(key).not.toBe('default');
    expect((window.history.state as { scrollKey: string }).scrollKey).toBe(key);
    expect(saved()[key]).toBeUndefined();
    expect(scrollKey({ key: 'abc' })).toBe('abc');
  });

  it('a reload forgets the offset of the entry it opens', () => {
    window.history.replaceState({ key: 'k2', idx: 1, usr: null }, '');
    window.sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ k1: 300, k2: 4200 }));
    prepareScrollRestoration(window, 'reload');
    expect(saved()).toEqual({ k1: 300 });
    expect(window.history.scrollRestoration).toBe('manual');
  });

  it('a reload of the first entry forgets the offset under its own key', () => {
    window.history.replaceState({ idx: 0, scrollKey: 'doc-1' }, '');
    window.sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ 'doc-1': 900 }));
    prepareScrollRestoration(window, 'reload');
    expect(scrollKey({ key: 'default' })).toBe('doc-1');
    expect(saved()).toEqual({});
  });

  it('back/forward into the page keeps its offset', () => {
    window.history.replaceState({ idx: 0, scrollKey: 'doc-1' }, '');
    window.sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ 'doc-1': 900 }));
    prepareScrollRestoration(window, 'back_forward');
    expect(scrollKey({ key: 'default' })).toBe('doc-1');
    expect(saved()).toEqual({ 'doc-1': 900 });
  });
});
