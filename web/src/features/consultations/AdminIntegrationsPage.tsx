import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { PageTitle } from '../../components/ui/PageHeader';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { failedIntegrationsQuery, useRetryIntegration } from './api';
import { ListSkeleton } from './ConsultationsPage';

/** /admin/consultation-integrations: failed booking integrations with a retry button (administrators). */
export default function AdminIntegrationsPage() {
  const { t, i18n } = useTranslation();
  const q = useQuery(failedIntegrationsQuery());
  const retry = useRetryIntegration();
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (q.error instanceof ApiError && q.error.status === 403) {
    return <Notice tone="danger" title={t('outbox.notAllowedTitle')}>{t('outbox.notAllowedBody')}</Notice>;
  }
  const rows = q.data?.integrations ?? [];
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle title={t('consultations.admin.title')} intro={t('consultations.admin.intro')} className="flex flex-col gap-1" />
        <Button variant="ghost" onClick={() => void q.refetch()} disabled={q.isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('outbox.refresh')}
        </Button>
      </header>
      {q.isError ? (
        <RetryAlert message={t('consultations.mine.loadFailed')} retryLabel={t('consultations.book.retry')} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <ListSkeleton />
      ) : rows.length === 0 ? (
        <Notice headingLevel={2} icon={<CheckCircle2 aria-hidden="true" className="size-8 text-savings" />} title={t('consultations.admin.empty')} placement="section" />
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-semibold text-fg">
                  {t(`consultations.integrations.${r.step}`)} · {r.service_title}
                </p>
                <p className="text-sm text-fg-muted">
                  {r.client_email} · {r.scheduled_date} {r.scheduled_time} CT · {t('consultations.admin.attempts', { n: r.attempts })}
                  {r.final ? ` · ${t('consultations.admin.final')}` : ''} · {fmt.format(new Date(r.updated_at))}
                </p>
                <p className="break-words font-mono text-xs text-danger-strong">{r.last_error}</p>
              </div>
              <Button
                size="sm"
                disabled={retry.isPending}
                onClick={() =>
                  void retry.mutateAsync(r.id).then(
                    () => toast({ title: t('consultations.admin.retried'), variant: 'success' }),
                    (err: unknown) => toast({ title: err instanceof ApiError ? err.message : t('consultations.mine.changeFailed'), variant: 'error' }),
                  )
                }
              >
                {t('consultations.admin.retry')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
