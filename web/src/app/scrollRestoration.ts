/**
 * Scroll restoration on back/forward only (issue 18). <ScrollRestoration> keeps offsets in
 * sessionStorage by history key, but the first entry of every document has the key "default",
 * so a fresh load of /pricing opened at the offset some other page had saved under "default",
 * and a reload kept its own key and reopened at the old offset. Here the first entry gets a key
 * of its own (kept in history.state, so back/forward into it from another document still finds
 * it), and a load that is not back/forward forgets the offset of the entry it opens.
 */

/** The sessionStorage key of <ScrollRestoration> (react-router's default). */
export const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions';

let documentKey = 'default';

type LoadType = 'navigate' | 'reload' | 'back_forward' | 'prerender';

function loadType(win: Window): LoadType {
  const entry = win.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return (entry?.type as LoadType | undefined) ?? 'navigate';
}

/** Runs once per document, before the router reads history.state. */
export function prepareScrollRestoration(win: Window = window, type: LoadType = loadType(win)): void {
  // The browser's own restoration would reopen a reloaded page at its old offset.
  try {
    win.history.scrollRestoration = 'manual';
  } catch {
    // not supported: nothing to turn off
  }
  const state = (win.history.state ?? {}) as { key?: unknown; scrollKey?: unknown };
  if (typeof state.scrollKey === 'string') {
    documentKey = state.scrollKey;
  } else {
    documentKey = `doc-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    win.history.replaceState({ ...state, scrollKey: documentKey }, '');
  }
  if (type === 'back_forward') return;
  const entryKey = typeof state.key === 'string' ? state.key : documentKey;
  try {
    const saved = JSON.parse(win.sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? 'null') as Record<string, number> | null;
    if (saved && entryKey in saved) {
      delete saved[entryKey];
      win.sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(saved));
    }
  } catch {
    // storage unavailable or garbled: nothing saved to forget
  }
}

/** getKey of <ScrollRestoration>: the router's key, or this document's own for its first entry. */
export function scrollKey(location: { key: string }): string {
  return location.key === 'default' ? documentKey : location.key;
}
