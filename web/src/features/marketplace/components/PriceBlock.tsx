import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import type { ServiceCard } from '../api/types';
import { durationKey, PRICE_LABEL_KEYS, showsStrikethrough } from '../model/pricing';

/**
 * The price block of 02§9: the headline price with its label, retail struck through beside a
 * Pro or co-pay price, a savings badge when savings_percent > 0, the /mo or /yr suffix and the
 * duration line when show_duration.
 */
export function PriceBlock({ card, money, size = 'md' }: { card: ServiceCard; money: (cents: number) => string; size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const { kind, cents } = card.displayed_price;
  const suffix = card.price_suffix;
  const duration = card.show_duration ? durationKey(card.price_duration) : null;
  return (
    <div className="flex flex-col gap-0.5">
      <p className="text-xs font-medium text-fg-muted">{t(PRICE_LABEL_KEYS[kind])}</p>
      {kind === 'quote' || cents === null ? (
        <p className={cn('font-semibold text-fg', size === 'lg' ? 'text-lg' : 'text-base')}>{t('marketplace.price.quoteBody')}</p>
      ) : cents === 0 ? (
        <p className={cn('font-bold text-savings', size === 'lg' ? 'text-xl' : 'text-lg')}>{t('marketplace.price.free')}</p>
      ) : (
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className={cn('tabular font-bold text-fg', size === 'lg' ? 'text-xl' : 'text-lg')}>
            {money(cents)}
            {suffix ? <span className="text-sm font-medium text-fg-muted">{t(`marketplace.price.suffix.${suffix === '/yr' ? 'yr' : 'mo'}`)}</span> : null}
          </span>
          {showsStrikethrough(kind, cents, card.retail_price_cents) && card.retail_price_cents !== null ? (
            <s className="tabular text-sm text-fg-muted">
              <span className="sr-only">{t('marketplace.price.was')} </span>
              {money(card.retail_price_cents)}
            </s>
          ) : null}
          {card.savings_percent > 0 ? (
            <span className="rounded-pill bg-savings-soft px-2 py-0.5 text-xs font-semibold text-savings-strong">
              {t('marketplace.price.save', { percent: card.savings_percent })}
            </span>
          ) : null}
        </p>
      )}
      {card.show_duration && card.price_duration && cents !== 0 ? (
        <p className="text-xs text-fg-muted">{duration ? t(duration) : card.price_duration}</p>
      ) : null}
    </div>
  );
}
