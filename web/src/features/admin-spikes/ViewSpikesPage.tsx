import { useQuery } from '@tanstack/react-query';
import { Activity, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderRow } from '../../components/table/HeaderRow';
import { FilterSelect } from '../../components/table/TableFilters';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { PageTitle } from '../../components/ui/PageHeader';
import { cn } from '../../components/ui/cn';
import { SPIKE_WINDOWS, viewSpikesQuery, type ViewSpike } from './api/get-view-spikes';

/**
 * /admin/view-spikes: services whose views in the last window jumped far above their baseline or
 * came mostly from few networks (issue 14, ranking abuse). Administrators only (the route guard).
 */
export default function ViewSpikesPage() {
  const { t } = useTranslation();
  const [windowMinutes, setWindowMinutes] = useState<number>(60);
  const q = useQuery(viewSpikesQuery(windowMinutes));
  const windowId = useId();
  const spikes = q.data?.services ?? [];

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10">
      <PageTitle title={t('spikes.title')} intro={t('spikes.body')} className="flex flex-col gap-2" introClassName="text-base text-fg-muted" />
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect id={windowId} label={t('spikes.window')} value={windowMinutes} options={SPIKE_WINDOWS} text={(m) => t(`spikes.windows.${m}`)} onChange={(v) => setWindowMinutes(Number(v))} />
        <Button variant="ghost" onClick={() => void q.refetch()} disabled={q.isFetching}>
          <RefreshCw aria-hidden="true" className={cn('size-4', q.isFetching && 'motion-safe:animate-spin')} />
          {t('spikes.refresh')}
        </Button>
      </div>

      {q.isPending ? (
        <div role="status" aria-label={t('common.loading')} className="h-32 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
      ) : q.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-card border border-danger/40 bg-danger-soft p-4 text-danger-strong">
          <p>{t('spikes.loadFailed')}</p>
          <Button size="sm" variant="secondary" onClick={() => void q.refetch()}>
            {t('spikes.retry')}
          </Button>
        </div>
      ) : spikes.length === 0 ? (
        <Notice headingLevel={2} icon={<Activity className="size-6" />} title={t('spikes.empty')} placement="section">
          <p>{t('spikes.emptyBody')}</p>
        </Notice>
      ) : (
        <SpikeTable spikes={spikes} />
      )}
    </div>
  );
}

function SpikeTable({ spikes }: { spikes: ViewSpike[] }) {
  const { t, i18n } = useTranslation();
  const num = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-fg-muted';
  const td = 'px-3 py-2 text-sm text-fg';
  return (
    <div className="overflow-x-auto rounded-card border border-border bg-surface shadow-card">
      <table className="w-full border-collapse">
        <caption className="sr-only">{t('spikes.title')}</caption>
        <thead className="border-b border-border">
          <HeaderRow
            cellClassName={th}
            columns={[
              { label: t('spikes.service') },
              { label: t('spikes.views') },
              { label: t('spikes.baseline') },
              { label: t('spikes.viewers') },
              { label: t('spikes.networks') },
              { label: t('spikes.topNetwork') },
              { label: t('spikes.signedIn') },
              { label: t('spikes.reasons') },
            ]}
          />
        </thead>
        <tbody>
          {spikes.map((s) => (
            <tr key={s.service_id} className="border-b border-border last:border-b-0">
              <th scope="row" className={cn(td, 'text-left font-medium')}>
                {s.title || s.service_id}
              </th>
              <td className={td}>{num.format(s.views)}</td>
              <td className={td}>{num.format(s.baseline_views)}</td>
              <td className={td}>{num.format(s.viewers)}</td>
              <td className={td}>{num.format(s.networks)}</td>
              <td className={td}>{num.format(s.top_network_views)}</td>
              <td className={td}>{num.format(s.signed_in_views)}</td>
              <td className={td}>
                <ul className="flex flex-wrap gap-1.5">
                  {(s.reasons ?? []).map((r) => (
                    <li key={r} className="rounded-pill bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning-strong">
                      {t(`spikes.reason.${r}`)}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
