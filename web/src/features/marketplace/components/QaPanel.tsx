import { Bug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { snapshotBreaker } from '../api/get-marketplace-data';
import type { MarketplaceData } from '../api/types';
import type { Assignment } from '../model/abTest';
import type { AbVariant, Filters } from '../model/filters';
import { NewTabLink } from '../../../components/ui/NewTabLink';

/** ?qa=1: the QA banner with diagnostics (03§2) and a link to the full QA runner. */
export default function QaPanel({
  ranking,
  intro,
  filters,
  isAdmin,
  userId,
  data,
  shown,
}: {
  ranking: Assignment<AbVariant>;
  intro: string;
  filters: Filters;
  isAdmin: boolean;
  userId?: string;
  data: MarketplaceData | undefined;
  shown: number | null;
}) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t('marketplace.qa.ranking'), `${ranking.variant} (${t(`marketplace.qa.source.${ranking.source}`)})`],
    [t('marketplace.qa.intro'), intro],
    [t('marketplace.qa.sort'), filters.sort],
    [t('marketplace.qa.admin'), isAdmin ? t('marketplace.qa.yes') : t('marketplace.qa.no')],
    [t('marketplace.qa.user'), userId ? `${userId.slice(0, 8)}…` : t('marketplace.qa.signedOut')],
    [t('marketplace.qa.services'), data ? String(data.services_count) : '—'],
    [t('marketplace.qa.shown'), shown === null ? '—' : String(shown)],
    [t('marketplace.qa.vendors'), data ? String(data.vendors_count) : '—'],
    [t('marketplace.qa.snapshot'), data ? (data.partial ? t('marketplace.qa.partial') : data.generated_at) : '—'],
    [t('marketplace.qa.circuit'), snapshotBreaker.getState()],
  ];
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4">
      <section aria-labelledby="qa-title" className="rounded-card border border-primary/40 bg-primary-soft p-4 text-primary-strong">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="qa-title" className="flex items-center gap-2 text-base font-semibold">
            <Bug aria-hidden="true" className="size-4" />
            {t('marketplace.qa.title')}
          </h2>
          <NewTabLink href="/qa" newTab={t('marketplace.detail.newTab')} className="inline-flex items-center gap-1 text-sm font-medium underline" iconClassName="size-3.5">
            {t('marketplace.qa.runner')}
          </NewTabLink>
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-5" data-testid="qa-panel">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt className="text-xs font-medium">{k}</dt>
              <dd className="font-mono text-xs break-all text-fg">{v}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
