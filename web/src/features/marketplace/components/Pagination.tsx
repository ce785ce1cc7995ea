import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../../../components/form/LabelledControl';
import { Button } from '../../../components/ui/Button';
import { usePendingValue } from '../hooks';
import { PAGE_SIZES, type PageSize } from '../model/filters';

/** "Showing page X of Y (N total results)" and the page-size selector (03§2). */
export function ResultsSummary({
  page,
  pages,
  total,
  pageSize,
  onPageSize,
}: {
  page: number;
  pages: number;
  total: number;
  pageSize: PageSize;
  onPageSize: (size: PageSize) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [size, setSize] = usePendingValue(pageSize);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="text-sm text-fg-muted" data-testid="results-summary">
        {t('marketplace.results.summary', { page: Math.min(page, Math.max(pages, 1)), pages: Math.max(pages, 1), total })}
      </p>
      <LabelledControl id={id} label={t('marketplace.results.pageSize')} className="flex items-center gap-2" labelClassName="text-sm text-fg-muted">
        <select
          id={id}
          value={size}
          onChange={(e) => {
            setSize(Number(e.target.value) as PageSize);
            onPageSize(Number(e.target.value) as PageSize);
          }}
          className="h-9 rounded-control border border-border-strong bg-surface px-2 text-sm text-fg"
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </LabelledControl>
    </div>
  );
}

/** First, Previous, Next and Last, only when there is more than one page (03§2). */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const first = page <= 1;
  const last = page >= pages;
  return (
    <nav aria-label={t('marketplace.results.pagination')} className="flex flex-wrap items-center justify-center gap-2">
      <Button variant="secondary" size="sm" disabled={first} onClick={() => onPage(1)}>
        <ChevronFirst aria-hidden="true" className="size-4" />
        {t('marketplace.results.first')}
      </Button>
      <Button variant="secondary" size="sm" disabled={first} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        {t('marketplace.results.previous')}
      </Button>
      <span className="px-2 text-sm tabular text-fg-muted" aria-current="page">
        {t('marketplace.results.pageOf', { page, pages })}
      </span>
      <Button variant="secondary" size="sm" disabled={last} onClick={() => onPage(page + 1)}>
        {t('marketplace.results.next')}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
      <Button variant="secondary" size="sm" disabled={last} onClick={() => onPage(pages)}>
        {t('marketplace.results.last')}
        <ChevronLast aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
