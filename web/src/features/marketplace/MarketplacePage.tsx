import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, BadgePercent, ChartNoAxesCombined, HandCoins, RefreshCw, Store } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { useAppConfig } from '../../lib/api/get-config';
import { clearAppCaches } from '../../lib/cache';
import { useFeatureFlag } from '../../lib/flags';
import { reloadWithReason } from '../../lib/reload';

/** Home (/) and /marketplace: the hero for visitors; the catalogue arrives with F-CAT-02. */
export default function MarketplacePage() {
  const flagOn = useFeatureFlag('marketplace');
  const { data: config } = useAppConfig();
  if (!flagOn || config?.marketplace_enabled === false) return <MarketplaceUnavailable />;
  return <Hero />;
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
      <section aria-labelledby="hero-title" className="mx-auto w-full max-w-7xl px-4 py-12 md:py-20">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 text-center">
          <p className="rounded-pill bg-primary-soft px-3 py-1 text-sm font-medium text-primary-strong">
            {t('marketplace.hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="text-2xl font-bold tracking-tight text-fg md:text-[2.5rem] md:leading-tight">
            {t('marketplace.hero.title')}
          </h1>
          <p className="text-base text-fg-muted md:text-lg">{t('marketplace.hero.subtitle')}</p>
        </div>
        <h2 className="sr-only">{t('marketplace.hero.claimsLabel')}</h2>
        <ul className="mt-10 grid gap-4 md:grid-cols-3">
          {CLAIMS.map(({ icon: Icon, title, body, tone }) => (
            <li key={title} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-6 shadow-card">
              <span aria-hidden="true" className={`flex size-10 items-center justify-center rounded-control ${tone}`}>
                <Icon className="size-5" />
              </span>
              <h3 className="text-lg font-semibold text-fg">{t(title)}</h3>
              <p className="text-sm text-fg-muted">{t(body)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
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
