import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderRow } from '../../components/table/HeaderRow';
import { Button } from '../../components/ui/Button';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import { commandCenterQuery, useRetryJob, type CommandCenter, type DeadJob } from './api/ops';
import { AdminShell } from './AdminShell';

/** /command-center: the live health of the server, database, jobs, caches and requests, read every few seconds (issue 31 item 11). */
export default function CommandCenterPage() {
  const { t, i18n } = useTranslation();
  const q = useQuery(commandCenterQuery());
  const d = q.data;
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });
  return (
    <AdminShell
      title={t('admin.commandCenter.title')}
      actions={
        <p className="text-sm text-fg-muted" aria-live="polite" data-testid="command-center-updated">
          {d ? t('admin.commandCenter.updated', { time: time.format(new Date(d.at)) }) : t('admin.commandCenter.loading')}
        </p>
      }
    >
      {q.isError ? <p role="alert" className="text-danger">{t('admin.error')}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <ServerCard d={d} />
        <DatabaseCard d={d} />
        <JobsCard d={d} />
        <CachesCard d={d} />
      </div>
      <Requests d={d} />
      <DeadJobs jobs={d?.jobs.dead_jobs ?? undefined} />
    </AdminShell>
  );
}

function Status({ ok }: { ok: boolean | undefined }) {
  const { t } = useTranslation();
  if (ok === undefined) return <span className="text-sm text-fg-muted">{t('admin.commandCenter.checking')}</span>;
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', ok ? 'bg-savings-soft text-savings-strong' : 'bg-danger-soft text-danger-strong')}>
      {ok ? t('admin.commandCenter.ok') : t('admin.commandCenter.down')}
    </span>
  );
}

function Card({ id, title, ok, children }: { id: string; title: string; ok: boolean | undefined; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-fg">
          {title}
        </h2>
        <Status ok={ok} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="text-fg-muted">{label}</dt>
      <dd className="text-right font-medium tabular-nums text-fg">{value}</dd>
    </>
  );
}

