import { useTranslation } from 'react-i18next';
import type { components } from '../../lib/api/schema';
import { PRICE_LABEL_KEYS, viewerOffer } from './offerPrice';

type Card = components['schemas']['Card'];

/**
 * A compact price line for a service shown outside the grid (the details' suggestions): the same
 * offer, period and label as its marketplace card (issue 28 item 5), from the server's quote.
 */
export function OfferPrice({ card, isPro, money }: { card: Card; isPro: boolean; money: (cents: number) => string }) {
  const { t } = useTranslation();
  const { kind, cents } = viewerOffer(card, isPro);
  const suffix = card.price_suffix ? t(`marketplace.price.suffix.${card.price_suffix === '/yr' ? 'yr' : 'mo'}`) : '';
  return (
    <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm" data-price-kind={kind}>
      <span className="text-xs text-fg-muted">{t(PRICE_LABEL_KEYS[kind])}</span>
      <span className="tabular font-semibold text-fg">
        {kind === 'quote' || cents === null ? t('marketplace.price.quoteBody') : cents === 0 ? t('marketplace.price.free') : money(cents) + suffix}
      </span>
    </p>
  );
}
