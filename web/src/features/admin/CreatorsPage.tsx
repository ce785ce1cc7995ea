import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableParams } from '../../components/table/DataTable';
import { FilterSelect } from '../../components/table/TableFilters';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button } from '../../components/ui/Button';
import { toast } from '../../lib/toast';
import { AdminShell } from './AdminShell';
import { creatorAppsQuery, useDecideCreator, type CreatorApplicationRow } from './api/creators';
import { ReasonForm } from './ReasonForm';

const STATUSES = ['pending', 'approved', 'rejected', 'all'] as const;

/**
 * /admin/creators (issue 30 item 7): creator applications with their profile, audience and
 * content plan; approving grants the creator role (recorded) and opens the affiliate account,
 * rejecting needs a reason the applicant sees. Both are audited.
 */
export default function CreatorsPage() {
  const { t, i18n } = useTranslation();
  const { filter, set } = useTableParams({ sort: 'created_at', dir: 'desc' });
  const status = STATUSES.includes(filter('status') as (typeof STATUSES)[number]) ? filter('status') : 'pending';
  const apps = useQuery(creatorAppsQuery(status === 'all' ? '' : status));
  const decide = useDecideCreator();
  const [rejecting, setRejecting] = useState<CreatorApplicationRow | null>(null);
  const statusId = useId();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const number = new Intl.NumberFormat(i18n.language);
  const rows = apps.data?.applications ?? [];
  return (
    <AdminShell title={t('creators.admin.title')}>
      <FilterSelect id={statusId} label={t('creators.admin.status')} value={status} options={STATUSES} text={(s) => (s === 'all' ? t('creators.admin.any') : t(`creators.onboarding.status.${s}`))} onChange={(v) => set({ status: v === 'pending' ? undefined : v })} className="max-w-xs" />
      {rejecting ? (
        <section aria-label={t('creators.admin.reject')} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
          <p className="text-sm">
            {rejecting.display_name} · {rejecting.email}
          </p>
          <ReasonForm
            label={t('creators.admin.rejectLabel')}
            submit={t('creators.admin.reject')}
            tone="danger"
            pending={decide.isPending}
            error={decide.error}
            onSubmit={(reason) => decide.mutate({ id: rejecting.id, approve: false, reason }, { onSuccess: () => { setRejecting(null); toast({ title: t('creators.admin.rejected'), variant: 'success' }); } })}
            onCancel={() => setRejecting(null)}
          />
        </section>
      ) : null}
      {apps.isError ? (
        <AlertLine>{t('admin.error')}</AlertLine>
      ) : apps.isPending ? (
        <div aria-hidden="true" className="h-48 animate-pulse rounded-card bg-surface-sunken" />
      ) : rows.length === 0 ? (
        <p className="text-fg-muted">{t('creators.admin.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((a) => (
            <li key={a.id} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4" aria-label={a.display_name}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex flex-col">
                  <span className="font-medium text-fg">{a.display_name}</span>
                  <span className="text-sm text-fg-muted">{a.email}</span>
                </span>
                <span className="text-sm text-fg-muted">
                  {t(`creators.onboarding.status.${a.status}`)} · {date.format(new Date(a.updated_at))}
                </span>
              </div>
              <p className="text-sm text-fg">
                {t('creators.admin.audience', { count: a.audience_size, formatted: number.format(a.audience_size) })} · {(a.platforms ?? []).map((p) => t(`creators.platforms.${p}`)).join(', ')}
              </p>
              <p className="text-sm text-fg-muted">{(a.niches ?? []).map((n) => t(`creators.niches.${n}`)).join(', ')}</p>
              {a.bio ? <p className="text-sm text-fg">{a.bio}</p> : null}
              <p className="text-sm whitespace-pre-line text-fg">
                <span className="font-medium">{t('creators.fields.content_plan')}: </span>
                {a.content_plan}
              </p>
              {a.website ? (
                <a href={a.website} target="_blank" rel="noopener noreferrer nofollow" className="text-sm text-primary underline">
                  {a.website}
                </a>
              ) : null}
              {a.status === 'rejected' && a.reason ? <p className="text-sm text-fg-muted">{t('creators.onboarding.reason', { reason: a.reason })}</p> : null}
              {a.status === 'pending' ? (
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ id: a.id, approve: true }, { onSuccess: () => toast({ title: t('creators.admin.approved'), variant: 'success' }) })}
                    aria-label={t('creators.admin.approveOf', { name: a.display_name })}
                  >
                    {t('creators.admin.approve')}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setRejecting(a)} aria-label={t('creators.admin.rejectOf', { name: a.display_name })}>
                    {t('creators.admin.reject')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </AdminShell>
  );
}
