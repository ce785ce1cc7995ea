import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, BadgePercent, ChartNoAxesCombined, HandCoins, RefreshCw, Store } from 'lucide-react';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { PageTitle } from '../../components/ui/PageHeader';
import { cn } from '../../components/ui/cn';
import { Notice } from '../../components/ui/Notice';
import { useAppConfig } from '../../lib/api/get-config';
import { clearAppCaches } from '../../lib/cache';
import { recordExposure } from '../../lib/experiments';
import { useFeatureFlag } from '../../lib/flags';
import { whenIdle } from '../../lib/idle';
import { reloadWithReason } from '../../lib/reload';
import { readStorage } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { MarketplaceActionsProvider, useMarketplaceActions } from './actions';
import { marketplaceDataKey, marketplaceDataQuery, requestFreshLoad } from './api/get-marketplace-data';
import { CategoryBlocks } from './components/CategoryBlocks';
import { FilterBar, panelId, tabId } from './components/FilterBar';

import { scrollToServicesGrid, ServicesResults } from './components/ServicesResults';
import { RecoveryBanner, SlowLoadNotice } from './components/StatusBanners';

import { useMarketplaceFilters, useRankingVariant } from './hooks';
import { assignExperiment } from './model/abTest';
import { canUseSnapshotPage, DEFAULT_PRICE_RANGE, TABS, toServiceQuery, type Tab } from './model/filters';
import { searchServicesQuery } from './api/search-services';
import { INTRO_EXPERIMENT, INTRO_HOLDOUT_SHARE, shouldShowIntro } from './model/intro';
import { claimRecovery, RECOVERY_WAIT_MS } from './model/recovery';
import { SLOW_LOAD_MS } from './model/retry';
import { MARKETPLACE_KEYS } from './model/storageKeys';
import { withoutOpenService } from '../../lib/share';

// Loaded only when needed, so the first paint stays small.
// The service details (funnel page / sales-page dialog) are their own chunk, loaded when opened.
const VendorsView = lazy(() => import('./components/VendorsView'));
const AdminBar = lazy(() => import('./components/AdminTools'));
const RerankButton = lazy(() => import('./components/AdminTools').then((m) => ({ default: m.RerankButton })));
const QaPanel = lazy(() => import('./components/QaPanel'));
const ProductsView = lazy(() => import('./components/ProductsView').then((m) => ({ default: m.ProductsView })));
const TopDeals = lazy(() => import('./components/TopDeals').then((m) => ({ default: m.TopDeals })));
const IntroDialog = lazy(() => import('./components/IntroDialog'));

/** What the marketplace hands the service details it opens (a card's Learn more, a shared link). */
export interface ServiceDetailsProps {
  serviceId: string;
  /** The address bar's view: "details" (the sales-page dialog), "funnel" or none (the funnel page). */
  view: string | null;
  onClose: () => void;
  /**
   * The service's own address (/services/{slug}, a shared link): no marketplace lies behind the
   * details to dim, so they fill the window as a page does, at every width.
   */
  ownPage?: boolean;
}

/**
 * The details screen the app layer passes in; preload downloads its code ahead, so Learn more
 * opens the details without a chunk download after the click (issue 28 item 15).
 */
export type ServiceDetailsComponent = ComponentType<ServiceDetailsProps> & { preload?: () => Promise<unknown> };

/**
 * Home (/) and /marketplace (03§2). The service details are another feature's screen: the app
 * layer passes them in as ServiceDetails, so the marketplace does not import that feature.
 */
export default function MarketplacePage({ ServiceDetails }: { ServiceDetails: ServiceDetailsComponent }) {
  const flagOn = useFeatureFlag('marketplace');
  // Once the grid is in and the browser idle, the details' code comes ahead of the first Learn more.
  useEffect(() => whenIdle(() => void ServiceDetails.preload?.().catch(() => undefined)), [ServiceDetails]);
  const { data: config } = useAppConfig();
  if (!flagOn || config?.marketplace_enabled === false) return <MarketplaceUnavailable />;
  return (
    <MarketplaceActionsProvider>
      <Marketplace ServiceDetails={ServiceDetails} />
    </MarketplaceActionsProvider>
  );
}

/** True once `active` has lasted longer than ms (the slow-load flag of 03§4). */
function useSlowFlag(active: boolean, ms = SLOW_LOAD_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setSlow(true), ms);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [active, ms]);
  return active && slow;
}

