/**
 * Browser-storage keys of the marketplace (the shared ones are in src/lib/storage.ts; the cart's
 * are in src/lib/cart.ts).
 */
export const MARKETPLACE_KEYS = {
  /** localStorage: A/B variant per experiment, "circle-ab-{experiment}" -> "ranked" | "holdout" ... */
  abPrefix: 'circle-ab-',
  /** localStorage: when the intro dialog was last shown (ms since epoch). */
  introShownAt: 'circle-intro-shown-at',
  /** sessionStorage: random id of this browser session, sent with views and sponsored events. */
  viewerKey: 'circle-viewer-key',
  /** sessionStorage: service id -> when its view was last recorded (ms). */
  viewedServices: 'circle-viewed-services',
  /** sessionStorage: "{event}:{placement}:{service id}" -> when it was last recorded (ms). */
  sponsoredEvents: 'circle-sponsored-events',
  /** sessionStorage: when auto-recovery last ran (ms). */
  recoveryAt: 'circle-marketplace-recovery-at',
  /** sessionStorage: "1" makes the next marketplace load skip caches (set by recovery). */
  forceFresh: 'circle-marketplace-force-fresh',
} as const;
