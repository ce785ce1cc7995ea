import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarCheck, ShoppingCart, Zap } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../components/ui/CloseButton';
import { Button } from '../../components/ui/Button';
import { buttonClass } from '../../components/ui/button';
import { Modal } from '../../components/ui/Modal';
import { Bone } from '../../components/ui/Skeleton';
import { useViewer } from '../../lib/session';
import { SaveButton } from '../../components/catalog/SaveButton';
import { Stars } from '../../components/catalog/Stars';
import { localized } from '../../lib/localize';
import { useModalGuardRegistration } from '../../lib/modalGuard';
import { detailViewerKey, serviceDetailQuery } from '../../lib/api/service-detail';
import { recordView } from './api/tracking';
import { Block, Prose, VerificationBadges } from './components/bits';
import { FunnelPackageCards, UrgencyBanner } from './components/FunnelExtras';
import { FunnelSections } from './components/Sections';
import { MediaHero } from './components/Media';
import { PackageGrid, PeriodToggle } from './components/PackageGrid';
import { ReviewsPanel } from './components/ReviewsPanel';
import { AlsoViewed, Bundles, RecentlyViewed, Suggestions } from './components/Related';
import { DetailShareMenu } from './components/ShareMenu';
import { ReferVendorCard } from '../../components/catalog/ReferVendorCard';
import { initialSelection, packagePrice, type Period } from './model/packages';
import { recordRecent } from './model/recent';
import type { ServiceDetail } from './model/types';
import { useDetailPage } from './useDetailPage';
import SalesDialog from './components/SalesDialog';
import { formatDateTime } from '../../lib/dates';
import { NewTabLink } from '../../components/ui/NewTabLink';

const VendorModal = lazy(() => import('./components/VendorModal'));

export const SUGGESTIONS_SHOWN = 6;
export const FUNNEL_BUNDLES_SHOWN = 3;

/**
 * The service details opened from the marketplace: `view=details` (a card's Learn more) shows the
 * sales-page dialog; a shared link (`view=funnel` or no view) shows the funnel page (02§2).
 * One request paints it: GET /api/services/{id} (plus the view record).
 */
