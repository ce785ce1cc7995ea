import { useLayoutEffect } from 'react';

/**
 * The service detail modal cannot open while another modal is open or closing; closing keeps a
 * 100 ms guard (02§2).
 */
export const MODAL_CLOSE_GUARD_MS = 100;

export function createModalGuard(now: () => number = () => performance.now()) {
  let open = 0;
  let closedAt = Number.NEGATIVE_INFINITY;
  return {
    canOpen(): boolean {
      return open === 0 && now() - closedAt >= MODAL_CLOSE_GUARD_MS;
    },
    /** Claims the guard; false when another modal is open or one closed under 100 ms ago. */
    tryOpen(): boolean {
      if (!this.canOpen()) return false;
      open += 1;
      return true;
    },
    /** Registers a modal that opens unconditionally (the intro dialog). */
    opened(): void {
      open += 1;
    },
    closed(): void {
      open = Math.max(0, open - 1);
      closedAt = now();
    },
    isOpen(): boolean {
      return open > 0;
    },
  };
}

/** The page's one guard. */
export const modalGuard = createModalGuard();

/**
 * Registers a mounted modal with the page's guard. A layout effect, like the Modal's own portal:
 * the guard counts the modal closed in the same commit that takes it off the screen. With a passive
 * effect, a click on a card landing between that commit and the deferred cleanup found the guard
 * still held, and the Learn more did nothing (the flaky F-CAT-13 browser test).
 */
export function useModalGuardRegistration(): void {
  useLayoutEffect(() => {
    modalGuard.opened();
    return () => modalGuard.closed();
  }, []);
}
