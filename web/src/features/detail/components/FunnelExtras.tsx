import { Check, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FunnelContent } from '../model/types';
import { Block } from './bits';

/** The funnel's urgency banner (03§3 urgency {enabled, message}), shown only when the vendor turned it on. */
export function UrgencyBanner({ funnel }: { funnel: FunnelContent | null | undefined }) {
  const { t } = useTranslation();
  const u = funnel?.urgency;
  if (!u?.enabled || !u.message?.trim()) return null;
  return (
    <p className="flex items-start gap-2 rounded-card bg-warning-soft p-3 text-sm font-medium text-warning-strong" data-testid="funnel-urgency">
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="sr-only">{t('detail.funnelPackages.urgency')}: </span>
        {u.message}
      </span>
    </p>
  );
}

/**
 * The funnel editor's package cards (sales copy of 03§3: name, description, features, Most
 * Popular). Prices are not shown here: every price shown comes from the server's quote, in
 * Choose Your Package and the price box.
 */
export function FunnelPackageCards({ funnel, id }: { funnel: FunnelContent | null | undefined; id: string }) {
  const { t } = useTranslation();
  const cards = (funnel?.packages ?? []).filter((p) => p.name?.trim());
  if (cards.length === 0) return null;
  return (
    <Block id={`funnel-pkgs-${id}`} title={t('detail.funnelPackages.title')}>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="funnel-packages">
        {cards.map((p, i) => (
          <li key={p.id || i} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4">
            {p.popular ? (
              <span className="self-start rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-strong">{t('detail.packages.mostPopular')}</span>
            ) : null}
            <h3 className="font-semibold text-fg">{p.name}</h3>
            {p.description ? <p className="text-sm text-fg-muted">{p.description}</p> : null}
            {(p.features ?? []).length > 0 ? (
              <ul className="flex flex-col gap-1 text-sm text-fg">
                {(p.features ?? []).map((f, j) => (
                  <li key={j} className="flex items-start gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-savings-strong" />
                    {f}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </Block>
  );
}
