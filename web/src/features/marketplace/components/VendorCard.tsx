import { BadgeCheck, Mail, MapPin, Phone } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Bone, SkeletonHead } from '../../../components/ui/Skeleton';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import type { VendorCard as Vendor } from '../api/types';
import { localized } from '../../../lib/localize';
import { Avatar } from '../../../components/catalog/Avatar';
import { Stars } from '../../../components/catalog/Stars';

/** Specialties shown on a vendor card before "+N more" (02§2). */
export const VENDOR_SPECIALTIES_SHOWN = 3;

/** The highlighted category (02§2). */
export function isCircleHomeLoans(v: Pick<Vendor, 'name' | 'vendor_type'>): boolean {
  return /circle home loans/i.test(v.name) || /circle[_ -]?home[_ -]?loans/i.test(v.vendor_type);
}

/** How Connect reaches a vendor: e-mail when known, else the website; null when neither. */
export function connectHref(v: Pick<Vendor, 'contact_email' | 'website_url' | 'name'>, subject: string): { href: string; external: boolean } | null {
  if (v.contact_email) return { href: `mailto:${v.contact_email}?subject=${encodeURIComponent(subject)}`, external: false };
  if (v.website_url) return { href: v.website_url, external: true };
  return null;
}

/**
 * The vendor card of 02§2: logo, name, rating, description, up to 3 specialties and +N more,
 * location, phone and e-mail when present, stats, the local representative, Learn More and Connect.
 */
export function VendorCard({ vendor, onLearnMore }: { vendor: Vendor; onLearnMore: (v: Vendor) => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const name = localized(i18n.language, vendor.name, vendor.name_es, vendor.name_fr);
  const description = localized(i18n.language, vendor.description, vendor.description_es, vendor.description_fr);
  const specialties = vendor.specialties ?? [];
  const more = specialties.length - VENDOR_SPECIALTIES_SHOWN;
  // The API may send null for a vendor without a local representative.
  const rep = vendor.local_representative as Vendor['local_representative'] | null;
  const highlight = isCircleHomeLoans(vendor);
  const connect = connectHref(vendor, t('marketplace.vendors.connectSubject'));

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex h-full flex-col gap-4 rounded-card border bg-surface p-5 shadow-card',
        highlight ? 'border-primary ring-2 ring-primary' : 'border-border',
      )}
    >
      {highlight ? (
        <p className="self-start rounded-pill bg-primary px-3 py-0.5 text-xs font-semibold text-primary-fg">
          {t('marketplace.vendors.circleHomeLoans')}
        </p>
      ) : null}
      <header className="flex items-start gap-3">
        <Avatar src={vendor.logo_url} name={vendor.name} className="size-12" />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base font-semibold text-fg">
            {name}
            {vendor.is_verified ? (
              <BadgeCheck role="img" aria-label={t('marketplace.vendors.verified')} className="ml-1 inline-block size-4 align-[-2px] text-primary" />
            ) : null}
          </h3>
          <Stars rating={vendor.rating} reviews={vendor.review_count} />
        </div>
      </header>
      {description ? <p className="line-clamp-3 text-sm text-fg-muted">{description}</p> : null}
      {specialties.length > 0 ? (
        <ul aria-label={t('marketplace.vendors.specialties')} className="flex flex-wrap gap-1.5">
          {specialties.slice(0, VENDOR_SPECIALTIES_SHOWN).map((s) => (
            <li key={s} className="rounded-pill bg-surface-sunken px-2 py-0.5 text-xs font-medium text-fg">
              {s}
            </li>
          ))}
          {more > 0 ? (
            <li className="rounded-pill px-2 py-0.5 text-xs font-medium text-fg-muted">{t('marketplace.vendors.more', { count: more })}</li>
          ) : null}
        </ul>
      ) : null}
      <ul className="flex flex-col gap-1 text-sm text-fg-muted">
        {vendor.location ? (
          <li className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">{t('marketplace.vendors.location')}: </span>
            {vendor.location}
          </li>
        ) : null}
        {vendor.phone ? (
          <li className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            <a href={`tel:${vendor.phone.replace(/[^\d+]/g, '')}`} className="text-primary hover:underline">
              <span className="sr-only">{t('marketplace.vendors.phone')}: </span>
              {vendor.phone}
            </a>
          </li>
        ) : null}
        {vendor.contact_email ? (
          <li className="flex items-center gap-2">
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            <a href={`mailto:${vendor.contact_email}`} className="truncate text-primary hover:underline">
              <span className="sr-only">{t('marketplace.vendors.email')}: </span>
              {vendor.contact_email}
            </a>
          </li>
        ) : null}
      </ul>
      <dl className="grid grid-cols-3 gap-2 rounded-control bg-surface-muted p-3 text-center">
        <Stat label={t('marketplace.vendors.activePartners')} value={vendor.co_marketing_agents} />
        <Stat label={t('marketplace.vendors.campaignsFunded')} value={vendor.campaigns_funded} />
        <Stat label={t('marketplace.vendors.services')} value={vendor.service_count} />
      </dl>
      {rep?.name ? (
        <div className="flex items-center gap-3 rounded-control border border-border p-3">
          <Avatar src={rep.photo_url} name={rep.name} className="size-9" />
          <div className="min-w-0">
            <p className="text-xs text-fg-muted">{t('marketplace.vendors.localRep')}</p>
            <p className="text-sm font-medium text-fg">{rep.name}</p>
            {rep.title ? <p className="text-xs text-fg-muted">{rep.title}</p> : null}
          </div>
        </div>
      ) : null}
      <div className="mt-auto flex gap-2">
        <Button
          variant="secondary"
          className="flex-1"
          onClick={() => onLearnMore(vendor)}
          aria-label={t('marketplace.vendors.learnMoreAbout', { name })}
        >
          {t('marketplace.vendors.learnMore')}
        </Button>
        {connect ? (
          <a
            href={connect.href}
            {...(connect.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            aria-label={t('marketplace.vendors.connectWith', { name })}
            className={buttonClass('primary', 'md', 'flex-1')}
          >
            {t('marketplace.vendors.connect')}
          </a>
        ) : null}
      </div>
    </article>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="text-base font-semibold tabular text-fg">{value}</dd>
    </div>
  );
}

export function VendorCardSkeleton() {
  return (
    <div aria-hidden="true" data-testid="vendor-skeleton" className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-card">
      <SkeletonHead picture="size-12 rounded-pill" lines={['h-4 w-2/3 rounded-control', 'h-3 w-1/3 rounded-control']} />
      <Bone className="h-3 w-full rounded-control" />
      <Bone className="h-3 w-5/6 rounded-control" />
      <Bone className="h-14 w-full rounded-control" />
      <Bone className="h-10 w-full rounded-control" />
    </div>
  );
}