/** The intro waits a moment so the page is seen first. */
const INTRO_DELAY_MS = 800;

const TAB_HEADINGS: Record<Tab, string> = {
  services: 'marketplace.tabs.services',
  products: 'marketplace.tabs.products',
  vendors: 'marketplace.tabs.vendors',
};

function Marketplace({ ServiceDetails }: { ServiceDetails: ServiceDetailsComponent }) {
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { viewer, money } = useMarketplaceActions();
  const { filters, params, setParams, update, clear } = useMarketplaceFilters();
  const ranking = useRankingVariant();
  const { data: config } = useAppConfig();
  const topDealsFlag = useFeatureFlag('topDeals');

  // ?fresh=1: the first load skips caches when nothing is cached yet; otherwise reload now.
  const [freshAtMount] = useState(() => {
    const fresh = params.get('fresh') === '1' && queryClient.getQueryData(marketplaceDataKey) === undefined;
    if (fresh) requestFreshLoad();
    return fresh;
  });
  const freshHandled = useRef(false);
  const fresh = params.get('fresh') === '1';
  useEffect(() => {
    if (!fresh) return;
    if (!(freshAtMount && !freshHandled.current)) {
      requestFreshLoad();
      void queryClient.resetQueries({ queryKey: ['marketplace'] });
    }
    freshHandled.current = true;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('fresh');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [fresh, freshAtMount, queryClient, setParams]);

  const dataQuery = useQuery(marketplaceDataQuery());
  const data = dataQuery.data;
  // The live result count of the phone's filter sheet: the same query the grid uses.
  const fromSnapshot = canUseSnapshotPage(filters, ranking.variant);
  const countQuery = useQuery(searchServicesQuery(toServiceQuery(filters, ranking.variant), !fromSnapshot && filters.tab !== 'vendors'));
  const resultCount = fromSnapshot
    ? (data?.first_page.total ?? null)
    : countQuery.isPlaceholderData || !countQuery.data
      ? null
      : countQuery.data.total;
  const dataError = dataQuery.error;
  const slow = useSlowFlag(dataQuery.isPending);

  // Auto-recovery (03§4): an error with no data clears caches, waits, loads fresh; once per 30 s.
  const [recovering, setRecovering] = useState(false);
  const recover = useCallback(
    async (manual: boolean) => {
      if (!claimRecovery() && !manual) return;
      setRecovering(true);
      toast({ title: t('marketplace.recovery.snagTitle'), description: t('marketplace.recovery.snagBody'), duration: 0 });
      try {
        if (typeof caches !== 'undefined') {
          const names = await caches.keys();
          await Promise.all(names.map((n) => caches.delete(n)));
        }
      } catch {
        // Cache Storage unavailable: nothing to clear.
      }
      await new Promise((r) => setTimeout(r, RECOVERY_WAIT_MS));
      requestFreshLoad();
      await queryClient.resetQueries({ queryKey: ['marketplace'] });
      const state = queryClient.getQueryState(marketplaceDataKey);
      setRecovering(false);
      if (state?.status === 'success') {
        toast({ title: t('marketplace.recovery.success'), variant: 'success' });
      } else {
        toast({ title: t('marketplace.recovery.failed'), description: t('marketplace.recovery.failedBody'), variant: 'error' });
      }
    },
    [queryClient, t],
  );
  const failedWithoutData = dataQuery.isError && !data;
  useEffect(() => {
    if (!failedWithoutData) return;
    const timer = setTimeout(() => void recover(false), 0);
    return () => clearTimeout(timer);
  }, [failedWithoutData, recover]);

  // The intro dialog: first visit of the home page, visitors only, once per 90 days, 30% holdout.
  const [intro, setIntro] = useState<'pending' | 'show' | 'hide'>('pending');
  const forceIntro = params.get('intro') === '1';
  useEffect(() => {
    if (intro !== 'pending' || viewer.status === 'loading') return;
    const timer = setTimeout(() => {
      const eligible = viewer.status === 'signed-out' && (forceIntro || location.pathname === '/');
      const variant = eligible
        ? assignExperiment(INTRO_EXPERIMENT, { control: 'shown', holdout: 'holdout' }, INTRO_HOLDOUT_SHARE).variant
        : 'shown';
      // The server counts an eligible visitor in its arm once (?intro=1 is QA, not an exposure).
      if (eligible && !forceIntro) recordExposure('intro_v1', variant);
      const last = Number(readStorage('local', MARKETPLACE_KEYS.introShownAt));
      const show =
        eligible &&
        shouldShowIntro({
          pathname: location.pathname,
          viewer: viewer.status,
          lastShownAt: Number.isFinite(last) && last > 0 ? last : null,
          now: Date.now(),
          variant,
          // Automated browsers (and jsdom in unit tests) only see it when asked for with ?intro=1.
          automated: navigator.webdriver === true || /jsdom/i.test(navigator.userAgent),
          forced: forceIntro,
        });
      setIntro(show ? 'show' : 'hide');
    }, INTRO_DELAY_MS);
    return () => clearTimeout(timer);
  }, [intro, viewer.status, forceIntro, location.pathname]);

  const closeService = useCallback(() => setParams(withoutOpenService, { replace: true, preventScrollReset: true }), [setParams]);

  // ?service= opens a service over the page (a card, a suggestion, a reloaded dialog).
  const serviceId = params.get('service');
  // A page load that opens a service (a shared link) renders the details in a second pass, after
  // the marketplace's first one: together they were one 400 ms task on a phone (Lighthouse's
  // total blocking time). False on the first render only; later openings are not delayed.
  const afterFirstPass = useDeferredValue(true, false);
  const showTopDeals = topDealsFlag && config?.top_deals_enabled === true && (data?.top_deals?.length ?? 0) > 0;
  const priceRange = data && !data.partial ? data.price_range : DEFAULT_PRICE_RANGE;
  const qa = params.get('qa') === '1';

  return (
    <div className="flex flex-col pb-16">
      {failedWithoutData || data?.partial ? (
        <RecoveryBanner
          onRefresh={() => void recover(true)}
          busy={recovering}
          detail={dataError ? ((dataError as Error & { reasons?: string[] }).reasons ?? [dataError.message]).join(' · ') : undefined}
        />
      ) : null}
      {slow ? <SlowLoadNotice /> : null}
      {viewer.status === 'signed-out' ? <Hero /> : null}
      {/* While the session loads the browser is a signed-in member's (a visitor's is known at
          once, lib/session.ts), so their heading holds its place instead of arriving late. */}
      {viewer.status !== 'signed-out' ? (
        <PageTitle title={t('marketplace.title')} intro={t('marketplace.signedInSubtitle')} className="mx-auto w-full max-w-7xl px-4 pt-6 md:pt-10" introClassName="mt-1 text-base text-fg-muted" />
      ) : null}
      <Suspense fallback={null}>
        {qa ? (
          <QaPanel
            ranking={ranking}
            intro={readStorage('local', MARKETPLACE_KEYS.abPrefix + INTRO_EXPERIMENT) ?? '—'}
            filters={filters}
            isAdmin={viewer.isAdmin}
            userId={viewer.profile?.user_id}
            data={data}
            shown={data && filters.page === 1 ? (data.first_page.services?.length ?? 0) : null}
          />
        ) : null}
        {viewer.isAdmin ? <AdminBar /> : null}
      </Suspense>
      {showTopDeals && data?.top_deals ? (
        <Suspense fallback={null}>
          <TopDeals deals={data.top_deals} />
        </Suspense>
      ) : null}
      <div className="mt-4 flex flex-col md:mt-10">
        <FilterBar
          filters={filters}
          data={data}
          priceRange={priceRange}
          update={update}
          clear={clear}
          money={money}
          adminSlot={
            viewer.isAdmin ? (
              <Suspense fallback={null}>
                <RerankButton />
              </Suspense>
            ) : undefined
          }
          resultCount={resultCount}
        />
        {/* After the search bar: on a phone, search and results come first (issue 18 item 2). */}
        <CategoryBlocks
          data={data}
          activeTag={filters.tag}
          onPick={(tag) => {
            update({ tag, tab: filters.tab === 'vendors' ? 'services' : filters.tab });
            scrollToServicesGrid();
          }}
        />
        <div className="mx-auto w-full max-w-7xl px-4 pt-4 md:pt-6">
          {TABS.map((tab) => (
            <div key={tab} id={panelId(tab)} role="tabpanel" aria-labelledby={tabId(tab)} hidden={filters.tab !== tab}>
              {filters.tab !== tab ? null : tab === 'services' ? (
                <div className="flex flex-col gap-4">
                  <h2 id="services-heading" className="text-lg font-semibold tracking-tight text-fg max-md:sr-only md:text-xl">
                    {t(TAB_HEADINGS.services)}
                  </h2>
                  <ServicesResults
                    data={data}
                    dataError={dataError}
                    filters={filters}
                    variant={ranking.variant}
                    update={update}
                    clear={clear}
                    labelledBy="services-heading"
                    covered={serviceId !== null}
                  />
                </div>
              ) : tab === 'products' ? (
                <Suspense fallback={null}>
                  <ProductsView data={data} dataError={dataError} filters={filters} variant={ranking.variant} update={update} clear={clear} />
                </Suspense>
              ) : (
                <Suspense fallback={<p className="text-sm text-fg-muted">{t('marketplace.vendors.loading')}</p>}>
                  <VendorsView filters={filters} update={update} />
                </Suspense>
              )}
            </div>
          ))}
        </div>
      </div>
      <Suspense fallback={null}>
        {serviceId && afterFirstPass ? <ServiceDetails key={serviceId} serviceId={serviceId} view={params.get('view')} onClose={closeService} /> : null}
        {intro === 'show' ? <IntroDialog onClose={() => setIntro('hide')} /> : null}
      </Suspense>
    </div>
  );
}

const CLAIMS = [
  { icon: BadgePercent, title: 'marketplace.hero.claims.savings.title', body: 'marketplace.hero.claims.savings.body', tone: 'bg-savings-soft text-savings-strong' },
  { icon: ChartNoAxesCombined, title: 'marketplace.hero.claims.data.title', body: 'marketplace.hero.claims.data.body', tone: 'bg-primary-soft text-primary' },
  { icon: HandCoins, title: 'marketplace.hero.claims.copay.title', body: 'marketplace.hero.claims.copay.body', tone: 'bg-pro-soft text-pro-strong' },
] as const;

function Hero() {
  const { t } = useTranslation();
  return (
    <div className="bg-surface">
      <section aria-labelledby="hero-title" className="mx-auto w-full max-w-7xl px-4 py-6 md:py-20">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 text-center">
          <p className="rounded-pill bg-primary-soft px-3 py-1 text-sm font-medium text-primary-strong max-md:hidden">
            {t('marketplace.hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="text-xl font-bold tracking-tight text-fg md:text-[2.5rem] md:leading-tight">
            {t('marketplace.hero.title')}
          </h1>
          <p className="text-sm text-fg-muted md:text-lg">{t('marketplace.hero.subtitle')}</p>
        </div>
        {/* On a phone the claims and buttons give way to search and results (issue 18 item 2). */}
        <h2 className="sr-only max-md:hidden">{t('marketplace.hero.claimsLabel')}</h2>
        <ul className="mt-10 grid gap-4 max-md:hidden md:grid-cols-3">
          {CLAIMS.map(({ icon: Icon, title, body, tone }) => (
            <li key={title} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-6 shadow-card">
              <span aria-hidden="true" className={cn('flex size-10 items-center justify-center rounded-control', tone)}>
                <Icon className="size-5" />
              </span>
              <h3 className="text-lg font-semibold text-fg">{t(title)}</h3>
              <p className="text-sm text-fg-muted">{t(body)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 max-md:hidden sm:flex-row">
          <ButtonLink to="/pricing" size="lg">
            {t('marketplace.hero.createAccount')}
          </ButtonLink>
          <ButtonLink to="/lobby" size="lg" variant="secondary">
            {t('marketplace.hero.explore')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}

/** Shown when the marketplace flag or app_config.marketplace_enabled is off (spec 03§2). */
function MarketplaceUnavailable() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <div className="px-4">
      <Notice
        icon={<Store className="size-6" />}
        title={t('marketplace.unavailable.title')}
        actions={
          <Button
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void clearAppCaches(queryClient).then(() => reloadWithReason('manual'));
            }}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            {busy ? t('marketplace.unavailable.retrying') : t('marketplace.unavailable.retry')}
          </Button>
        }
      >
        <p>{t('marketplace.unavailable.body')}</p>
      </Notice>
    </div>
  );
}
