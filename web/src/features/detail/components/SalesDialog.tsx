import { Award, CheckCircle2, Mail, Phone, RefreshCcw, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../../components/ui/CloseButton';
import { buttonClass } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/Modal';
import { Avatar } from '../../../components/catalog/Avatar';
import { BadgeList } from '../../../components/catalog/BadgeList';
import { SaveButton } from '../../../components/catalog/SaveButton';
import { slugify } from '../../../lib/share';
import { packagePrice } from '../model/packages';
import type { Package, ServiceDetail } from '../model/types';
import { useDetailPage } from '../useDetailPage';
import { Block, Pill, VerificationBadges } from './bits';
import { PackageGrid } from './PackageGrid';
import { Bundles, Suggestions } from './Related';
import { ReviewsPanel } from './ReviewsPanel';
import { SalesRating } from './SalesRating';
import { DetailShareMenu } from './ShareMenu';
import { categoryName } from '../../../components/catalog/categoryName';
import { NewTabLink } from '../../../components/ui/NewTabLink';

/** Limits of this dialog (02§9): benefits 3, package cards 3, suggestions 6, bundles 2. */
export const SALES_BENEFITS = 3;
export const SALES_PACKAGES = 3;
export const SALES_SUGGESTIONS = 6;
export const SALES_BUNDLES = 2;
/** Default ROI when a verified vendor gives none (02§9). */
export const DEFAULT_ROI = '3x';

/** A website guessed from the vendor's name when the content gives none (02§2). */
export function guessedWebsite(vendorName: string): string {
  const slug = slugify(vendorName).replace(/-/g, '');
  return slug ? `https://www.${slug}.com` : '';
}

/** Circle's support address, where a vendor gives no e-mail of its own. */
export const SUPPORT_EMAIL = 'support@circle.example';

/** The help card's Email link: to the vendor's contact address, else Circle's support, about the service. */
export function helpMail(vendorEmail: string | undefined, serviceTitle: string): string {
  return `mailto:${vendorEmail || SUPPORT_EMAIL}?subject=${encodeURIComponent(serviceTitle)}`;
}

/** The packages the dialog offers: the service's own packages, else the default tiers that have a price (02§5). */
export function salesPackages(d: ServiceDetail): Package[] {
  const list = d.sales_page.uses_packages ? (d.packages ?? []) : (d.sales_page.tiers ?? []).filter((p) => (p.price_cents ?? 0) > 0);
  return list.slice(0, SALES_PACKAGES);
}

/** The sales-page variant of the service details (02§2, 02§5), opened by a card's Learn more. */
export default function SalesDialog({ detail, title, onClose }: { detail: ServiceDetail; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { viewer, money, signedIn, bundlesOn, actions, packageName, card, description } = useDetailPage(detail, title);
  const fc = detail.funnel_content;
  const vendorName = detail.vendor?.name || card.vendor?.name || t('detail.unknownVendor');
  const verified = detail.vendor?.is_verified ?? card.is_verified;
  const packages = salesPackages(detail);
  const [selected, setSelected] = useState<string | null>(null);
  const benefits = (fc?.benefits ?? []).filter((b) => b.title).slice(0, SALES_BENEFITS);
  const website = fc?.callToAction?.website || detail.vendor?.website_url || guessedWebsite(vendorName);
  const roi = verified ? t('detail.sales.roi', { roi: detail.stats.estimated_roi ?? DEFAULT_ROI }) : t('detail.sales.roiTbd');
  const trust = fc?.trustIndicators;
  const vendorPhone = detail.vendor?.phone;

  const choose = (p: Package) => {
    setSelected(p.id);
    const coverage = p.id === 'retail' ? 'retail' : p.id === 'pro' ? 'pro' : undefined;
    actions.purchase('add', { name: packageName(p), cents: packagePrice(p, 'monthly').cents, ...(coverage ? { coverage } : {}) });
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-h-[92vh] max-w-5xl! overflow-y-auto p-0!">
      <article className="flex flex-col gap-8" data-testid="sales-dialog">
        <header className="flex flex-col gap-4 bg-surface-muted p-4 md:p-6">
          {/* On a phone the buttons have a row of their own above the title, which keeps the
              width (issue 18 item 4: the title was squeezed to a word per line under the heart). */}
          <div className="flex flex-wrap items-start gap-4 md:flex-nowrap">
            <div className="flex w-full items-center justify-end gap-2 md:order-last md:w-auto">
              <SaveButton card={card} title={title} />
              <DetailShareMenu serviceId={card.id} title={title} englishTitle={card.title} description={description} signedIn={signedIn} />
              <CloseButton label={t('detail.close')} onClick={onClose} className="flex size-9 items-center justify-center rounded-pill text-fg hover:bg-surface-sunken" iconClassName="size-5" />
            </div>
            <Avatar src={detail.vendor?.logo_url || card.profile_image_url} name={vendorName} className="size-14" />
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="text-xl font-bold tracking-tight break-words text-fg md:text-2xl">
                {title}
              </h2>
              <p className="mt-1 text-sm text-fg-muted">{t('detail.by', { vendor: vendorName })}</p>
            </div>
          </div>
          <VerificationBadges verified={verified} premium={detail.vendor?.is_premium_provider ?? false} />
          <div className="flex flex-wrap items-center gap-2">
            {card.category ? <Pill tone="muted">{categoryName(t, card.category)}</Pill> : null}
            <BadgeList badges={card.badges} variant="full" sponsored={card.is_sponsored} />
          </div>
          {detail.headline && detail.headline !== title ? <p className="text-lg font-semibold text-fg">{detail.headline}</p> : null}
          <p className="text-base whitespace-pre-line text-fg">{detail.sub_headline || description}</p>
          <div className="flex flex-wrap items-center gap-4 text-sm">
            <SalesRating detail={detail} vendorName={vendorName} />
            <span className="font-semibold text-fg" data-testid="sales-roi">
              {roi}
            </span>
            <span className="text-fg-muted">{t('detail.sales.trustedBy')}</span>
            <span className="text-fg-muted">{t('detail.sales.leads')}</span>
          </div>
        </header>

        <div className="flex flex-col gap-8 px-6">
          {benefits.length > 0 ? (
            <Block id={`why-${card.id}`} title={fc?.whyChooseUsTitle || t('detail.sales.whyChooseUs')}>
              <ul className="grid gap-3 md:grid-cols-3">
                {benefits.map((b) => (
                  <li key={b.title} className="flex flex-col gap-1 rounded-card border border-border p-4">
                    <CheckCircle2 aria-hidden="true" className="size-5 text-savings-strong" />
                    <h3 className="font-semibold text-fg">{b.title}</h3>
                    <p className="text-sm text-fg-muted">{b.description}</p>
                  </li>
                ))}
              </ul>
            </Block>
          ) : null}

          {packages.length > 0 ? (
            <Block id={`sales-pkgs-${card.id}`} title={t('detail.packages.title')}>
              <PackageGrid packages={packages} period="monthly" selectedId={selected} onSelect={choose} isPro={viewer.isPro} money={money} />
            </Block>
          ) : null}

          <ReviewsPanel detail={detail} signedIn={signedIn} title={t('detail.sales.reviews')} />
          <Suggestions cards={detail.suggestions ?? []} max={SALES_SUGGESTIONS} onOpen={actions.openService} money={money} />
          {bundlesOn ? <Bundles bundles={detail.bundles ?? []} max={SALES_BUNDLES} money={money} onOpen={actions.openService} /> : null}

          <div className="grid gap-4 md:grid-cols-2">
            <section className="flex flex-col gap-2 rounded-card border border-border bg-primary-soft p-5">
              <h3 className="text-base font-semibold text-primary-strong">{fc?.callToAction?.primaryHeadline || t('detail.sales.websiteTitle')}</h3>
              <p className="text-sm text-fg">{fc?.callToAction?.primaryDescription || t('detail.sales.websiteBody')}</p>
              {website ? (
                <NewTabLink href={website} newTab={t('detail.newTab')} onClick={() => actions.outbound(website, 'sales_cta')} className={buttonClass('primary', 'md', 'self-start')}>
                  {t('detail.sales.websiteButton')}
                </NewTabLink>
              ) : null}
            </section>
            <section className="flex flex-col gap-2 rounded-card border border-border p-5">
              <h3 className="text-base font-semibold text-fg">{fc?.callToAction?.secondaryHeadline || t('detail.sales.helpTitle')}</h3>
              <p className="text-sm text-fg-muted">{fc?.callToAction?.secondaryDescription || t('detail.sales.helpBody')}</p>
              {/* 02§2 has Call Us and Email do nothing; here they reach the vendor (docs/decisions.md):
                  a call to its phone when it gives one, an e-mail to it, else to Circle's support. */}
              <div className="flex flex-wrap gap-2">
                {vendorPhone ? (
                  <a href={`tel:${vendorPhone}`} className={buttonClass('secondary', 'md')}>
                    <Phone aria-hidden="true" className="size-4" />
                    {t('detail.sales.callUs')}
                  </a>
                ) : null}
                <a href={helpMail(detail.vendor?.contact_email, title)} className={buttonClass('secondary', 'md')}>
                  <Mail aria-hidden="true" className="size-4" />
                  {t('detail.sales.emailUs')}
                </a>
              </div>
            </section>
          </div>
        </div>

        <footer aria-label={t('detail.sales.trust')} className="flex flex-wrap justify-center gap-6 border-t border-border bg-surface-muted p-5 text-sm text-fg" data-testid="trust-footer">
          <span className="flex items-center gap-2">
            <ShieldCheck aria-hidden="true" className="size-5 text-savings-strong" />
            {trust?.guarantee || t('detail.sales.guarantee')}
          </span>
          <span className="flex items-center gap-2">
            <RefreshCcw aria-hidden="true" className="size-5 text-primary" />
            {trust?.cancellation || t('detail.sales.cancellation')}
          </span>
          <span className="flex items-center gap-2">
            <Award aria-hidden="true" className="size-5 text-pro-strong" />
            {trust?.certification || t('detail.sales.certification')}
          </span>
        </footer>
      </article>
    </Modal>
  );
}
