import { SlidersHorizontal, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../../../components/form/LabelledControl';
import { CloseButton } from '../../../components/ui/CloseButton';
import { cn } from '../../../components/ui/cn';
import { Modal, ModalFooter } from '../../../components/ui/Modal';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/useMediaQuery';
import type { MarketplaceData, PriceRange } from '../api/types';
import { usePendingValue } from '../hooks';
import { blockKey, LOBBY_KEYS, productKey } from '../model/categories';
import { changeFilters, SORTS, TABS, type Filters, type SortKey, type Tab } from '../model/filters';
import { SearchBox } from './SearchBox';

const SORT_KEYS: Record<SortKey, string> = {
  ranked: 'marketplace.sort.ranked',
  newest: 'marketplace.sort.newest',
  price_low: 'marketplace.sort.priceLow',
  price_high: 'marketplace.sort.priceHigh',
};

const TAB_KEYS: Record<Tab, string> = {
  services: 'marketplace.tabs.services',
  products: 'marketplace.tabs.products',
  vendors: 'marketplace.tabs.vendors',
};

/** Height of the sticky site header (h-16). */
const HEADER_PX = 64;

// The panel's code loads when it is first opened.
const FilterPanel = lazy(() => import('./FilterPanel').then((m) => ({ default: m.FilterPanel })));

export function tabId(tab: Tab) {
  return `marketplace-tab-${tab}`;
}
export function panelId(tab: Tab) {
  return `marketplace-panel-${tab}`;
}

/**
 * The search and filter bar (03§2): search, the services / products / vendors tabs, sort and
 * filters. It sticks under the header once its anchor has scrolled out of view.
 */
export function FilterBar({
  filters,
  data,
  priceRange,
  update,
  clear,
  money,
  cartSlot,
  adminSlot,
  resultCount = null,
}: {
  filters: Filters;
  data: MarketplaceData | undefined;
  priceRange: PriceRange;
  update: (patch: Partial<Filters> | ((f: Filters) => Filters), opts?: { replace?: boolean }) => void;
  clear: () => void;
  money: (cents: number) => string;
  cartSlot?: ReactNode;
  adminSlot?: ReactNode;
  /** The number of services the current filters find; null while it is being counted. */
  resultCount?: number | null;
}) {
  const { t } = useTranslation();
  const anchor = useRef<HTMLDivElement>(null);
  const [stuck, setStuck] = useState(false);
  const [open, setOpen] = useState(false);
  const panel = useId();
  const sortId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ services: null, products: null, vendors: null });
  const toggleRef = useRef<HTMLButtonElement>(null);
  // On a phone the filters open as a full-height sheet with Apply (design.md); wider, inline.
  const phone = useMediaQuery(PHONE_QUERY);
  const sheetTitle = useId();

  // Escape closes the inline panel too (the sheet is a Modal, which closes on Escape itself).
  useEffect(() => {
    if (!open || phone) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, phone]);

  // Stuck once the anchor has scrolled above the bottom of the 64 px header. A scroll listener
  // (not an IntersectionObserver) so a jump past the whole viewport is noticed too.
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = anchor.current;
      if (el) setStuck(el.getBoundingClientRect().top < HEADER_PX);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  // Issue 28 item 14. The inline filter panel opens under the bar: when the bar sits low on the
  // screen (under the home page's hero), bring it up first so the panel opens in view. A new
  // search while the bar is stuck brings the first results up under it, instead of leaving the
  // page deep in the old list with the result count hidden behind the bar.
  const barToTop = (when: 'low' | 'stuck') => {
    const el = anchor.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top;
    const move = when === 'low' ? top > window.innerHeight * 0.4 : top < HEADER_PX;
    if (move) window.scrollTo({ top: Math.max(0, window.scrollY + top - HEADER_PX) });
  };
  const commitSearch = (change: Partial<Filters>) => {
    update(change, { replace: true });
    barToTop('stuck');
  };
  const toggleFilters = () => {
    if (!open && !phone) barToTop('low');
    setOpen(!open);
  };

  const vendors = filters.tab === 'vendors';
  // Arrow keys move from the focused tab (not the rendered one: a second key press may come first).
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, from: Tab) => {
    const i = TABS.indexOf(from);
    let next: Tab | undefined;
    if (e.key === 'ArrowRight') next = TABS[(i + 1) % TABS.length];
    else if (e.key === 'ArrowLeft') next = TABS[(i - 1 + TABS.length) % TABS.length];
    else if (e.key === 'Home') next = TABS[0];
    else if (e.key === 'End') next = TABS[TABS.length - 1];
    if (!next) return;
    e.preventDefault();
    update({ tab: next });
    tabRefs.current[next]?.focus();
  };

  const chips = activeChips(filters, t, money);
  const [sort, setSort] = usePendingValue(filters.sort);

  return (
    <>
      <div ref={anchor} aria-hidden="true" className="h-px" />
      <div
        data-stuck={stuck ? 'true' : 'false'}
        className={cn(
          'sticky top-16 z-20 border-b border-border bg-surface/95 backdrop-blur transition-shadow',
          stuck ? 'shadow-card' : '',
        )}
      >
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-3 px-4 py-3">
          <div className="flex flex-wrap items-center gap-2">
            <div role="tablist" aria-label={t('marketplace.tabs.label')} className="flex rounded-control bg-surface-sunken p-1">
              {TABS.map((tab) => {
                const selected = filters.tab === tab;
                return (
                  <button
                    key={tab}
                    ref={(el) => {
                      tabRefs.current[tab] = el;
                    }}
                    id={tabId(tab)}
                    type="button"
                    role="tab"
                    aria-selected={selected}
                    aria-controls={panelId(tab)}
                    tabIndex={selected ? 0 : -1}
                    onKeyDown={(e) => onTabKey(e, tab)}
                    onClick={() => update({ tab })}
                    className={cn(
                      'rounded-control px-3 py-1.5 text-sm font-medium',
                      selected ? 'bg-surface text-primary-strong shadow-card' : 'text-fg-muted hover:text-fg',
                    )}
                  >
                    {t(TAB_KEYS[tab])}
                  </button>
                );
              })}
            </div>
            <div className="order-first flex w-full min-w-0 md:order-none md:w-auto md:flex-1">
              {vendors ? (
                <SearchBox
                  key="vendors"
                  value={filters.vq}
                  onCommit={(vq) => commitSearch({ vq })}
                  label={t('marketplace.search.vendorsLabel')}
                  placeholder={t('marketplace.search.vendorsPlaceholder')}
                  clearLabel={t('marketplace.search.clear')}
                />
              ) : (
                <SearchBox
                  key="services"
                  value={filters.q}
                  onCommit={(q) => commitSearch({ q })}
                  label={t('marketplace.search.label')}
                  placeholder={t('marketplace.search.placeholder')}
                  clearLabel={t('marketplace.search.clear')}
                />
              )}
            </div>
            {!vendors ? (
              <>
                <LabelledControl id={sortId} label={t('marketplace.sort.label')} className="flex items-center gap-2" labelClassName="text-sm text-fg-muted max-sm:sr-only">
                  <select
                    id={sortId}
                    value={sort}
                    onChange={(e) => {
                      setSort(e.target.value as SortKey);
                      update({ sort: e.target.value as SortKey });
                    }}
                    className="h-10 rounded-control border border-border-strong bg-surface px-2 text-sm text-fg"
                  >
                    {SORTS.map((s) => (
                      <option key={s} value={s}>
                        {t(SORT_KEYS[s])}
                      </option>
                    ))}
                  </select>
                </LabelledControl>
                <button
                  ref={toggleRef}
                  type="button"
                  aria-haspopup={phone ? 'dialog' : undefined}
                  aria-expanded={open}
                  aria-controls={open ? panel : undefined}
                  onClick={toggleFilters}
                  className={cn(
                    'flex h-10 items-center gap-2 rounded-control border px-3 text-sm font-medium',
                    open ? 'border-primary bg-primary-soft text-primary-strong' : 'border-border-strong bg-surface text-fg hover:bg-surface-sunken',
                  )}
                >
                  <SlidersHorizontal aria-hidden="true" className="size-4" />
                  {t('marketplace.filters.toggle')}
                  {chips.length > 0 ? (
                    <span className="rounded-pill bg-primary px-1.5 text-xs text-primary-fg">
                      <span className="sr-only">{t('marketplace.filters.activeCount', { count: chips.length })}</span>
                      <span aria-hidden="true">{chips.length}</span>
                    </span>
                  ) : null}
                </button>
              </>
            ) : null}
            {cartSlot}
          </div>
          {!vendors && open && phone ? (
            <Modal labelledBy={sheetTitle} onClose={() => setOpen(false)} variant="sheet">
              <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
                <h2 id={sheetTitle} className="text-lg font-semibold text-fg">
                  {t('marketplace.filters.sheetTitle')}
                </h2>
                <CloseButton label={t('marketplace.filters.close')} onClick={() => setOpen(false)} className="flex size-10 items-center justify-center rounded-pill text-fg hover:bg-surface-sunken" iconClassName="size-5" />
              </div>
              <div id={panel} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 pb-4">
                <Suspense fallback={<p className="py-4 text-sm text-fg-muted">{t('common.loading')}</p>}>
                  <FilterPanel filters={filters} data={data} priceRange={priceRange} update={update} money={money} adminSlot={adminSlot} />
                </Suspense>
              </div>
              <ModalFooter className="flex items-center gap-3 border-t border-border px-4 py-3">
                <p role="status" className="min-w-0 flex-1 text-sm text-fg-muted tabular">
                  {resultCount === null ? t('marketplace.filters.counting') : t('marketplace.filters.resultCount', { count: resultCount })}
                </p>
                {chips.length > 0 ? (
                  <button type="button" onClick={clear} className="rounded-control px-2 py-2 text-sm font-medium text-primary hover:underline">
                    {t('marketplace.filters.clearAll')}
                  </button>
                ) : null}
                <button
                  type="button"
                  onClick={() => setOpen(false)}
                  className="h-10 rounded-control bg-primary px-4 text-sm font-semibold text-primary-fg hover:bg-primary-hover"
                >
                  {t('marketplace.filters.apply')}
                </button>
              </ModalFooter>
            </Modal>
          ) : null}
          {!vendors && open && !phone ? (
            // The id is on this wrapper, not the lazily loaded panel, so the toggle's aria-controls
            // names an element that exists while the panel's code is still loading.
            <div id={panel} className="max-h-[60vh] overflow-y-auto">
              <Suspense fallback={<p className="py-4 text-sm text-fg-muted">{t('common.loading')}</p>}>
              <FilterPanel
                filters={filters}
                data={data}
                priceRange={priceRange}
                update={update}
                money={money}
                adminSlot={adminSlot}
              />
              </Suspense>
            </div>
          ) : null}
          {!vendors && chips.length > 0 ? (
            <ul aria-label={t('marketplace.filters.active')} className="flex flex-wrap items-center gap-2">
              {chips.map((c) => (
                <li key={c.key}>
                  <button
                    type="button"
                    onClick={() => update((cur) => changeFilters(cur, c.remove(cur)))}
                    aria-label={t('marketplace.filters.remove', { filter: c.label })}
                    className="flex items-center gap-1 rounded-pill bg-primary-soft px-3 py-1 text-xs font-medium text-primary-strong hover:bg-surface-sunken"
                  >
                    {c.label}
                    <X aria-hidden="true" className="size-3.5" />
                  </button>
                </li>
              ))}
              <li>
                <button type="button" onClick={clear} className="rounded-control px-2 py-1 text-xs font-medium text-primary hover:underline">
                  {t('marketplace.filters.clearAll')}
                </button>
              </li>
            </ul>
          ) : null}
        </div>
      </div>
    </>
  );
}

