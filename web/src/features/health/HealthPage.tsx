import { Activity, CircleAlert, CircleCheck, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HeaderRow } from '../../components/table/HeaderRow';
import { Button } from '../../components/ui/Button';
import { PageTitle } from '../../components/ui/PageHeader';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../components/ui/cn';
import { Notice } from '../../components/ui/Notice';
import { useReadiness, type Readiness } from './api/get-readiness';

const CHECK_LABEL_KEYS: Record<string, string> = {
  database: 'health.check.database',
  migrations: 'health.check.migrations',
};

const DATABASE_NAMES: Record<string, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** "2 d 3 h 4 min 5 s" in the current language, largest units first, seconds only under an hour. */
export function formatUptime(totalSeconds: number, locale: string): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const parts: Array<[number, 'day' | 'hour' | 'minute' | 'second']> = [
    [Math.floor(s / 86400), 'day'],
    [Math.floor((s % 86400) / 3600), 'hour'],
    [Math.floor((s % 3600) / 60), 'minute'],
    [s < 3600 ? s % 60 : 0, 'second'],
  ];
  const shown = parts.filter(([n]) => n > 0);
  const list = shown.length > 0 ? shown : [[0, 'second'] as [number, 'second']];
  return list
    .map(([n, unit]) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(n))
    .join(' ');
}

/** /health: the server's readiness (GET /readyz) with a Refresh button (F-APP-10). */
export default function HealthPage() {
  const { t } = useTranslation();
  const query = useReadiness();

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12">
      <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <PageTitle title={t('health.title')} intro={t('health.subtitle')} className="flex flex-col gap-2" introClassName="text-base text-fg-muted" />
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw aria-hidden="true" className={cn('size-4', query.isFetching && 'motion-safe:animate-spin')} />
          {query.isFetching ? t('health.refreshing') : t('health.refresh')}
        </Button>
      </div>
      {query.isPending ? (
        <HealthSkeleton />
      ) : query.isError ? (
        <Notice
          headingLevel={2}
          tone="danger"
          icon={<CircleAlert className="size-6" />}
          title={t('health.error.title')}
          actions={
            <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
              {t('health.error.retry')}
            </Button>
          }
        >
          <p>{query.error.message}</p>
        </Notice>
      ) : (
        <HealthReport data={query.data} checkedAt={query.dataUpdatedAt} />
      )}
    </div>
  );
}

function HealthSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{t('common.loading')}</span>
      <div aria-hidden="true" className="h-16 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
      <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-20 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
        ))}
      </div>
      <div aria-hidden="true" className="h-32 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
    </div>
  );
}

function HealthReport({ data, checkedAt }: { data: Readiness; checkedAt: number }) {
  const { t, i18n } = useTranslation();
  const ok = data.status === 'ok';
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(checkedAt));
  const facts = [
    { label: t('health.version'), value: data.version },
    { label: t('health.database'), value: DATABASE_NAMES[data.database] ?? data.database },
    { label: t('health.schemaVersion'), value: String(data.schema_version) },
    { label: t('health.uptime'), value: formatUptime(data.uptime_seconds, i18n.language) },
  ];
  return (
    <div className="flex flex-col gap-6">
      <div
        role="status"
        className={cn(
          'flex items-center gap-3 rounded-card border p-4',
          ok ? 'border-savings/40 bg-savings-soft text-savings-strong' : 'border-danger/40 bg-danger-soft text-danger-strong',
        )}
      >
        {ok ? <CircleCheck aria-hidden="true" className="size-6" /> : <CircleAlert aria-hidden="true" className="size-6" />}
        <div className="flex flex-col">
          <p className="text-lg font-semibold">{ok ? t('health.status.ok') : t('health.status.unavailable')}</p>
          <p className="text-sm">{t('health.lastChecked', { time })}</p>
        </div>
      </div>

      <TitledSection id="health-summary" title={t('health.summary')} headingClassName="sr-only">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {facts.map((f) => (
            <div key={f.label} className="rounded-card border border-border bg-surface p-4 shadow-card">
              <dt className="text-sm text-fg-muted">{f.label}</dt>
              <dd className="tabular mt-1 text-lg font-semibold text-fg">{f.value}</dd>
            </div>
          ))}
        </dl>
      </TitledSection>

      <section aria-labelledby="health-checks" className="rounded-card border border-border bg-surface shadow-card">
        <h2 id="health-checks" className="flex items-center gap-2 border-b border-border p-4 text-lg font-semibold text-fg">
          <Activity aria-hidden="true" className="size-5 text-primary" />
          {t('health.checks')}
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-muted text-fg-muted">
              <HeaderRow
                cellClassName="px-4 py-2 font-medium"
                columns={[{ label: t('health.columns.name') }, { label: t('health.columns.result') }, { label: t('health.columns.latency') }, { label: t('health.columns.details') }]}
              />
            </thead>
            <tbody>
              {(data.checks ?? []).map((c) => {
                const labelKey = CHECK_LABEL_KEYS[c.name];
                return (
                  <tr key={c.name} className="border-t border-border">
                    <th scope="row" className="px-4 py-3 font-medium text-fg">
                      {labelKey ? t(labelKey) : c.name}
                    </th>
                    <td className="px-4 py-3">
                      <span
                        className={cn(
                          'inline-flex items-center gap-1 rounded-pill px-2 py-0.5 text-xs font-semibold',
                          c.ok ? 'bg-savings-soft text-savings-strong' : 'bg-danger-soft text-danger-strong',
                        )}
                      >
                        {c.ok ? <CircleCheck aria-hidden="true" className="size-3.5" /> : <CircleAlert aria-hidden="true" className="size-3.5" />}
                        {c.ok ? t('health.ok') : t('health.failing')}
                      </span>
                    </td>
                    <td className="tabular px-4 py-3 text-fg-muted">
                      {typeof c.latency_ms === 'number'
                        ? t('health.latencyValue', {
                            value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(c.latency_ms),
                          })
                        : '—'}
                    </td>
                    <td className="px-4 py-3 text-fg-muted">{c.error ? c.error : t('health.noDetails')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