function duration(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d}d ${h}h` : h > 0 ? `${h}h ${m}m` : `${m}m ${seconds % 60}s`;
}

const dash = '–';

function ServerCard({ d }: { d: CommandCenter | undefined }) {
  const { t } = useTranslation();
  const s = d?.server;
  return (
    <Card id="cc-server" title={t('admin.commandCenter.server')} ok={d ? true : undefined}>
      <Row label={t('admin.commandCenter.version')} value={s?.version || dash} />
      <Row label={t('admin.commandCenter.uptime')} value={s ? duration(s.uptime_seconds) : dash} />
      <Row label={t('admin.commandCenter.goroutines')} value={s?.goroutines ?? dash} />
      <Row label={t('admin.commandCenter.heap')} value={s ? `${(s.heap_bytes / 1048576).toFixed(1)} MB` : dash} />
    </Card>
  );
}

function DatabaseCard({ d }: { d: CommandCenter | undefined }) {
  const { t } = useTranslation();
  const db = d?.database;
  return (
    <Card id="cc-database" title={t('admin.commandCenter.database')} ok={db ? db.ok && db.migrations_ok : undefined}>
      <Row label={t('admin.commandCenter.engine')} value={db?.engine || dash} />
      <Row label={t('admin.commandCenter.ping')} value={db ? `${db.ping_ms.toFixed(1)} ms` : dash} />
      <Row label={t('admin.commandCenter.schema')} value={db?.schema_version ?? dash} />
    </Card>
  );
}

function JobsCard({ d }: { d: CommandCenter | undefined }) {
  const { t } = useTranslation();
  const j = d?.jobs;
  return (
    <Card id="cc-jobs" title={t('admin.commandCenter.jobs')} ok={j ? j.dead === 0 : undefined}>
      <Row label={t('admin.commandCenter.queued')} value={j?.queued ?? dash} />
      <Row label={t('admin.commandCenter.retrying')} value={j?.retrying ?? dash} />
      <Row label={t('admin.commandCenter.running')} value={j?.running ?? dash} />
      <Row label={t('admin.commandCenter.dead')} value={j?.dead ?? dash} />
      <Row label={t('admin.commandCenter.doneHour')} value={j?.done_last_hour ?? dash} />
    </Card>
  );
}

function CachesCard({ d }: { d: CommandCenter | undefined }) {
  const { t, i18n } = useTranslation();
  const caches = d?.caches ?? [];
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const m = caches.find((c) => c.name === 'marketplace');
  return (
    <Card id="cc-caches" title={t('admin.commandCenter.caches')} ok={d ? caches.every((c) => c.ok) : undefined}>
      <Row label={t('admin.commandCenter.marketplaceCache')} value={m ? (m.ok ? t('admin.commandCenter.fresh') : t('admin.commandCenter.stale')) : dash} />
      <Row label={t('admin.commandCenter.services')} value={m?.marketplace?.services_count ?? dash} />
      <Row label={t('admin.commandCenter.built')} value={m?.marketplace?.generated_at ? when.format(new Date(m.marketplace.generated_at)) : dash} />
    </Card>
  );
}

function Requests({ d }: { d: CommandCenter | undefined }) {
  const { t } = useTranslation();
  const r = d?.requests;
  const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
  return (
    <TitledSection id="cc-requests" title={t('admin.commandCenter.requests')} className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {(
          [
            ['total', r?.total],
            ['perMinute', r?.per_minute],
            ['errors', r?.errors],
            ['errorRate', r ? pct(r.error_rate) : undefined],
            ['mean', r ? `${r.mean_ms.toFixed(1)} ms` : undefined],
            ['p95', r ? `${r.p95_ms.toFixed(1)} ms` : undefined],
          ] as const
        ).map(([k, v]) => (
          <div key={k} className="rounded-card border border-border bg-surface p-3">
            <dt className="text-xs text-fg-muted">{t(`admin.commandCenter.figures.${k}`)}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums text-fg">{v ?? dash}</dd>
          </div>
        ))}
      </dl>
      {/* Focusable: on a phone the table scrolls sideways, and the keyboard must reach it too. */}
      <div role="region" aria-label={t('admin.commandCenter.routes')} tabIndex={0} className="overflow-x-auto rounded-card border border-border">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">{t('admin.commandCenter.routes')}</caption>
          <thead className="bg-surface-sunken text-fg-muted">
            <HeaderRow
              cellClassName="px-3 py-2"
              columns={[
                { label: t('admin.commandCenter.route'), className: 'font-medium' },
                { label: t('admin.commandCenter.figures.total'), className: 'text-right font-medium' },
                { label: t('admin.commandCenter.figures.errors'), className: 'text-right font-medium' },
                { label: t('admin.commandCenter.figures.mean'), className: 'text-right font-medium' },
                { label: t('admin.commandCenter.figures.p95'), className: 'text-right font-medium' },
              ]}
            />
          </thead>
          <tbody>
            {(r?.routes ?? []).map((x) => (
              <tr key={x.route} className="border-t border-border">
                <td className="px-3 py-2 font-mono text-xs break-all">{x.route}</td>
                <td className="px-3 py-2 text-right tabular-nums">{x.requests}</td>
                <td className="px-3 py-2 text-right tabular-nums">{x.errors}</td>
                <td className="px-3 py-2 text-right tabular-nums">{x.mean_ms.toFixed(1)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{x.p95_ms.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </TitledSection>
  );
}

function DeadJobs({ jobs }: { jobs: DeadJob[] | undefined }) {
  const { t, i18n } = useTranslation();
  const retry = useRetryJob();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const failure = retry.error instanceof ApiError ? retry.error.message : retry.error ? t('admin.error') : null;
  return (
    <TitledSection id="cc-dead" title={t('admin.commandCenter.deadJobs')} className="flex flex-col gap-3">
      {failure ? <p role="alert" className="text-danger">{failure}</p> : null}
      {retry.isSuccess ? (
        <p role="status" className="text-savings-strong">
          {t('admin.commandCenter.retried', { kind: retry.data.kind })}
        </p>
      ) : null}
      {jobs && jobs.length === 0 ? <p className="text-fg-muted">{t('admin.commandCenter.noDeadJobs')}</p> : null}
      <ul aria-label={t('admin.commandCenter.deadJobs')} className="flex flex-col gap-2">
        {(jobs ?? []).map((j) => (
          <li key={j.id} aria-label={j.kind} className="flex flex-wrap items-start justify-between gap-3 rounded-card border border-border bg-surface p-3">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="font-mono text-sm font-semibold text-fg">{j.kind}</span>
              <span className="text-sm break-words text-danger-strong">{j.last_error}</span>
              <span className="text-xs text-fg-muted">
                {t('admin.commandCenter.deadDetail', { attempts: j.attempts, when: j.failed_at ? when.format(new Date(j.failed_at)) : dash, id: j.id })}
              </span>
            </div>
            <Button
              type="button"
              variant="secondary"
              disabled={retry.isPending}
              aria-label={t('admin.commandCenter.retryLabel', { kind: j.kind, id: j.id })}
              onClick={() => retry.mutate(j.id)}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('admin.commandCenter.retry')}
            </Button>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
