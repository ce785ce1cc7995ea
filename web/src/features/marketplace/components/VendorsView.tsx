import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, MapPin, RefreshCw, UserPlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { openVendorDialog } from '../../../lib/vendorDialogs';
import { buttonClass } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/Modal';
import { useViewer } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { requestFreshLoad } from '../api/get-marketplace-data';
import { vendorsQuery } from '../api/list-vendors';
import type { VendorCard as Vendor } from '../api/types';
import type { Filters } from '../model/filters';
import { localized } from '../../../lib/localize';
import { modalGuard, useModalGuardRegistration } from '../../../lib/modalGuard';
import { Avatar } from '../../../components/catalog/Avatar';
import { Stars } from '../../../components/catalog/Stars';
import { connectHref, VendorCard, VendorCardSkeleton } from './VendorCard';
import { NewTabLink } from '../../../components/ui/NewTabLink';

/** Skeleton cards while vendors load (02§9). */
export const VENDOR_SKELETONS = 6;

/**
 * The vendors view (03§2): Invite Your Vendor, vendor cards, search (300 ms, in the bar), the
 * location filter for signed-in agents with Show all, 6 skeleton cards, Reload data / Try again.
 */
export default function VendorsView({
  filters,
  update,
}: {
  filters: Filters;
  update: (patch: Partial<Filters>, opts?: { replace?: boolean }) => void;
}) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const state = viewer.profile?.state || undefined;
  const query = useQuery({
    ...vendorsQuery({
      ...(filters.vq.trim() ? { q: filters.vq.trim() } : {}),
      ...(state ? { state } : {}),
      ...(filters.showAll ? { show_all: true } : {}),
    }),
    enabled: viewer.status !== 'loading',
  });
  const [selected, setSelected] = useState<Vendor | null>(null);
  const toasted = useRef(false);

  useEffect(() => {
    if (query.isError && !query.data && !toasted.current) {
      toasted.current = true;
      toast({ title: t('marketplace.vendors.errorTitle'), description: t('marketplace.vendors.errorBody'), variant: 'error' });
    }
    if (!query.isError) toasted.current = false;
  }, [query.isError, query.data, t]);

  const vendors = query.data?.vendors ?? [];

  return (
    <section aria-labelledby="vendors-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="vendors-heading" className="text-xl font-semibold tracking-tight text-fg">
            {t('marketplace.vendors.title')}
          </h2>
          {query.data ? (
            <p className="text-sm text-fg-muted" role="status">
              {t('marketplace.vendors.count', { count: query.data.total })}
            </p>
          ) : null}
        </div>
        <Button variant="secondary" onClick={() => openVendorDialog({ kind: 'invite' })}>
          <UserPlus aria-hidden="true" className="size-4" />
          {t('marketplace.vendors.invite')}
        </Button>
      </div>

      {state && query.data ? (
        <div className="flex flex-wrap items-center gap-3 rounded-control bg-surface-sunken px-4 py-2 text-sm text-fg">
          <MapPin aria-hidden="true" className="size-4 text-fg-muted" />
          <span>
            {query.data.location_applied
              ? t('marketplace.vendors.nearYou', { state })
              : filters.showAll
                ? t('marketplace.vendors.showingAll')
                : t('marketplace.vendors.noneNearYou', { state })}
          </span>
          {query.data.location_applied ? (
            <Button variant="ghost" size="sm" onClick={() => update({ showAll: true })}>
              {t('marketplace.vendors.showAll')}
            </Button>
          ) : filters.showAll ? (
            <Button variant="ghost" size="sm" onClick={() => update({ showAll: false })}>
              {t('marketplace.vendors.showNearMe')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {query.isPending ? (
        <>
          <p role="status" className="sr-only">
            {t('marketplace.vendors.loading')}
          </p>
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: VENDOR_SKELETONS }, (_, i) => (
              <li key={i}>
                <VendorCardSkeleton />
              </li>
            ))}
          </ul>
        </>
      ) : query.isError && !query.data ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-card border border-danger/30 bg-surface p-8 text-center">
          <p className="text-base font-medium text-fg">{t('marketplace.vendors.errorBody')}</p>
          <p className="text-xs text-fg-muted">{query.error.message}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={() => void query.refetch()}>{t('marketplace.vendors.tryAgain')}</Button>
            <Button
              variant="secondary"
              onClick={() => {
                requestFreshLoad();
                void queryClient.resetQueries({ queryKey: ['marketplace'] });
              }}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('marketplace.vendors.reload')}
            </Button>
          </div>
        </div>
      ) : vendors.length === 0 ? (
        <p className="rounded-card border border-border bg-surface p-8 text-center text-sm text-fg-muted">
          {filters.vq.trim() ? t('marketplace.vendors.noMatch') : t('marketplace.vendors.none')}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3" aria-busy={query.isFetching}>
          {vendors.map((v) => (
            <li key={v.id}>
              <VendorCard
                vendor={v}
                onLearnMore={(vendor) => {
                  if (modalGuard.canOpen()) setSelected(vendor);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {selected ? <VendorDialog vendor={selected} onClose={() => setSelected(null)} /> : null}
    </section>
  );
}

/** A vendor's summary (the vendor funnel modal arrives with the detail issue). */
function VendorDialog({ vendor, onClose }: { vendor: Vendor; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const name = localized(i18n.language, vendor.name, vendor.name_es, vendor.name_fr);
  const description = localized(i18n.language, vendor.description, vendor.description_es, vendor.description_fr);
  const connect = connectHref(vendor, t('marketplace.vendors.connectSubject'));
  const rep = vendor.local_representative as Vendor['local_representative'] | null;

  useModalGuardRegistration();

  const facts: Array<[string, string]> = [
    [t('marketplace.vendors.location'), vendor.location],
    [t('marketplace.vendors.serviceStates'), (vendor.service_states ?? []).join(', ')],
    [t('marketplace.vendors.licenseStates'), (vendor.license_states ?? []).join(', ')],
    [t('marketplace.vendors.nmls'), vendor.nmls_id],
    [t('marketplace.vendors.phone'), vendor.phone],
    [t('marketplace.vendors.email'), vendor.contact_email],
  ];

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-h-[90vh] max-w-2xl! overflow-y-auto">
      <div className="flex flex-col gap-5">
        <header className="flex items-start gap-4">
          <Avatar src={vendor.logo_url} name={vendor.name} className="size-14" />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-xl font-bold text-fg">
              {name}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              {vendor.is_verified ? (
                <span className="inline-flex items-center gap-1 rounded-pill bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-strong">
                  <BadgeCheck aria-hidden="true" className="size-3.5" />
                  {t('marketplace.vendors.verifiedVendor')}
                </span>
              ) : (
                <span className="rounded-pill bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning-strong">{t('marketplace.vendors.notVerified')}</span>
              )}
              {vendor.co_marketing_agents > 5 ? (
                <span className="rounded-pill bg-pro-soft px-2 py-0.5 text-xs font-medium text-pro-strong">{t('marketplace.vendors.topPartner')}</span>
              ) : null}
            </p>
            <Stars rating={vendor.rating} reviews={vendor.review_count} />
          </div>
        </header>
        {description ? <p className="text-base text-fg">{description}</p> : null}
        {(vendor.specialties ?? []).length > 0 ? (
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-fg">{t('marketplace.vendors.specialties')}</h3>
            <ul className="flex flex-wrap gap-1.5">
              {(vendor.specialties ?? []).map((s) => (
                <li key={s} className="rounded-pill bg-surface-sunken px-2 py-0.5 text-xs font-medium text-fg">
                  {s}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {facts
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <div key={k}>
                <dt className="text-xs text-fg-muted">{k}</dt>
                <dd className="text-sm text-fg">{v}</dd>
              </div>
            ))}
          <div>
            <dt className="text-xs text-fg-muted">{t('marketplace.vendors.activePartners')}</dt>
            <dd className="text-sm text-fg tabular">{vendor.co_marketing_agents}</dd>
          </div>
          <div>
            <dt className="text-xs text-fg-muted">{t('marketplace.vendors.campaignsFunded')}</dt>
            <dd className="text-sm text-fg tabular">{vendor.campaigns_funded}</dd>
          </div>
        </dl>
        {rep?.name ? (
          <div className="flex items-center gap-3 rounded-control border border-border p-3">
            <Avatar src={rep.photo_url} name={rep.name} />
            <div>
              <p className="text-xs text-fg-muted">{t('marketplace.vendors.localRep')}</p>
              <p className="text-sm font-medium text-fg">{rep.name}</p>
              <p className="text-xs text-fg-muted">{rep.title}</p>
            </div>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-2 border-t border-border pt-4">
          {connect ? (
            <a
              href={connect.href}
              {...(connect.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className={buttonClass('primary')}
            >
              {t('marketplace.vendors.connect')}
            </a>
          ) : null}
          {vendor.website_url ? (
            <NewTabLink href={vendor.website_url} newTab={t('marketplace.detail.newTab')} className={buttonClass('secondary')}>
              {t('marketplace.vendors.website')}
            </NewTabLink>
          ) : null}
          <Button variant="ghost" onClick={onClose} className="ml-auto">
            {t('marketplace.detail.close')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
