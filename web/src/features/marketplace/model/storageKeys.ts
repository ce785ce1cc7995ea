/**
 * Browser-storage keys of the marketplace (the shared ones are in src/lib/storage.ts; the cart's
 * are in src/lib/cart.ts, the view and sponsored-event records' in src/lib/tracking.ts).
 */
export const MARKETPLACE_KEYS = {
  /** localStorage: A/B variant per experiment, "circle-ab-{experiment}" -> "ranked" | "holdout" ... */
  abPrefix: 'circle-ab-',
  /** localStorage: when the intro dialog was last shown (ms since epoch). */
  introShownAt: 'circle-intro-shown-at',
  /** sessionStorage: when auto-recovery last ran (ms). */
  recoveryAt: 'circle-marketplace-recovery-at',
  /** sessionStorage: "1" makes the next marketplace load skip caches (set by recovery). */
  forceFresh: 'circle-marketplace-force-fresh',
} as const;
