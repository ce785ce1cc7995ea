import { useTranslation } from 'react-i18next';
import { cn } from '../ui/cn';

/**
 * Stars with the numeric value and count (design.md); "No reviews yet" without reviews. The five
 * stars are one text run filled to the rating with a gradient (light on the DOM: 50 cards per page).
 */
export function Stars({ rating, reviews, size = 'sm' }: { rating: number; reviews: number; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  if (reviews <= 0) return <p className="text-sm text-fg-muted">{t('marketplace.rating.none')}</p>;
  const value = Math.round(rating * 10) / 10;
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <span className="sr-only">{t('marketplace.rating.label', { rating: value.toFixed(1), count: reviews })}</span>
      <span
        aria-hidden="true"
        className={cn('bg-clip-text leading-none tracking-[0.1em] text-transparent', size === 'md' ? 'text-xl' : 'text-base')}
        style={{
          backgroundImage: `linear-gradient(90deg, var(--color-pro) ${pct}%, var(--color-border-strong) ${pct}%)`,
        }}
      >
        ★★★★★
      </span>
      <span aria-hidden="true" className="tabular font-semibold text-fg">
        {value.toFixed(1)}
      </span>
      <span aria-hidden="true" className="tabular text-fg-muted">
        ({reviews})
      </span>
    </p>
  );
}
