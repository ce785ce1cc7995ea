import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { LabelledControl } from '../../components/form/LabelledControl';
import { FilterSelect } from '../../components/table/TableFilters';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import { formatCents, type Currency } from '../../lib/money';
import { DetailRows, DetailSection } from './DetailSection';
import { userQuery } from './api/get-user';
import {
  useDisableUser,
  useEnableUser,
  useForceReset,
  useGrantRole,
  useResendVerification,
  useRevokeRole,
  useRevokeUserSession,
  type GrantableRole,
} from './api/user-actions';
import { AdminDetailPending, AdminShell } from './AdminShell';
import { rolesOf } from './roles';

const GRANTABLE: GrantableRole[] = ['admin', 'creator', 'vendor', 'pro', 'support'];

function errorText(e: unknown, fallback: string): string {
  return e instanceof ApiError ? e.message : e ? fallback : '';
}

/** /admin/users/:id: the user's page and the actions on the account (issue 31 item 2). */
export default function UserPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const q = useQuery(userQuery(id));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const d = q.data;
  if (q.isError || !d) return <AdminDetailPending title={t('admin.user.title')} error={q.isError ? q.error : null} notFound={t('admin.user.notFound')} />;
  const u = d.user;
  const orders = d.orders ?? [];
  const events = d.security_events ?? [];
  return (
    <AdminShell title={u.email}>
      <DetailSection title={t('admin.user.profile')}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <dt className="text-fg-muted">{t('admin.users.name')}</dt>
          <dd>{u.display_name}</dd>
          <dt className="text-fg-muted">{t('admin.users.status')}</dt>
          <dd>{u.disabled_at ? t('admin.users.disabled') : u.email_verified ? t('admin.users.active') : t('admin.users.unverified')}</dd>
          <dt className="text-fg-muted">{t('admin.users.created')}</dt>
          <dd>{time.format(new Date(u.created_at))}</dd>
          <dt className="text-fg-muted">{t('admin.user.points')}</dt>
          <dd className="tabular-nums">{d.points_balance}</dd>
          <dt className="text-fg-muted">{t('admin.user.location')}</dt>
          <dd>{[d.profile.city, d.profile.state].filter(Boolean).join(', ') || '—'}</dd>
        </dl>
        <AccountActions id={u.id} disabled={Boolean(u.disabled_at)} verified={u.email_verified} />
      </DetailSection>
      <RolesSection id={u.id} held={rolesOf(u)} grants={d.grants ?? []} />
      <DetailSection title={t('admin.user.sessions')}>
        <SessionsList id={u.id} sessions={d.sessions ?? []} />
      </DetailSection>
      <DetailSection title={t('admin.user.orders')}>
        <DetailRows items={orders} empty={t('admin.user.noOrders')}>
          {(o) => (
            <>
              <span>{o.number}</span>
              <span className="text-fg-muted">{o.status}</span>
              <span className="tabular-nums">{formatCents(o.total_cents, { language: i18n.language, currency: o.currency as Currency })}</span>
              <span className="text-fg-muted">{time.format(new Date(o.created_at))}</span>
            </>
          )}
        </DetailRows>
      </DetailSection>
      <DetailSection title={t('admin.user.subscription')}>
        {d.subscription ? (
          <p className="text-sm">
            {t('admin.user.subscriptionLine', {
              status: d.subscription.status,
              interval: d.subscription.interval,
              seats: d.subscription.seats,
              amount: formatCents(d.subscription.amount_cents, { language: i18n.language, currency: d.subscription.currency as Currency }),
            })}
          </p>
        ) : (
          <p className="text-sm text-fg-muted">{t('admin.user.noSubscription')}</p>
        )}
      </DetailSection>
      <DetailSection title={t('admin.user.security')}>
        <DetailRows items={events} empty={t('admin.user.noEvents')}>
          {(e) => (
            <>
              <code className="text-xs">{e.event_type}</code>
              <span className="text-fg-muted">{time.format(new Date(e.created_at))}</span>
            </>
          )}
        </DetailRows>
      </DetailSection>
      <Link to={`/admin/audit?object_kind=user&object_id=${encodeURIComponent(u.id)}`} className="text-sm text-primary hover:underline">
        {t('admin.user.auditLink')}
      </Link>
    </AdminShell>
  );
}

