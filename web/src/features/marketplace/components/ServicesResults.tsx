import { useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchServicesQuery } from '../api/search-services';
import type { MarketplaceData } from '../api/types';
import { matchesMediaQuery, PHONE_QUERY } from '../../../lib/useMediaQuery';
import { prefersReducedMotion } from '../hooks';
import { canUseSnapshotPage, toServiceQuery, type AbVariant, type Filters } from '../model/filters';
import { EmptyState, SnagNotice } from './EmptyState';
import { Pagination, ResultsSummary } from './Pagination';
import { ServiceCard, ServiceCardSkeleton } from './ServiceCard';

export const SERVICES_GRID_ID = 'services-grid';

/**
 * Cards rendered in the first pass; the rest follow once that has painted, so the first screenful
 * does not wait for 50 cards (issue 18 item 5: first card under a second). A phone's screen holds
 * one or two cards, so it starts with fewer.
 */
export const FIRST_PASS_CARDS = 8;
const FIRST_PASS_CARDS_PHONE = 4;
/**
 * Cards added by each later pass: the 46 remaining cards in one commit were a 100 ms task at a
 * phone's speed (their DOM, styles and layout at once), Lighthouse's largest blocking task after
 * the app took over the server's page (issue 33).
 */
const NEXT_PASS_CARDS = 8;

/**
 * How many of n cards to render: the first pass on the first paint of a list, then a few more
 * after each paint until all are there. While the page is covered (a shared link opens the
 * service details over it) the rest waits for the details to close: nobody sees them, and laying
 * out 50 cards behind the dialog slowed its opening. Once a list has rendered whole, a later page
 * (same list key) renders at once.
 */
function useProgressiveCount(n: number, listKey: unknown, covered: boolean): number {
  // Read once: a later resize has nothing to change (the rest follow right after the first paint).
  const [firstPass] = useState(() => (matchesMediaQuery(PHONE_QUERY) ? FIRST_PASS_CARDS_PHONE : FIRST_PASS_CARDS));
  const [progress, setProgress] = useState<{ key: unknown; count: number; whole: boolean }>({ key: null, count: 0, whole: false });
  const mine = progress.key === listKey;
  const count = mine ? progress.count : firstPass;
  const complete = mine && (progress.whole || count >= n);
  useEffect(() => {
    if (complete || covered) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      // A transition: React renders the next cards in slices between frames instead of one long
      // task that holds up input (Lighthouse's total blocking time on a phone).
      const next = count + NEXT_PASS_CARDS;
      timer = window.setTimeout(() => startTransition(() => setProgress({ key: listKey, count: next, whole: next >= n })), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [complete, listKey, covered, count, n]);
  return complete ? n : Math.min(n, count);
}

/** Scrolls the results into view (after a page change or a category pick). */
export function scrollToServicesGrid() {
  requestAnimationFrame(() => {
    document.getElementById(SERVICES_GRID_ID)?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  });
}

/** What a marketplace view gets from the page: the snapshot, the filters and the A/B variant, and the ways to change or clear the filters. */
export type MarketplaceViewProps = {
  data: MarketplaceData | undefined;
  dataError: Error | null;
  filters: Filters;
  variant: AbVariant;
  update: (patch: Partial<Filters>, opts?: { replace?: boolean }) => void;
  clear: () => void;
};

/**
 * The services grid with its summary line and paging. Page 1 without filters comes from the
 * snapshot (no second request); everything else from the search endpoint (03§2, 02§4).
 */
export function ServicesResults({
  data,
  dataError,
  filters,
  variant,
  update,
  clear,
  labelledBy,
  covered = false,
}: MarketplaceViewProps & {
  labelledBy: string;
  /** The service details cover the page: the first list's second pass waits (useProgressiveCount). */
  covered?: boolean;
}) {
  const { t } = useTranslation();
  const fromSnapshot = canUseSnapshotPage(filters, variant);
  const search = useQuery(searchServicesQuery(toServiceQuery(filters, variant), !fromSnapshot));
  const page = fromSnapshot ? data?.first_page : search.data;
  const error = fromSnapshot ? (data ? null : dataError) : search.error;
  const updating = !fromSnapshot && search.isFetching && search.isPlaceholderData;

  // A page past the end (after the catalogue shrank) moves to the last page.
  const pages = page?.pages ?? 0;
  useEffect(() => {
    if (pages > 0 && filters.page > pages) update({ page: pages }, { replace: true });
  }, [filters.page, pages, update]);

  const services = page?.services ?? [];
  // Only the first list of the page renders in two passes; later pages render at once.
  const [firstList] = useState(() => ({}));
  const shown = useProgressiveCount(services.length, services.length > 0 ? firstList : null, covered);

  return (
    <section id={SERVICES_GRID_ID} aria-labelledby={labelledBy} aria-busy={updating || (!page && !error)} className="flex scroll-mt-40 flex-col gap-4">
      {page ? (
        <ResultsSummary
          page={filters.page}
          pages={page.pages}
          total={page.total}
          pageSize={filters.pageSize}
          onPageSize={(pageSize) => update({ pageSize })}
        />
      ) : null}
      {page && error ? (
        <p role="alert" className="rounded-control bg-warning-soft px-3 py-2 text-sm text-warning-strong">
          {t('marketplace.results.stale', { reason: error.message })}
        </p>
      ) : null}
      {!page && error ? <SnagNotice detail={error.message} /> : null}
      {!page && !error ? (
        <>
          <p role="status" className="sr-only">
            {t('marketplace.results.loading')}
          </p>
          {/* The summary line's place, so the cards do not move when it arrives. */}
          <div aria-hidden="true" className="h-10 w-64 max-w-full rounded-control bg-surface-sunken motion-safe:animate-pulse" />
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i}>
                <ServiceCardSkeleton />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {page && services.length === 0 && page.total === 0 ? (
        <EmptyState onSuggestion={(q) => update({ q })} onClear={clear} />
      ) : null}
      {services.length > 0 ? (
        <ul
          className={`grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${updating ? 'opacity-60' : ''}`}
          data-testid="services-list"
          data-rendered={shown >= services.length ? 'all' : 'first'}
        >
          {services.slice(0, shown).map((card, i) => (
            // Cards past the first few skip style and layout until they near the screen (each is
            // about 600 px tall): 50 cards' layout was most of the work of a page's later passes.
            <li key={card.id} className={i < FIRST_PASS_CARDS ? undefined : '[contain-intrinsic-size:auto_600px] [content-visibility:auto]'}>
              <ServiceCard card={card} priority={i < 4} showSortPrice={filters.sort === 'price_low' || filters.sort === 'price_high'} />
            </li>
          ))}
        </ul>
      ) : null}
      {page ? (
        <Pagination
          page={Math.min(filters.page, Math.max(page.pages, 1))}
          pages={page.pages}
          onPage={(p) => {
            update({ page: p });
            scrollToServicesGrid();
          }}
        />
      ) : null}
    </section>
  );
}
