import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Lender } from './api';

/** The stars of a rating with its value and count (design.md: ratings as stars with the number). */
export function Rating({ lender }: { lender: Lender }) {
  const { t } = useTranslation();
  if (!lender.review_count) return <span className="text-sm text-fg-muted">{t('lender.rating.none')}</span>;
  return (
    <span className="inline-flex items-center gap-1 text-sm text-fg">
      <Star aria-hidden="true" className="size-4 fill-current text-pro" />
      <span className="sr-only">{t('lender.rating.label', { rating: lender.rating.toFixed(1), count: lender.review_count })}</span>
      <span className="font-semibold tabular-nums" aria-hidden="true">
        {lender.rating.toFixed(1)}
      </span>
      <span className="text-fg-muted" aria-hidden="true">
        ({lender.review_count})
      </span>
    </span>
  );
}