function AccountActions({ id, disabled, verified }: { id: string; disabled: boolean; verified: boolean }) {
  const { t } = useTranslation();
  const disable = useDisableUser(id);
  const enable = useEnableUser(id);
  const resend = useResendVerification(id);
  const reset = useForceReset(id);
  const [done, setDone] = useState('');
  const error = [disable, enable, resend, reset].map((m) => errorText(m.error, t('admin.error'))).find(Boolean);
  return (
    <div className="flex flex-col gap-2 pt-2">
      <div className="flex flex-wrap gap-2">
        {disabled ? (
          <Button variant="secondary" disabled={enable.isPending} onClick={() => enable.mutate(undefined, { onSuccess: () => setDone(t('admin.user.enabled')) })}>
            {t('admin.user.enable')}
          </Button>
        ) : (
          <Button
            variant="danger"
            disabled={disable.isPending}
            onClick={() => window.confirm(t('admin.user.disableConfirm')) && disable.mutate(undefined, { onSuccess: () => setDone(t('admin.user.disabledDone')) })}
          >
            {t('admin.user.disable')}
          </Button>
        )}
        {!verified ? (
          <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(undefined, { onSuccess: () => setDone(t('admin.user.resent')) })}>
            {t('admin.user.resend')}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          disabled={reset.isPending}
          onClick={() => window.confirm(t('admin.user.resetConfirm')) && reset.mutate(undefined, { onSuccess: () => setDone(t('admin.user.resetDone')) })}
        >
          {t('admin.user.forceReset')}
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-fg-muted">{done}</p>
      {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
    </div>
  );
}

function RolesSection({ id, held, grants }: { id: string; held: string[]; grants: Array<{ id: string; role: string; granted_at: string; granted_by: string; reason: string; revoked_at?: string | null }> }) {
  const { t, i18n } = useTranslation();
  const grant = useGrantRole(id);
  const revoke = useRevokeRole(id);
  const [role, setRole] = useState<GrantableRole>('creator');
  const [reason, setReason] = useState('');
  const roleId = useId();
  const reasonId = useId();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const error = errorText(grant.error, t('admin.error')) || errorText(revoke.error, t('admin.error'));
  return (
    <DetailSection title={t('admin.user.roles')}>
      <ul className="flex flex-wrap gap-2" aria-label={t('admin.user.heldRoles')}>
        {held.length === 0 ? <li className="text-sm text-fg-muted">{t('admin.user.noRoles')}</li> : null}
        {held.map((r) => (
          <li key={r} className="flex items-center gap-2 rounded-full border border-border px-3 py-1 text-sm">
            {t(`admin.roles.${r}`)}
            {r !== 'pro_member' ? (
              <button
                type="button"
                className="text-danger hover:underline"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(r as GrantableRole)}
                aria-label={t('admin.user.revokeRole', { role: t(`admin.roles.${r}`) })}
              >
                {t('admin.user.revoke')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          grant.mutate({ role, reason }, { onSuccess: () => setReason('') });
        }}
      >
        <FilterSelect id={roleId} label={t('admin.user.role')} value={role} options={GRANTABLE} text={(r) => t(`admin.roles.${r}`)} onChange={(v) => setRole(v as GrantableRole)} />
        <LabelledControl id={reasonId} label={t('admin.user.reason')} className="flex min-w-48 flex-1 flex-col gap-1.5">
          <input id={reasonId} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} className={cn(inputClass, 'border-border-strong')} />
        </LabelledControl>
        <Button type="submit" disabled={grant.isPending}>
          {grant.isPending ? t('admin.user.granting') : t('admin.user.grant')}
        </Button>
      </form>
      {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
      <h3 className="pt-2 text-sm font-semibold text-fg">{t('admin.user.history')}</h3>
      <ul className="divide-y divide-border text-sm">
        {grants.map((g) => (
          <li key={g.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>{t(`admin.roles.${g.role}`)}</span>
            <span className="text-fg-muted">{time.format(new Date(g.granted_at))}</span>
            <span className="text-fg-muted">{g.reason}</span>
            <span>{g.revoked_at ? t('admin.user.revokedAt', { at: time.format(new Date(g.revoked_at)) }) : t('admin.user.live')}</span>
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}

function SessionsList({ id, sessions }: { id: string; sessions: Array<{ id: string; user_agent: string; ip_address: string; last_activity: string; is_admin_session: boolean }> }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeUserSession(id);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (sessions.length === 0) return <p className="text-sm text-fg-muted">{t('admin.user.noSessions')}</p>;
  return (
    <ul className="divide-y divide-border text-sm">
      {sessions.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="min-w-0 flex-1 truncate">{s.user_agent || '—'}</span>
          <span className="text-fg-muted">{s.ip_address}</span>
          <span className="text-fg-muted">{time.format(new Date(s.last_activity))}</span>
          <Button variant="secondary" size="sm" disabled={revoke.isPending} onClick={() => revoke.mutate(s.id)}>
            {t('admin.user.endSession')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
