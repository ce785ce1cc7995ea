import type { DisplayedPriceKind, ServiceCard } from '../api/types';

export type { CardOffer } from '../../../components/catalog/offerPrice';

// The offer this viewer gets and the headline label are shared with the other screens that show
// a card's price (the details' suggestions): components/catalog/offerPrice.
export { PRICE_LABEL_KEYS, viewerOffer } from '../../../components/catalog/offerPrice';

/**
 * What a card's add-to-cart charges (02§6): Pro members pay the Circle Pro price on verified
 * services that have one; everyone else the retail price. 0 means no usable price (quote).
 */
export function cartPrice(
  card: Pick<ServiceCard, 'is_verified' | 'pro_price_cents' | 'retail_price_cents'>,
  isPro: boolean,
): { cents: number; packageName: 'Circle Pro' | 'Standard' } {
  if (isPro && card.is_verified && card.pro_price_cents) return { cents: card.pro_price_cents, packageName: 'Circle Pro' };
  return { cents: card.retail_price_cents ?? 0, packageName: 'Standard' };
}

/** Whether the retail price is shown struck through beside the headline price (design.md). */
export function showsStrikethrough(kind: DisplayedPriceKind, displayed: number | null, retail: number | null): boolean {
  return kind !== 'retail' && kind !== 'quote' && displayed !== null && retail !== null && retail > displayed;
}


/** The duration line's i18n key for the usual durations; other text is shown as it is. */
export function durationKey(duration: string): string | null {
  const d = duration.trim().toLowerCase();
  if (d === 'monthly' || d === 'month' || d === 'per month') return 'marketplace.price.duration.monthly';
  if (d === 'yearly' || d === 'annual' || d === 'annually' || d === 'per year') return 'marketplace.price.duration.yearly';
  if (d === 'one time' || d === 'one-time' || d === 'onetime' || d === 'once') return 'marketplace.price.duration.oneTime';
  return null;
}