export default function DetailView({
  serviceId,
  view,
  onClose,
  ownPage = false,
}: {
  serviceId: string;
  view: string | null;
  onClose: () => void;
  /** The service's own address (/services/{slug}): the funnel page fills the window. */
  ownPage?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const titleId = useId();
  const q = useQuery({ ...serviceDetailQuery(serviceId, detailViewerKey(viewer)), enabled: viewer.status !== 'loading' });

  useModalGuardRegistration();

  const detail = q.data;
  const title = detail ? localized(i18n.language, detail.service.title, detail.service.title_es, detail.service.title_fr) : '';
  useEffect(() => {
    if (!detail) return;
    recordView(detail.service.id);
    recordRecent(detail.service.id, detail.service.title);
  }, [detail]);

  const sales = view === 'details';
  // The funnel page: over the marketplace a window-high dialog (a rounded panel from sm up); on
  // the service's own address a sheet that fills the window (nothing behind it to dim).
  const pageVariant = ownPage ? 'sheet' : 'dialog';
  const pageClass = ownPage ? 'overflow-y-auto p-0!' : 'h-full max-h-none max-w-none! overflow-y-auto rounded-none! p-0! sm:rounded-card!';
  if (!detail && !q.isError) {
    // Loading: a skeleton shaped like the page (design.md), not a bare spinner.
    return (
      <Modal labelledBy={titleId} onClose={onClose} variant={sales ? 'dialog' : pageVariant} className={sales ? 'max-w-5xl! p-0!' : pageClass}>
        <div aria-busy="true" className="mx-auto flex w-full max-w-7xl flex-col gap-4 p-6" data-testid="detail-skeleton">
          <h2 id={titleId} className="sr-only">
            {t('detail.loading')}
          </h2>
          <Bone className="aspect-[21/9] w-full rounded-card" />
          <Bone className="h-8 w-2/3 rounded-control" />
          <Bone className="h-4 w-1/2 rounded-control" />
          <div className="grid grid-cols-3 gap-3">
            {[0, 1, 2].map((i) => (
              <Bone key={i} className="h-16 rounded-card" />
            ))}
          </div>
          <Bone className="h-40 rounded-card" />
        </div>
      </Modal>
    );
  }
  if (!detail) {
    const notFound = q.error && 'status' in q.error && (q.error as { status: number }).status === 404;
    return (
      <Modal labelledBy={titleId} onClose={onClose} className="max-w-md">
        <div className="flex flex-col items-center gap-4 p-2 text-center">
          <h2 id={titleId} className="text-xl font-semibold text-fg">
            {notFound ? t('detail.notFound') : t('detail.error')}
          </h2>
          <p className="text-sm text-fg-muted">{notFound ? t('detail.notFoundBody') : t('detail.errorBody')}</p>
          <div className="flex gap-2">
            {!notFound ? <Button onClick={() => void q.refetch()}>{t('detail.retry')}</Button> : null}
            <Button variant="secondary" onClick={onClose}>
              {t('detail.close')}
            </Button>
          </div>
        </div>
      </Modal>
    );
  }
  if (sales) return <SalesDialog detail={detail} title={title} onClose={onClose} />;
  return (
    <Modal labelledBy={titleId} onClose={onClose} variant={pageVariant} className={pageClass}>
      <FunnelPage detail={detail} title={title} titleId={titleId} onClose={onClose} />
    </Modal>
  );
}

function FunnelPage({ detail, title, titleId, onClose }: { detail: ServiceDetail; title: string; titleId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { viewer, money, signedIn, bundlesOn, actions, packageName, card, description } = useDetailPage(detail, title);
  const packages = (detail.packages ?? []).slice(0, 4);
  const [period, setPeriod] = useState<Period>('monthly');
  const [selectedId, setSelectedId] = useState<string | null>(() => initialSelection(packages));
  const [vendorOpen, setVendorOpen] = useState(false);
  const packagesRef = useRef<HTMLDivElement>(null);
  const selected = packages.find((p) => p.id === selectedId) ?? null;
  const selectedPrice = selected ? packagePrice(selected, period) : null;
  const totalCents = selectedPrice?.cents ?? card.displayed_price.cents;
  const verified = detail.vendor?.is_verified ?? card.is_verified;
  const qa = detail.quick_actions;
  const stats = detail.stats;
  const reviews = detail.reviews;
  // The page renders in three passes that React can interrupt, each its own commit, so the top
  // of the page paints first and a phone's main thread is never blocked by the whole page at
  // once (issue 18 item 5; issue 33: a service's page opens on this view): the header; then the
  // sections, packages and actions under it and the side column; then what lies below them
  // (reviews, suggestions, bundles, also viewed, recently viewed, the disclaimer). Each later
  // pass only adds below what is on screen or in the side column's own track (on a phone the
  // side column comes after the sections), so nothing on screen moves.
  const underHeader = useDeferredValue(true, false);
  const belowFold = useDeferredValue(underHeader, false);

  const buyNow = () => actions.purchase('buy_now', selected ? { name: packageName(selected), cents: selectedPrice?.cents ?? null } : undefined);
  const addToCart = () => actions.purchase('add', selected ? { name: packageName(selected), cents: selectedPrice?.cents ?? null } : undefined);

  const website = qa.website_available ? (
    <NewTabLink href={qa.website_url} newTab={t('detail.newTab')} onClick={() => actions.outbound(qa.website_url, 'quick_actions')} className={buttonClass('secondary', 'md', 'w-full')}>
      {t('detail.quick.viewWebsite')}
    </NewTabLink>
  ) : (
    <Button variant="secondary" className="w-full" disabled>
      {t('detail.quick.websiteNotAvailable')}
    </Button>
  );

  return (
    <article className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-4 sm:p-6" data-testid="funnel-page">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" onClick={onClose}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('detail.back')}
        </Button>
        <div className="flex items-center gap-2">
          <SaveButton card={card} title={title} />
          <DetailShareMenu serviceId={card.id} title={title} englishTitle={card.title} description={description} signedIn={signedIn} />
          <CloseButton label={t('detail.close')} onClick={onClose} className="flex size-9 items-center justify-center rounded-pill text-fg hover:bg-surface-sunken" iconClassName="size-5" />
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <header className="flex flex-col gap-4">
            <MediaHero items={detail.media ?? []} title={title} />
            <VerificationBadges verified={verified} premium={detail.vendor?.is_premium_provider ?? false} />
            <p id={titleId} className="text-sm font-medium text-fg-muted">
              {title}
              <span className="ml-2">· {t('detail.by', { vendor: detail.vendor?.name || card.vendor?.name || t('detail.unknownVendor') })}</span>
            </p>
            <h1 className="text-3xl font-bold tracking-tight text-fg">{detail.headline || title}</h1>
            {detail.sub_headline ? <p className="text-lg text-fg-muted">{detail.sub_headline}</p> : null}
            <Stars rating={reviews.average_rating} reviews={reviews.total_reviews} size="md" />
            <dl className="grid grid-cols-3 gap-3" aria-label={t('detail.stats.label')}>
              {(
                [
                  ['avgRoi', stats.estimated_roi],
                  ['timeToResults', stats.time_to_results],
                  ['timeToSetup', stats.setup_time],
                ] as const
              ).map(([k, v]) => (
                <div key={k} className="flex flex-col-reverse rounded-card border border-border bg-surface-muted p-3">
                  <dt className="text-xs text-fg-muted">{t(`detail.stats.${k}`)}</dt>
                  <dd className="tabular text-lg font-bold text-fg">{v ?? t('detail.tbd')}</dd>
                </div>
              ))}
            </dl>
          </header>

          {underHeader ? (
            <>
              <UrgencyBanner funnel={detail.funnel_content} />

              <FunnelSections detail={detail} description={description} />

              <FunnelPackageCards funnel={detail.funnel_content} id={card.id} />

              {packages.length > 0 ? (
                <div ref={packagesRef} id={`packages-${card.id}`} className="scroll-mt-4">
                  <Block id={`pkgs-${card.id}`} title={t('detail.packages.title')} action={detail.has_yearly ? <PeriodToggle period={period} onChange={setPeriod} /> : null}>
                    <PackageGrid packages={packages} period={period} selectedId={selectedId} onSelect={(p) => setSelectedId(p.id)} isPro={viewer.isPro} money={money} />
                  </Block>
                </div>
              ) : null}

              <div className="flex flex-wrap gap-3 rounded-card border border-border bg-surface-muted p-4" data-testid="bottom-actions">
                {qa.direct_purchase ? (
                  <Button size="lg" onClick={buyNow}>
                    <Zap aria-hidden="true" className="size-4" />
                    {totalCents != null && totalCents > 0 ? t('detail.actions.buyNowTotal', { total: money(totalCents) }) : t('detail.quick.buyNow')}
                  </Button>
                ) : (
                  <Button size="lg" onClick={addToCart} disabled={viewer.status === 'loading'}>
                    <ShoppingCart aria-hidden="true" className="size-4" />
                    {signedIn ? t('detail.actions.addToCart') : t('detail.actions.signInToAdd')}
                  </Button>
                )}
                <Button size="lg" variant="secondary" onClick={actions.book}>
                  <CalendarCheck aria-hidden="true" className="size-4" />
                  {t('detail.quick.bookConsultation')}
                </Button>
              </div>
            </>
          ) : null}

          {belowFold ? (
            <>
              <ReviewsPanel detail={detail} signedIn={signedIn} />
              <Suggestions cards={detail.suggestions ?? []} max={SUGGESTIONS_SHOWN} onOpen={actions.openService} money={money} />
              {bundlesOn ? <Bundles bundles={detail.bundles ?? []} max={FUNNEL_BUNDLES_SHOWN} money={money} onOpen={actions.openService} /> : null}
              <AlsoViewed serviceId={card.id} onOpen={actions.openService} money={money} />
              <RecentlyViewed currentId={card.id} onOpen={actions.openService} money={money} />
              <Disclaimer detail={detail} verified={verified} onBook={actions.book} onWebsite={(u) => actions.outbound(u, 'disclaimer')} />
            </>
          ) : null}
        </div>

        {underHeader ? (
          <aside className="flex flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
            <section aria-labelledby={`qa-${card.id}`} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card">
              <h2 id={`qa-${card.id}`} className="text-base font-semibold text-fg">
                {t('detail.quick.title')}
              </h2>
              {qa.direct_purchase ? (
                <Button className="w-full" onClick={buyNow}>
                  <Zap aria-hidden="true" className="size-4" />
                  {t('detail.quick.buyNow')}
                </Button>
              ) : (
                <Button className="w-full" onClick={actions.book}>
                  <CalendarCheck aria-hidden="true" className="size-4" />
                  {t('detail.quick.bookConsultation')}
                </Button>
              )}
              {website}
              {qa.has_pricing && packages.length > 0 ? (
                <Button
                  variant="ghost"
                  className="w-full"
                  onClick={() => {
                    actions.click('pricing');
                    packagesRef.current?.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
                  }}
                >
                  {t('detail.quick.pricing')}
                </Button>
              ) : null}
            </section>
            {detail.vendor ? (
              <section aria-labelledby={`vendor-${card.id}`} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4 shadow-card" data-testid="vendor-card">
                <h2 id={`vendor-${card.id}`} className="text-base font-semibold text-fg">
                  {t('detail.vendorCard.title')}
                </h2>
                <p className="font-semibold text-fg">{detail.vendor.name}</p>
                <Stars rating={detail.vendor.rating} reviews={detail.vendor.review_count} />
                {detail.vendor.description ? <p className="line-clamp-3 text-sm text-fg-muted">{detail.vendor.description}</p> : null}
                {detail.vendor.phone ? <a href={`tel:${detail.vendor.phone}`} className="text-sm text-primary">{detail.vendor.phone}</a> : null}
                {detail.vendor.contact_email ? <a href={`mailto:${detail.vendor.contact_email}`} className="text-sm break-all text-primary">{detail.vendor.contact_email}</a> : null}
                <div className="flex gap-2 pt-1">
                  <Button variant="secondary" size="sm" onClick={() => setVendorOpen(true)}>
                    {t('detail.vendorCard.learnMore')}
                  </Button>
                  <Button size="sm" onClick={() => setVendorOpen(true)}>
                    {t('detail.vendorCard.connect')}
                  </Button>
                </div>
              </section>
            ) : null}
            <ReferVendorCard serviceTitle={title} />
          </aside>
        ) : null}
      </div>
      {vendorOpen && detail.vendor ? (
        <Suspense fallback={null}>
          <VendorModal vendorId={detail.vendor.id} onClose={() => setVendorOpen(false)} onBook={actions.book} />
        </Suspense>
      ) : null}
    </article>
  );
}

function Disclaimer({ detail, verified, onBook, onWebsite }: { detail: ServiceDetail; verified: boolean; onBook: () => void; onWebsite: (url: string) => void }) {
  const { t, i18n } = useTranslation();
  const record = detail.disclaimer.record;
  const updated = record?.updated_at ?? detail.service.created_at;
  const url = detail.quick_actions.website_url;
  return (
    <section
      data-testid="disclaimer"
      data-variant={verified ? 'verified' : 'unverified'}
      className={verified ? 'flex flex-col gap-2 rounded-card border border-primary/30 bg-primary-soft p-4 text-sm' : 'flex flex-col gap-2 rounded-card border border-warning-strong/30 bg-warning-soft p-4 text-sm'}
    >
      <h2 className={verified ? 'font-semibold text-primary-strong' : 'font-semibold text-warning-strong'}>
        {verified ? t('detail.disclaimer.verifiedTitle') : t('detail.disclaimer.unverifiedTitle')}
      </h2>
      <p className="text-fg">{verified ? t('detail.disclaimer.verifiedBody') : t('detail.disclaimer.unverifiedBody')}</p>
      {record?.content ? <Prose text={`${record.title ? `${record.title}: ` : ''}${record.content}`} className="text-fg" /> : null}
      <p className="text-xs text-fg">{t('detail.disclaimer.lastUpdated', { date: formatDateTime(updated, i18n.language, { year: 'numeric', month: 'long', day: 'numeric' }) })}</p>
      <div className="flex flex-wrap gap-2">
        {url ? (
          <NewTabLink href={url} newTab={t('detail.newTab')} onClick={() => onWebsite(url)} className={buttonClass('secondary', 'sm')}>
            {t('detail.disclaimer.visitWebsite')}
          </NewTabLink>
        ) : null}
        <Button size="sm" variant="secondary" onClick={onBook}>
          {t('detail.disclaimer.bookConsultation')}
        </Button>
      </div>
    </section>
  );
}
