import type { components } from '../../lib/api/schema';

type S = components['schemas'];
export type CardOffer = S['CardOffer'];
type DisplayedPriceKind = S['DisplayedPrice']['kind'];

/**
 * The offer this viewer gets (decided by the server per kind of viewer, issue 18 item 3): Pro
 * members the pro offer, everyone else the member offer. A card without offers (an older cached
 * answer) falls back to retail.
 */
export function viewerOffer(card: Pick<S['Card'], 'offers' | 'retail_price_cents'>, isPro: boolean): CardOffer {
  const o = card.offers as S['Card']['offers'] | undefined;
  if (o) return isPro ? o.pro : o.member;
  const retail = card.retail_price_cents;
  return { kind: retail ? 'retail' : 'quote', cents: retail || null, retail_cents: null, pro_cents: null, copay_from_cents: null, savings_percent: 0 };
}


/** i18n key of the headline price label (02§9). */
export const PRICE_LABEL_KEYS: Record<DisplayedPriceKind, string> = {
  copay: 'marketplace.price.copay',
  potential_copay: 'marketplace.price.potentialCopay',
  pro: 'marketplace.price.pro',
  retail: 'marketplace.price.retail',
  quote: 'marketplace.price.quote',
};
