import type { DisplayedPriceKind, ServiceCard } from '../api/types';
import type { components } from '../../../lib/api/schema';

export type CardOffer = components['schemas']['CardOffer'];

/**
 * The offer this viewer gets (decided by the server per kind of viewer, issue 18 item 3): Pro
 * members the pro offer, everyone else the member offer. A card without offers (an older cached
 * answer) falls back to retail.
 */
export function viewerOffer(card: Pick<ServiceCard, 'offers' | 'retail_price_cents'>, isPro: boolean): CardOffer {
  const o = card.offers as ServiceCard['offers'] | undefined;
  if (o) return isPro ? o.pro : o.member;
  const retail = card.retail_price_cents;
  return { kind: retail ? 'retail' : 'quote', cents: retail || null, retail_cents: null, pro_cents: null, copay_from_cents: null, savings_percent: 0 };
}


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

/** i18n key of the headline price label (02§9). */
export const PRICE_LABEL_KEYS: Record<DisplayedPriceKind, string> = {
  copay: 'marketplace.price.copay',
  potential_copay: 'marketplace.price.potentialCopay',
  pro: 'marketplace.price.pro',
  retail: 'marketplace.price.retail',
  quote: 'marketplace.price.quote',
};

/** The duration line's i18n key for the usual durations; other text is shown as it is. */
export function durationKey(duration: string): string | null {
  const d = duration.trim().toLowerCase();
  if (d === 'monthly' || d === 'month' || d === 'per month') return 'marketplace.price.duration.monthly';
  if (d === 'yearly' || d === 'annual' || d === 'annually' || d === 'per year') return 'marketplace.price.duration.yearly';
  if (d === 'one time' || d === 'one-time' || d === 'onetime' || d === 'once') return 'marketplace.price.duration.oneTime';
  return null;
}
