import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { HeaderRow } from '../../components/table/HeaderRow';
import { Button } from '../../components/ui/Button';
import { formatCents } from '../../lib/money';
import { DetailRows, DetailSection } from './DetailSection';
import { auditQuery, type AuditRecord } from './api/list-audit';
import { useReinstateVendor, useSuspendVendor, vendorQuery } from './api/vendors';
import { AdminDetailPending, AdminShell } from './AdminShell';
import { ReasonForm } from './ReasonForm';
import { StatusBadge } from './VendorsPage';

const pct = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${n}%`);

/** /admin/vendors/:id: the vendor's page, suspension and its audit trail (issue 31 item 3). */
export default function VendorPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const q = useQuery(vendorQuery(id));
  const d = q.data;
  if (q.isError || !d) return <AdminDetailPending title={t('admin.vendor.title')} error={q.isError ? q.error : null} notFound={t('admin.vendor.notFound')} />;
  const v = d.vendor;
  const services = d.services ?? [];
  const reps = d.representatives ?? [];
  const money = (c: number | null | undefined) => (c === null || c === undefined ? '—' : formatCents(c, { language: i18n.language, currency: 'USD' }));
  return (
    <AdminShell title={v.name} actions={<StatusBadge status={v.status} />}>
      <DetailSection title={t('admin.vendor.profile')}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <dt className="text-fg-muted">{t('admin.vendors.list.type')}</dt>
          <dd>{v.vendor_type || '—'}</dd>
          <dt className="text-fg-muted">{t('admin.vendors.list.respa')}</dt>
          <dd>{t(`admin.vendors.respa.${v.respa_kind}`)}</dd>
          <dt className="text-fg-muted">{t('admin.vendors.list.owner')}</dt>
          <dd>{v.owner_email || '—'}</dd>
          <dt className="text-fg-muted">{t('admin.vendor.contact')}</dt>
          <dd>{[v.contact_email, d.phone].filter(Boolean).join(' · ') || '—'}</dd>
          <dt className="text-fg-muted">{t('admin.vendor.states')}</dt>
          <dd>{(d.service_states ?? []).join(', ') || '—'}</dd>
          {d.nmls_id ? (
            <>
              <dt className="text-fg-muted">NMLS</dt>
              <dd>{d.nmls_id}</dd>
            </>
          ) : null}
          {d.application_id ? (
            <>
              <dt className="text-fg-muted">{t('admin.vendor.application')}</dt>
              <dd>
                <code className="text-xs">{d.application_id}</code>
              </dd>
            </>
          ) : null}
        </dl>
        {v.suspended_at ? (
          <p className="rounded-control bg-surface-sunken p-3 text-sm">
            <span className="font-medium">{t('admin.vendor.suspendedBecause')}</span> {d.suspended_reason}
          </p>
        ) : null}
        <Suspension id={v.id} suspended={Boolean(v.suspended_at)} />
      </DetailSection>
      <DetailSection title={t('admin.vendor.services', { count: services.length })}>
        {services.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('admin.vendor.noServices')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('admin.vendor.services', { count: services.length })}</caption>
              <thead className="text-fg-muted">
                <HeaderRow
                  cellClassName="py-2"
                  columns={[
                    { label: t('admin.vendor.service'), className: 'pr-4 font-medium' },
                    { label: t('admin.vendors.list.status'), className: 'pr-4 font-medium' },
                    { label: t('admin.vendor.price'), className: 'pr-4 font-medium' },
                    { label: t('admin.vendor.copay'), className: 'pr-4 font-medium' },
                    { label: t('admin.vendor.splitLimit'), className: 'pr-4 font-medium' },
                    { label: t('admin.vendor.sspCap'), className: 'pr-4 font-medium' },
                    { label: t('admin.vendor.nonSspCap'), className: 'pr-4 font-medium' },
                    { label: t('admin.vendor.risk'), className: 'font-medium' },
                  ]}
                />
              </thead>
              <tbody className="divide-y divide-border">
                {services.map((s) => (
                  <tr key={s.id}>
                    <td className="py-2 pr-4">{s.title}</td>
                    <td className="py-2 pr-4">{s.is_active ? t('admin.vendor.active') : t('admin.vendor.inactive')}</td>
                    <td className="py-2 pr-4 tabular-nums">{money(s.retail_cents)}</td>
                    <td className="py-2 pr-4">{s.copay_allowed ? t('admin.vendor.yes') : t('admin.vendor.no')}</td>
                    <td className="py-2 pr-4 tabular-nums">{pct(s.respa_split_limit)}</td>
                    <td className="py-2 pr-4 tabular-nums">{pct(s.ssp_cap)}</td>
                    <td className="py-2 pr-4 tabular-nums">{pct(s.non_ssp_cap)}</td>
                    <td className="py-2">{s.respa_regulated ? s.respa_risk_level || t('admin.vendor.regulated') : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </DetailSection>
      <DetailSection title={t('admin.vendor.representatives')}>
        <DetailRows items={reps} empty={t('admin.vendor.noRepresentatives')}>
          {(r) => (
            <>
              <span>
                {r.name}
                {r.title ? ` · ${r.title}` : ''}
                {r.is_primary ? ` · ${t('admin.vendor.primary')}` : ''}
              </span>
              <span className="text-fg-muted">{[r.email, r.phone].filter(Boolean).join(' · ')}</span>
            </>
          )}
        </DetailRows>
      </DetailSection>
      <DetailSection title={t('admin.vendor.coPay')}>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5">
          {(['total', 'approved', 'declined', 'pending', 'other'] as const).map((k) => (
            <div key={k} className="flex flex-col">
              <dt className="text-fg-muted">{t(`admin.vendor.coPayCounts.${k}`)}</dt>
              <dd className="text-lg font-semibold tabular-nums">{d.co_pay_decisions[k]}</dd>
            </div>
          ))}
        </dl>
      </DetailSection>
      <VendorAudit id={v.id} />
    </AdminShell>
  );
}

function Suspension({ id, suspended }: { id: string; suspended: boolean }) {
  const { t } = useTranslation();
  const suspend = useSuspendVendor(id);
  const reinstate = useReinstateVendor(id);
  const [open, setOpen] = useState(false);
  const m = suspended ? reinstate : suspend;
  if (!open) {
    return (
      <div>
        <Button variant={suspended ? 'primary' : 'danger'} onClick={() => setOpen(true)}>
          {suspended ? t('admin.vendor.reinstate') : t('admin.vendor.suspend')}
        </Button>
      </div>
    );
  }
  return (
    <ReasonForm
      label={suspended ? t('admin.vendor.reinstateLabel') : t('admin.vendor.suspendLabel')}
      submit={suspended ? t('admin.vendor.reinstate') : t('admin.vendor.suspend')}
      tone={suspended ? 'primary' : 'danger'}
      pending={m.isPending}
      error={m.error}
      onSubmit={(reason) => m.mutate(reason, { onSuccess: () => setOpen(false) })}
      onCancel={() => setOpen(false)}
    />
  );
}

function reasonOf(e: AuditRecord): string {
  const after = e.after as { reason?: unknown } | null;
  return after && typeof after.reason === 'string' ? after.reason : '';
}

/** The vendor's entries of the audit log ("shown on each object's page"). */
function VendorAudit({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const log = useQuery(auditQuery({ page: 1, pageSize: 20, sort: 'at', dir: 'desc' }, { actor: '', object_kind: 'vendor', object_id: id, action: '', from: '', to: '' }));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const entries = log.data?.entries ?? [];
  return (
    <DetailSection title={t('admin.vendor.history')}>
      {log.isPending ? (
        <div className="h-16 animate-pulse rounded bg-surface-sunken motion-reduce:animate-none" aria-busy="true" />
      ) : entries.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('admin.vendor.noHistory')}</p>
      ) : (
        <ul className="divide-y divide-border text-sm" aria-label={t('admin.vendor.history')}>
          {entries.map((e) => (
            <li key={e.id} className="flex flex-col gap-0.5 py-2">
              <span className="flex flex-wrap justify-between gap-2">
                <code className="text-xs">{e.action}</code>
                <span className="text-fg-muted">
                  {e.actor_email || t('admin.audit.system')} · {time.format(new Date(e.at))}
                </span>
              </span>
              {reasonOf(e) ? <span>{reasonOf(e)}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <Link to={`/admin/audit?object_kind=vendor&object_id=${encodeURIComponent(id)}`} className="text-sm text-primary hover:underline">
        {t('admin.vendor.auditLink')}
      </Link>
    </DetailSection>
  );
}