interface Chip {
  key: string;
  label: string;
  /** The change that removes it, from the latest filters. */
  remove: (cur: Filters) => Partial<Filters>;
}

function activeChips(f: Filters, t: (k: string, o?: Record<string, unknown>) => string, money: (cents: number) => string): Chip[] {
  const out: Chip[] = [];
  if (f.q.trim()) out.push({ key: 'q', label: t('marketplace.chips.search', { q: f.q.trim() }), remove: () => ({ q: '' }) });
  if (f.category) out.push({ key: 'category', label: t(`lobby.categories.${LOBBY_KEYS[f.category] ?? ''}`), remove: () => ({ category: '' }) });
  if (f.tag) {
    const k = blockKey(f.tag);
    out.push({ key: 'tag', label: k ? t(`marketplace.blocks.names.${k}`) : f.tag, remove: () => ({ tag: '' }) });
  }
  if (f.product) {
    const k = productKey(f.product);
    out.push({ key: 'product', label: k ? t(`marketplace.products.names.${k}`) : f.product, remove: () => ({ product: '' }) });
  }
  if (f.minPrice !== null || f.maxPrice !== null) {
    out.push({
      key: 'price',
      label: t('marketplace.chips.price', { min: money((f.minPrice ?? 0) * 100), max: f.maxPrice === null ? '∞' : money(f.maxPrice * 100) }),
      remove: () => ({ minPrice: null, maxPrice: null }),
    });
  }
  if (f.minRating !== null) out.push({ key: 'rating', label: t('marketplace.chips.rating', { count: f.minRating }), remove: () => ({ minRating: null }) });
  for (const feature of f.features) {
    out.push({
      key: `feature-${feature}`,
      label: t(`marketplace.filters.feature.${feature === 'top_pick' ? 'topPick' : feature === 'pro_discount' ? 'proDiscount' : feature}`),
      remove: (cur) => ({ features: cur.features.filter((x) => x !== feature) }),
    });
  }
  if (f.verified) out.push({ key: 'verified', label: t('marketplace.filters.verified'), remove: () => ({ verified: false }) });
  if (f.copayEligible) out.push({ key: 'copayEligible', label: t('marketplace.filters.copayEligible'), remove: () => ({ copayEligible: false }) });
  return out;
}
