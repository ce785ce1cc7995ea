import { useQuery } from '@tanstack/react-query';
import { Activity, Database, ListOrdered, RefreshCw, Shield, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { toast } from '../../../lib/toast';
import { cacheHealthQuery, useClearCache, useRefreshCache, useRerank } from '../api/admin';
import type { CacheHealth } from '../api/types';

/** Rerank (admins, in the filters; 03§2, 03§8). */
export function RerankButton() {
  const { t } = useTranslation();
  const rerank = useRerank(() =>
    toast({ title: t('marketplace.admin.rerankDone'), description: t('marketplace.admin.rerankDoneBody'), variant: 'success' }),
  );
  const busy = rerank.isPending;
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={busy}
      onClick={() => {
        rerank
          .mutateAsync()
          .catch(() => toast({ title: t('marketplace.admin.rerankFailed'), description: t('marketplace.admin.rerankFailedBody'), variant: 'error' }));
      }}
    >
      <ListOrdered aria-hidden="true" className="size-4" />
      {busy ? t('marketplace.admin.reranking') : t('marketplace.admin.rerank')}
    </Button>
  );
}

export type CacheStatus = 'fresh' | 'stale' | 'missing';

export function cacheStatus(h: Pick<CacheHealth, 'exists' | 'stale'>): CacheStatus {
  if (!h.exists) return 'missing';
  return h.stale ? 'stale' : 'fresh';
}

/** The admin bar: cache health badge (polled every 60 s), Refresh Cache, Clear Cache and admin tools. */
export default function AdminBar() {
  const { t, i18n } = useTranslation();
  const health = useQuery(cacheHealthQuery(true));
  const refreshCache = useRefreshCache((answer) =>
    toast({
      title: t('marketplace.admin.refreshed'),
      description: t('marketplace.admin.refreshedBody', { services: answer.services_count, vendors: answer.vendors_count }),
      variant: 'success',
    }),
  );
  const clearCache = useClearCache(() => toast({ title: t('marketplace.admin.cleared'), variant: 'success' }));
  const busy = refreshCache.isPending ? 'refresh' : clearCache.isPending ? 'clear' : null;
  const status = health.data ? cacheStatus(health.data) : null;

  const generated = health.data?.generated_at
    ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short', dateStyle: 'short' }).format(new Date(health.data.generated_at))
    : null;

  return (
    <section aria-label={t('marketplace.admin.label')} className="mx-auto w-full max-w-7xl px-4 pt-4">
      <div className="flex flex-wrap items-center gap-3 rounded-card border border-border bg-surface p-3 shadow-card">
        <span className="flex items-center gap-1.5 text-sm font-semibold text-fg">
          <Shield aria-hidden="true" className="size-4 text-primary" />
          {t('marketplace.admin.title')}
        </span>
        <span
          role="status"
          data-testid="cache-health"
          title={generated ? t('marketplace.admin.generatedAt', { time: generated }) : undefined}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-pill px-2.5 py-1 text-xs font-medium',
            status === 'fresh' && 'bg-savings-soft text-savings-strong',
            status === 'stale' && 'bg-warning-soft text-warning-strong',
            status === 'missing' && 'bg-danger-soft text-danger-strong',
            status === null && 'bg-surface-sunken text-fg-muted',
          )}
        >
          <Database aria-hidden="true" className="size-3.5" />
          {status === null
            ? health.isError
              ? t('marketplace.admin.cacheUnknown')
              : t('marketplace.admin.cacheChecking')
            : t(`marketplace.admin.cache.${status}`, {
                services: health.data?.services_count ?? 0,
                vendors: health.data?.vendors_count ?? 0,
              })}
        </span>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={busy !== null}
            onClick={() => {
              refreshCache
                .mutateAsync()
                .catch(() => toast({ title: t('marketplace.admin.refreshFailed'), description: t('marketplace.admin.refreshFailedBody'), variant: 'error' }));
            }}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            {busy === 'refresh' ? t('marketplace.admin.refreshing') : t('marketplace.admin.refresh')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy !== null}
            onClick={() => {
              clearCache
                .mutateAsync()
                .catch(() => toast({ title: t('marketplace.admin.clearFailed'), description: t('marketplace.admin.clearFailedBody'), variant: 'error' }));
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {busy === 'clear' ? t('marketplace.admin.clearing') : t('marketplace.admin.clear')}
          </Button>
          <ButtonLink to="/admin/view-spikes" variant="ghost" size="sm">
            <Activity aria-hidden="true" className="size-4" />
            {t('marketplace.admin.viewSpikes')}
          </ButtonLink>
          <ButtonLink to="/admin" variant="ghost" size="sm">
            {t('marketplace.admin.tools')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
