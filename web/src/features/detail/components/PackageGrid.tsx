import { Check, Lock, Minus, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { packagePrice, visibleFeatures, type Period, type Suffix } from '../model/packages';
import type { Package, PackageFeature } from '../model/types';
import { Pill } from './bits';
import { NewTabLink } from '../../../components/ui/NewTabLink';

export function usePackageName() {
  const { t } = useTranslation();
  return (p: Package) => (p.name_key ? t(p.name_key, { defaultValue: p.name }) : p.name);
}

export function featureText(t: (k: string, o?: Record<string, unknown>) => string, f: PackageFeature): string {
  return f.key ? t(f.key, { ...(f.params ?? {}), defaultValue: f.text }) : f.text;
}

export function SuffixText({ suffix }: { suffix: Suffix }) {
  const { t } = useTranslation();
  const label = suffix === 'yr' ? t('detail.packages.perYear') : suffix === 'one-time' ? t('detail.packages.oneTime') : t('detail.packages.perMonth');
  return <span className="text-sm font-normal text-fg-muted">{suffix === 'one-time' ? ` ${label}` : label}</span>;
}

/** The Monthly/Yearly toggle with its "Save up to 20%" badge (02§2). */
export function PeriodToggle({ period, onChange }: { period: Period; onChange: (p: Period) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label={t('detail.packages.billing')} className="inline-flex rounded-pill border border-border bg-surface-sunken p-1">
        {(['monthly', 'yearly'] as const).map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={period === p}
            onClick={() => onChange(p)}
            className={cn('rounded-pill px-4 py-1.5 text-sm font-medium', period === p ? 'bg-surface text-fg shadow-card' : 'text-fg-muted hover:text-fg')}
          >
            {t(`detail.packages.${p}`)}
          </button>
        ))}
      </div>
      <Pill tone="savings">{t('detail.packages.saveUpTo')}</Pill>
    </div>
  );
}

/**
 * Package cards (02§2, 02§4): up to 4, Most Popular, Select Package / Selected, 4 features then
 * Show n More Features / Show Less; a pro-only package is locked for non-members with Upgrade to
 * Access (opens /pricing in a new tab).
 */
export function PackageGrid({
  packages,
  period,
  selectedId,
  onSelect,
  isPro,
  money,
}: {
  packages: readonly Package[];
  period: Period;
  selectedId: string | null;
  onSelect: (p: Package) => void;
  isPro: boolean;
  money: (cents: number) => string;
}) {
  return (
    <ul className={cn('grid gap-4', packages.length >= 3 ? 'md:grid-cols-2 xl:grid-cols-3' : 'md:grid-cols-2', packages.length === 4 && 'xl:grid-cols-4')}>
      {packages.map((p) => (
        <li key={p.id} className="flex">
          <PackageCard pkg={p} period={period} selected={p.id === selectedId} onSelect={() => onSelect(p)} locked={p.pro_only && !isPro} money={money} />
        </li>
      ))}
    </ul>
  );
}

function PackageCard({
  pkg,
  period,
  selected,
  onSelect,
  locked,
  money,
}: {
  pkg: Package;
  period: Period;
  selected: boolean;
  onSelect: () => void;
  locked: boolean;
  money: (cents: number) => string;
}) {
  const { t } = useTranslation();
  const name = usePackageName()(pkg);
  const [expanded, setExpanded] = useState(false);
  const price = packagePrice(pkg, period);
  const { shown, hidden, canExpand } = visibleFeatures(pkg.features, expanded);
  return (
    <article
      aria-label={name}
      data-selected={selected}
      className={cn(
        'relative flex w-full flex-col gap-3 rounded-card border bg-surface p-5 shadow-card',
        selected ? 'border-primary ring-2 ring-primary' : 'border-border',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        {pkg.popular ? (
          <Pill tone="primary" icon={<Star aria-hidden="true" className="size-3.5" />}>
            {t('detail.packages.mostPopular')}
          </Pill>
        ) : null}
        {pkg.pro_only ? (
          <Pill tone="pro" icon={<Lock aria-hidden="true" className="size-3.5" />}>
            {t('detail.packages.proOnly')}
          </Pill>
        ) : null}
        {pkg.savings_percent > 0 ? <Pill tone="savings">{t('detail.packages.off', { percent: pkg.savings_percent })}</Pill> : null}
      </div>
      <h3 className="text-base font-semibold text-fg">{name}</h3>
      {pkg.description ? <p className="text-sm text-fg-muted">{pkg.description}</p> : null}
      <p className="tabular text-2xl font-bold text-fg">
        {pkg.request_pricing || price.cents == null ? (
          <span className="text-base">{t('detail.packages.requestPricing')}</span>
        ) : (
          <>
            {money(price.cents)}
            <SuffixText suffix={price.suffix} />
          </>
        )}
      </p>
      {price.originalCents != null && price.cents != null && price.originalCents > price.cents ? (
        <p className="tabular text-sm text-fg-muted">
          <s>{t('detail.packages.was', { price: money(price.originalCents) })}</s>
        </p>
      ) : null}
      <ul className="flex flex-col gap-1.5 text-sm">
        {shown.map((f, i) => (
          <li key={i} className={cn('flex items-start gap-2', !f.included && 'text-fg-muted')}>
            {f.included ? (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-savings-strong" />
            ) : (
              <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            )}
            <span>{f.included ? featureText(t, f) : t('detail.packages.notIncluded', { feature: featureText(t, f) })}</span>
          </li>
        ))}
      </ul>
      {canExpand ? (
        <button type="button" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)} className="self-start text-sm font-medium text-primary hover:underline">
          {expanded ? t('detail.packages.showLess') : t('detail.packages.showMore', { count: hidden })}
        </button>
      ) : null}
      <div className="mt-auto pt-2">
        {locked ? (
          <NewTabLink href="/pricing" newTab={t('detail.newTab')} className={buttonClass('secondary', 'md', 'w-full')}>
            <Lock aria-hidden="true" className="size-4" />
            {t('detail.packages.upgrade')}
          </NewTabLink>
        ) : (
          <Button variant={selected ? 'primary' : 'secondary'} aria-pressed={selected} className="w-full" onClick={onSelect}>
            {selected ? (
              <>
                <Check aria-hidden="true" className="size-4" />
                {t('detail.packages.selected')}
              </>
            ) : (
              t('detail.packages.select')
            )}
          </Button>
        )}
      </div>
    </article>
  );
}
