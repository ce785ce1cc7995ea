import type { Package, PackageFeature } from './types';

/** Display limits (02§9). */
export const PACKAGES_SHOWN = 4;
export const FEATURES_VISIBLE = 4;

export type Period = 'monthly' | 'yearly';
export type Suffix = 'yr' | 'mo' | 'one-time';

/**
 * Price suffix (02§4): /yr for yearly; one-time when the duration says one time, onetime or
 * once; /mo when it contains month; default /mo.
 */
export function priceSuffix(duration: string | null | undefined, yearly: boolean): Suffix {
  if (yearly) return 'yr';
  const d = (duration ?? '').toLowerCase();
  if (/one[\s-]?time|\bonce\b/.test(d)) return 'one-time';
  return 'mo';
}

export interface ShownPrice {
  cents: number | null;
  originalCents: number | null;
  suffix: Suffix;
}

/** The price a package card shows for the period: the yearly price when yearly and it has one. */
export function packagePrice(p: Package, period: Period): ShownPrice {
  if (period === 'yearly' && p.yearly_price_cents != null) {
    return { cents: p.yearly_price_cents, originalCents: p.yearly_original_price_cents ?? null, suffix: 'yr' };
  }
  return { cents: p.price_cents ?? null, originalCents: p.original_price_cents ?? null, suffix: priceSuffix(p.duration, false) };
}

/** The features a card lists: the first 4, or all when expanded; and how many are hidden. */
export function visibleFeatures(features: readonly PackageFeature[] | null | undefined, expanded: boolean) {
  const all = features ?? [];
  const shown = expanded ? all : all.slice(0, FEATURES_VISIBLE);
  return { shown, hidden: all.length - Math.min(all.length, FEATURES_VISIBLE), canExpand: all.length > FEATURES_VISIBLE };
}

/** The package selected first: the popular one, else the first. */
export function initialSelection(packages: readonly Package[]): string | null {
  return (packages.find((p) => p.popular) ?? packages[0])?.id ?? null;
}

/** Savings badge: only when positive (02§5). */
export function showSavings(p: Package): boolean {
  return p.savings_percent > 0;
}
