import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Building2, CalendarDays, Columns3, Handshake, SlidersHorizontal, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { PageHeader } from '../../components/ui/PageHeader';
import { TitledSection } from '../../components/ui/TitledSection';
import { currentLanguage } from '../../lib/i18n';
import { mediaSize } from '../../lib/media';
import { lendersQuery, MAX_COMPARE, readParams, writeParams, type Lender, type LenderFilters } from './api';
import { CoMarketingDialog } from './CoMarketingDialog';
import { CompareDialog } from './CompareDialog';
import { FilterFields } from './FilterFields';
import { activeFilterCount, bookingLink } from './links';
import { Rating } from './Rating';

/** /lender (issue 32 item 2): mortgage lenders filtered, compared and asked to co-market. */
export default function LenderPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [params, setParams] = useSearchParams();
  const { filters, compare } = readParams(params);
  const view = params.get('view');
  const list = useQuery(lendersQuery(filters, lang));
  const [sheetOpen, setSheetOpen] = useState(false);
  const [refused, setRefused] = useState(false);
  const [coMarketing, setCoMarketing] = useState<Lender | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const headingId = useId();

  const update = (next: LenderFilters, nextCompare: readonly string[] = compare, nextView: string | null = view) =>
    setParams(writeParams(next, nextCompare, nextView), { replace: true });

  const toggleCompare = (l: Lender) => {
    if (compare.includes(l.id)) {
      setRefused(false);
      const rest = compare.filter((id) => id !== l.id);
      update(filters, rest, rest.length ? view : null);
      return;
    }
    if (compare.length >= MAX_COMPARE) {
      setRefused(true);
      return;
    }
    setRefused(false);
    setNames((n) => ({ ...n, [l.id]: l.name }));
    update(filters, [...compare, l.id]);
  };

  const lenders = list.data?.lenders ?? [];
  const total = list.data?.total ?? 0;
  const nameOf = (id: string) => names[id] ?? lenders.find((l) => l.id === id)?.name ?? id;
  const active = activeFilterCount(filters);

  return (
    <div className={`mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 ${compare.length ? 'pb-40' : ''}`}>
      <PageHeader responsive title={t('lender.title')} intro={t('lender.intro')} />

      <TitledSection id={headingId} title={t('lender.filters.title')} className="flex flex-col gap-3" headingClassName="sr-only">
        <div className="md:hidden">
          <Button variant="secondary" className="min-h-11 w-full" onClick={() => setSheetOpen(true)}>
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {active ? t('lender.filters.openCount', { count: active }) : t('lender.filters.open')}
          </Button>
        </div>
        <div className="hidden rounded-card border border-border bg-surface p-4 shadow-card md:block">
          <FilterFields filters={filters} onChange={(f) => update(f)} idPrefix="wide" layout="row" />
        </div>
      </TitledSection>

      <p className="text-sm text-fg-muted" aria-live="polite">
        {list.isPending ? t('lender.loading') : t('lender.count', { count: total })}
      </p>

      {list.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-card border border-danger/30 bg-surface p-4">
          <p className="text-fg">{t('lender.error')}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('lender.retry')}
          </Button>
        </div>
      ) : list.isPending ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="h-80 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
          ))}
        </ul>
      ) : lenders.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-card border border-border bg-surface p-6">
          <p className="font-semibold text-fg">{t('lender.empty.title')}</p>
          <p className="text-fg-muted">{t('lender.empty.body')}</p>
          <Button variant="secondary" onClick={() => update({ state: '', loanType: '', copay: false, minRating: 0 })}>
            {t('lender.filters.clear')}
          </Button>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {lenders.map((l) => (
            <li key={l.id}>
              <LenderCard lender={l} compared={compare.includes(l.id)} onCompare={() => toggleCompare(l)} onCoMarket={() => setCoMarketing(l)} />
            </li>
          ))}
        </ul>
      )}

      {compare.length > 0 && (
        <section
          aria-label={t('lender.compare.tray')}
          className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface shadow-card"
          data-testid="compare-tray"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 md:flex-row md:items-center">
            <p className="text-sm font-semibold text-fg">{t('lender.compare.selected', { count: compare.length, max: MAX_COMPARE })}</p>
            <ul className="flex flex-wrap gap-2">
              {compare.map((id) => (
                <li key={id} className="inline-flex min-h-11 items-center gap-1 rounded-pill border border-border bg-surface-muted pr-0.5 pl-3 text-sm text-fg">
                  <span className="max-w-[12rem] truncate">{nameOf(id)}</span>
                  <button
                    type="button"
                    className="inline-flex size-10 items-center justify-center rounded-pill hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-primary"
                    aria-label={t('lender.compare.remove', { name: nameOf(id) })}
                    onClick={() => {
                      setRefused(false);
                      const rest = compare.filter((x) => x !== id);
                      update(filters, rest, rest.length ? view : null);
                    }}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
            <div className="flex gap-2 md:ml-auto">
              <Button variant="ghost" onClick={() => update(filters, [], null)}>
                {t('lender.compare.clear')}
              </Button>
              <Button disabled={compare.length < 2} onClick={() => update(filters, compare, 'compare')}>
                <Columns3 aria-hidden="true" className="size-4" />
                {t('lender.compare.open', { count: compare.length })}
              </Button>
            </div>
            {refused && (
              <p role="alert" className="text-sm font-medium text-danger">
                {t('lender.compare.max', { max: MAX_COMPARE })}
              </p>
            )}
            {compare.length < 2 && !refused && <p className="text-sm text-fg-muted">{t('lender.compare.hint')}</p>}
          </div>
        </section>
      )}

      {sheetOpen && (
        <Modal labelledBy="lender-filter-sheet-title" variant="sheet" onClose={() => setSheetOpen(false)}>
          <div className="flex h-full flex-col gap-4 p-4">
            <div className="flex items-center justify-between">
              <h2 id="lender-filter-sheet-title" className="text-lg font-semibold text-fg">
                {t('lender.filters.title')}
              </h2>
              <Button variant="ghost" aria-label={t('lender.close')} onClick={() => setSheetOpen(false)}>
                <X aria-hidden="true" className="size-5" />
              </Button>
            </div>
            <FilterFields filters={filters} onChange={(f) => update(f)} idPrefix="sheet" layout="column" />
            <div className="mt-auto flex gap-2">
              <Button variant="secondary" className="min-h-11 flex-1" onClick={() => update({ state: '', loanType: '', copay: false, minRating: 0 })}>
                {t('lender.filters.clear')}
              </Button>
              <Button className="min-h-11 flex-1" onClick={() => setSheetOpen(false)}>
                {t('lender.filters.apply', { count: total })}
              </Button>
            </div>
          </div>
        </Modal>
      )}

      {view === 'compare' && compare.length > 0 && (
        <CompareDialog
          ids={compare}
          lang={lang}
          onClose={() => update(filters, compare, null)}
          onCoMarket={(l) => {
            update(filters, compare, null);
            setCoMarketing(l);
          }}
        />
      )}
      {coMarketing && <CoMarketingDialog lender={coMarketing} lang={lang} onClose={() => setCoMarketing(null)} />}
    </div>
  );
}

function LenderCard({ lender: l, compared, onCompare, onCoMarket }: { lender: Lender; compared: boolean; onCompare: () => void; onCoMarket: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card" data-testid="lender-card">
      <div className="flex items-start gap-3">
        {l.logo_url ? (
          <img src={mediaSize(l.logo_url, 'thumb')} alt="" width={48} height={48} className="size-12 shrink-0 rounded-control object-cover" />
        ) : (
          <span className="flex size-12 shrink-0 items-center justify-center rounded-control bg-primary-soft text-primary">
            <Building2 aria-hidden="true" className="size-6" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-semibold text-fg">
            {l.name}
            {l.is_verified && " "}
            {l.is_verified && <BadgeCheck aria-label={t('lender.verified')} className="ml-1 inline size-4 align-[-2px] text-primary" />}
          </h3>
          <p className="text-sm text-fg-muted">
            {t('lender.nmls', { id: l.nmls_id || '—' })} · {l.location}
          </p>
          <Rating lender={l} />
        </div>
      </div>
      <ul className="flex flex-wrap gap-1" aria-label={t('lender.loanTypes')}>
        {(l.loan_types ?? []).map((lt) => (
          <li key={lt} className="rounded-pill bg-surface-sunken px-2 py-0.5 text-xs font-medium text-fg">
            {t(`lender.loan.${lt}`)}
          </li>
        ))}
      </ul>
      <p className="text-sm text-fg">
        <span className="text-fg-muted">{t('lender.serves')}</span> {(l.states ?? []).join(', ')}
      </p>
      {l.copay_available ? (
        <p className="rounded-control bg-savings-soft px-2 py-1 text-sm font-medium text-savings-strong">
          {t('lender.copay.available', { percent: l.cap_percent })}
        </p>
      ) : (
        <p className="rounded-control bg-surface-sunken px-2 py-1 text-sm text-fg-muted">{t('lender.copay.none')}</p>
      )}
      {l.avg_close_days > 0 && (
        <p className="inline-flex items-center gap-1 text-sm text-fg-muted">
          <CalendarDays aria-hidden="true" className="size-4" />
          {t('lender.closeDays', { count: l.avg_close_days })}
        </p>
      )}
      <div className="mt-auto flex flex-col gap-2 pt-2">
        <Button variant={compared ? 'primary' : 'secondary'} aria-pressed={compared} className="min-h-11" onClick={onCompare}>
          <Columns3 aria-hidden="true" className="size-4" />
          {compared ? t('lender.compare.added') : t('lender.compare.add')}
          <span className="sr-only">{` ${l.name}`}</span>
        </Button>
        <div className="flex flex-col gap-2">
          {l.copay_available && (
            <Button variant="secondary" className="min-h-11" onClick={onCoMarket}>
              <Handshake aria-hidden="true" className="size-4" />
              {t('lender.coMarket.open')}
              <span className="sr-only">{` ${l.name}`}</span>
            </Button>
          )}
          <ButtonLink variant="ghost" className="min-h-11" to={bookingLink(l)}>
            <CalendarDays aria-hidden="true" className="size-4" />
            {t('lender.book')}
            <span className="sr-only">{` ${l.name}`}</span>
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
