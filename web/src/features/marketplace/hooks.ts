import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { recordExposure } from '../../lib/experiments';
import { rankingVariant, type Assignment } from './model/abTest';
import { changeFilters, clearFilters, parseFilters, writeFilters, type AbVariant, type Filters } from './model/filters';

/** The filters in the address bar, and setters that keep everything else in it. */
export function useMarketplaceFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);

  // Address-bar updates made in quick succession (a checkbox, then a select, within one frame)
  // must build on each other, but React Router hands the updater the last *rendered* params.
  // `chain` remembers the states this page asked for since then, so an update made while the
  // previous one is still on its way builds on that one instead of dropping it.
  const chain = useRef<{ states: Set<string>; last: string } | null>(null);

  const update = useCallback(
    (patch: Partial<Filters> | ((f: Filters) => Filters), opts: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const now = prev.toString();
          const c = chain.current;
          const pending = c !== null && c.states.has(now) && now !== c.last;
          const base = pending ? new URLSearchParams(c.last) : prev;
          const current = parseFilters(base);
          const next = writeFilters(base, typeof patch === 'function' ? patch(current) : changeFilters(current, patch));
          const nextString = next.toString();
          if (pending) {
            c.states.add(nextString);
            c.last = nextString;
          } else {
            chain.current = { states: new Set([now, nextString]), last: nextString };
          }
          return next;
        },
        { replace: opts.replace ?? false, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => update((f) => clearFilters(f)), [update]);
  return { filters, params, setParams, update, clear };
}

/** The ranking experiment's variant (?ab= forces it; otherwise assigned once per browser). */
export function useRankingVariant(): Assignment<AbVariant> {
  const [params] = useSearchParams();
  const forced = params.get('ab');
  // Assigned once per mount; stored so it holds for every later visit.
  const [stored] = useState(() => rankingVariant(new URLSearchParams()));
  // The server counts this browser in its stored arm once (a forced ?ab= is not an exposure).
  useEffect(() => recordExposure('ranking_v1', stored.variant), [stored.variant]);
  return forced === 'ranked' || forced === 'holdout' ? { variant: forced, source: 'url' } : stored;
}

/** Whether the visitor asked for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * For a control bound to the address bar: shows the user's change at once. The address (and so
 * `value`) catches up when the navigation commits, and the pending value is dropped then; without
 * this a controlled select or checkbox snaps back for a moment and a quick second key press is lost.
 */
export function usePendingValue<T>(value: T): [T, (v: T) => void] {
  const [pending, setPending] = useState<{ v: T } | null>(null);
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    setPending(null);
  }
  const set = useCallback((v: T) => setPending({ v }), []);
  return [pending ? pending.v : value, set];
}
