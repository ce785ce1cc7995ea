import { useQuery } from '@tanstack/react-query';
import { ShieldX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { PageTitle } from '../../components/ui/PageHeader';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import { adminInvitationsQuery } from './api';

type Kind = '' | 'invite' | 'referral';

/** /admin/vendor-invitations: every vendor invitation and referral, with the inviting agent and whether the vendor joined (administrators). */
export default function AdminInvitationsPage() {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<Kind>('');
  const q = useQuery(adminInvitationsQuery(kind));
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  if (q.error instanceof ApiError && q.error.status === 403) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <Notice tone="danger" icon={<ShieldX className="size-6" />} title={t('engage.admin.notAllowedTitle')} actions={<ButtonLink to="/">{t('engage.admin.home')}</ButtonLink>}>
          <p>{t('engage.admin.notAllowedBody')}</p>
        </Notice>
      </div>
    );
  }
  const rows = q.data?.invitations ?? [];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10">
      <PageTitle title={t('engage.admin.title')} intro={t('engage.admin.body')} className="flex flex-col gap-2" introClassName="text-base text-fg-muted" />
      <div role="group" aria-label={t('engage.admin.filterLabel')} className="flex flex-wrap gap-2">
        {(
          [
            ['', 'engage.admin.all'],
            ['invite', 'engage.admin.invites'],
            ['referral', 'engage.admin.referrals'],
          ] as const
        ).map(([k, label]) => (
          <Button key={k} size="sm" variant={kind === k ? 'primary' : 'secondary'} aria-pressed={kind === k} onClick={() => setKind(k)}>
            {t(label)}
          </Button>
        ))}
      </div>
      {q.isPending ? (
        <ul aria-busy="true" className="flex flex-col gap-3">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="h-28 rounded-card border border-border bg-surface p-4 shadow-card">
              <div className="h-5 w-1/3 rounded-control bg-surface-sunken motion-safe:animate-pulse" />
              <div className="mt-3 h-4 w-2/3 rounded-control bg-surface-sunken motion-safe:animate-pulse" />
            </li>
          ))}
        </ul>
      ) : q.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-card border border-danger/30 bg-surface p-8 text-center">
          <p className="text-base font-medium text-fg">{t('engage.admin.errorBody')}</p>
          <Button onClick={() => void q.refetch()}>{t('engage.admin.retry')}</Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="rounded-card border border-border bg-surface p-8 text-center text-sm text-fg-muted">{t('engage.admin.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="vendor-invitations">
          {rows.map((r) => (
            <li key={r.id} className="rounded-card border border-border bg-surface p-4 shadow-card">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 font-semibold break-words text-fg">
                  {r.vendor_name} <span className="font-normal text-fg-muted">· {r.vendor_email}</span>
                </p>
                <span
                  className={cn(
                    'rounded-pill px-2 py-0.5 text-xs font-medium',
                    r.status === 'joined' ? 'bg-savings-soft text-savings-strong' : 'bg-surface-sunken text-fg',
                  )}
                >
                  {t(`engage.admin.status.${r.status}`)}
                </span>
              </div>
              <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
                <div>
                  <dt className="text-xs text-fg-muted">{t('engage.admin.type')}</dt>
                  <dd className="text-fg">
                    {t(`engage.admin.kind.${r.kind}`)} · {r.vendor_type}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-fg-muted">{t('engage.admin.category')}</dt>
                  <dd className="break-words text-fg">{r.category || '—'}</dd>
                </div>
                <div>
                  <dt className="text-xs text-fg-muted">{t('engage.admin.invitedBy')}</dt>
                  <dd className="break-words text-fg">{r.inviter_name ? `${r.inviter_name} (${r.inviter_email})` : r.inviter_email}</dd>
                </div>
                <div>
                  <dt className="text-xs text-fg-muted">{t('engage.admin.sent')}</dt>
                  <dd className="text-fg tabular">{fmt.format(new Date(r.created_at))}</dd>
                </div>
              </dl>
              <p className="mt-2 text-xs break-all text-fg-muted">
                {t('engage.admin.link')}:{' '}
                <a href={r.registration_url} className="text-primary underline">
                  {r.registration_url}
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
