import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, kept up to date (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchesMediaQuery(query),
    () => false,
  );
}

/** Whether a CSS media query matches now, read once (false where matchMedia is missing). */
export function matchesMediaQuery(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Below the 768 px mobile breakpoint (spec 01§9). */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** Tailwind's xl (80rem, 1280 px): the header's desktop bar from here, its compact bar below. */
export const DESKTOP_HEADER_QUERY = '(min-width: 80rem)';
