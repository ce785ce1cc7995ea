import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import type { ServiceCard } from '../api/types';
import { durationKey, PRICE_LABEL_KEYS, viewerOffer } from '../model/pricing';

/**
 * The price block of 02§9 with the price this viewer pays (issue 18 item 3), as the server
 * decided it per kind of viewer (card.offers): retail with "Pro $X" as the upsell for visitors
 * and members, the Pro price with retail struck through and the savings badge for Pro members,
 * and "from $X with co-pay" only for Pro members (who can use co-pay). The /mo or /yr suffix
 * and the duration line when show_duration. While a price sort is active (showSortPrice), the
 * number the sort compared, from the server (card.sort_price: the retail price's monthly
 * equivalent, a yearly or one-time price spread over 12 months; issue 28 item 6).
 */
export function PriceBlock({
  card,
  money,
  isPro,
  size = 'md',
  showSortPrice = false,
}: {
  card: ServiceCard;
  money: (cents: number) => string;
  isPro: boolean;
  size?: 'md' | 'lg';
  showSortPrice?: boolean;
}) {
  const { t } = useTranslation();
  const offer = viewerOffer(card, isPro);
  const { kind, cents } = offer;
  const suffix = card.price_suffix;
  const suffixText = suffix ? t(`marketplace.price.suffix.${suffix === '/yr' ? 'yr' : 'mo'}`) : '';
  const duration = card.show_duration ? durationKey(card.price_duration) : null;
  return (
    <div className="flex min-w-0 flex-col gap-0.5" data-price-kind={kind}>
      <p className="text-xs font-medium text-fg-muted">{t(PRICE_LABEL_KEYS[kind])}</p>
      {kind === 'quote' || cents === null ? (
        <p className={cn('font-semibold text-fg', size === 'lg' ? 'text-lg' : 'text-base')}>{t('marketplace.price.quoteBody')}</p>
      ) : cents === 0 ? (
        <p className={cn('font-bold text-savings', size === 'lg' ? 'text-xl' : 'text-lg')}>{t('marketplace.price.free')}</p>
      ) : (
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className={cn('tabular font-bold whitespace-nowrap text-fg', size === 'lg' ? 'text-xl' : 'text-lg')}>
            {money(cents)}
            {suffixText ? <span className="text-sm font-medium text-fg-muted">{suffixText}</span> : null}
          </span>
          {offer.retail_cents !== null && offer.retail_cents > cents ? (
            <s className="tabular text-sm whitespace-nowrap text-fg-muted">
              <span className="sr-only">{t('marketplace.price.was')} </span>
              {money(offer.retail_cents)}
            </s>
          ) : null}
          {offer.savings_percent > 0 ? (
            <span className="rounded-pill bg-savings-soft px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-savings-strong">
              {t('marketplace.price.save', { percent: offer.savings_percent })}
            </span>
          ) : null}
        </p>
      )}
      {offer.pro_cents !== null ? (
        <p className="text-sm">
          <span className="rounded-pill bg-pro-soft px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-pro-strong tabular">
            {t('marketplace.price.proUpsell', { price: money(offer.pro_cents) + suffixText })}
          </span>
        </p>
      ) : null}
      {offer.copay_from_cents !== null ? (
        <p className="text-sm font-medium text-savings-strong tabular">
          {t('marketplace.price.copayFrom', { price: money(offer.copay_from_cents) + suffixText })}
        </p>
      ) : null}
      {showSortPrice && card.sort_price ? (
        <p className="text-xs font-medium text-fg-muted tabular" data-testid="sort-price">
          {t(`marketplace.price.sortPrice.${card.sort_price.period}`, {
            monthly: money(card.sort_price.monthly_cents),
            price: money(card.sort_price.cents),
            months: card.sort_price.months,
          })}
        </p>
      ) : null}
      {card.show_duration && card.price_duration && cents !== 0 ? (
        <p className="text-xs text-fg-muted">{duration ? t(duration) : card.price_duration}</p>
      ) : null}
    </div>
  );
}
