import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableParams, type Column } from '../../components/table/DataTable';
import { HeaderRow } from '../../components/table/HeaderRow';
import { QueryTable } from '../../components/table/QueryTable';
import { FilterSelect } from '../../components/table/TableFilters';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { toast } from '../../lib/toast';
import { AdminShell } from './AdminShell';
import {
  affiliateAppsQuery,
  commissionsQuery,
  payoutCsvHref,
  payoutsQuery,
  useDecideAffiliate,
  useDecideCommission,
  usePayout,
  type AffiliateApplicationRow,
  type CommissionRow,
} from './api/commissions';
import { ReasonForm } from './ReasonForm';

const STATUSES = ['', 'pending', 'approved', 'paid', 'rejected'] as const;
type Tab = 'commissions' | 'applications' | 'payouts';

/** /admin/commissions (issue 31 item 8): affiliate commissions with approval and payout batches, affiliate applications, payout CSV exports; every change audited. */
export default function CommissionsPage() {
  const { t } = useTranslation();
  const { filter, set } = useTableParams({ sort: 'created_at', dir: 'desc' });
  const tab = (['applications', 'payouts'].includes(filter('tab')) ? filter('tab') : 'commissions') as Tab;
  const tabs: Tab[] = ['commissions', 'applications', 'payouts'];
  return (
    <AdminShell title={t('affiliates.admin.title')}>
      <div role="tablist" aria-label={t('affiliates.admin.title')} className="flex gap-1 border-b border-border">
        {tabs.map((k) => (
          <button
            key={k}
            role="tab"
            type="button"
            id={`tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`panel-${k}`}
            onClick={() => set({ tab: k === 'commissions' ? undefined : k })}
            className={cn('-mb-px border-b-2 px-3 py-2 text-sm font-medium', tab === k ? 'border-primary text-primary' : 'border-transparent text-fg-muted hover:text-fg')}
          >
            {t(`affiliates.admin.tabs.${k}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="flex flex-col gap-4">
        {tab === 'commissions' ? <Commissions /> : tab === 'applications' ? <Applications /> : <Payouts />}
      </div>
    </AdminShell>
  );
}

function useMoney() {
  const { i18n } = useTranslation();
  // To the cent: commissions are paid to the cent, whole-unit prices would hide it.
  const f = new Intl.NumberFormat(i18n.language === 'fr' ? 'fr-CA' : 'en-US', { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
  return (cents: number) => f.format(cents / 100);
}

function Commissions() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { table, filter, set } = useTableParams({ sort: 'created_at', dir: 'desc' });
  const status = filter('status');
  const page = useQuery(commissionsQuery({ status, page: table.page, pageSize: table.pageSize }));
  const decide = useDecideCommission();
  const payout = usePayout();
  const [rejecting, setRejecting] = useState<CommissionRow | null>(null);
  const statusId = useId();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const totals = page.data?.totals ?? {};

  const columns: Column<CommissionRow>[] = [
    { key: 'date', header: t('affiliates.admin.date'), cell: (r) => date.format(new Date(r.created_at)), csv: (r) => r.created_at },
    {
      key: 'affiliate',
      header: t('affiliates.admin.affiliate'),
      cell: (r) => (
        <span className="flex flex-col">
          <span>{r.affiliate_email}</span>
          <span className="text-xs text-fg-muted">{r.affiliate_code}</span>
        </span>
      ),
      csv: (r) => r.affiliate_email,
    },
    {
      key: 'source',
      header: t('affiliates.admin.source'),
      cell: (r) => (
        <span className="flex flex-col">
          <span>{t(`affiliates.types.${r.conversion_type}`)}</span>
          <span className="font-mono text-xs text-fg-muted">{r.source_id}</span>
        </span>
      ),
      csv: (r) => `${r.conversion_type}:${r.source_id}`,
    },
    { key: 'gross', header: t('affiliates.admin.gross'), cell: (r) => money(r.amount_gross_cents), csv: (r) => String(r.amount_gross_cents), className: 'text-right' },
    { key: 'commission', header: t('affiliates.admin.commission'), cell: (r) => money(r.commission_cents), csv: (r) => String(r.commission_cents), className: 'text-right' },
    { key: 'status', header: t('affiliates.admin.status'), cell: (r) => t(`affiliates.statuses.${r.status}`), csv: (r) => r.status },
    {
      key: 'actions',
      header: t('affiliates.admin.actions'),
      cell: (r) => (
        <span className="flex flex-wrap gap-2">
          {r.status === 'pending' ? (
            <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ id: r.id, approve: true }, { onSuccess: () => toast({ title: t('affiliates.admin.approved'), variant: 'success' }) })} aria-label={t('affiliates.admin.approveOf', { source: r.source_id })}>
              {t('affiliates.admin.approve')}
            </Button>
          ) : null}
          {r.status === 'approved' ? (
            <Button size="sm" disabled={payout.isPending} onClick={() => payout.mutate([r.id], { onSuccess: () => toast({ title: t('affiliates.admin.paid'), variant: 'success' }) })} aria-label={t('affiliates.admin.payOf', { source: r.source_id })}>
              {t('affiliates.admin.pay')}
            </Button>
          ) : null}
          {r.status === 'pending' || r.status === 'approved' ? (
            <Button size="sm" variant="danger" onClick={() => setRejecting(r)} aria-label={t('affiliates.admin.rejectOf', { source: r.source_id })}>
              {t('affiliates.admin.reject')}
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {(['pending', 'approved', 'paid', 'rejected'] as const).map((s) => (
          <div key={s} className="flex flex-col rounded-card border border-border bg-surface p-3">
            <dt className="text-sm text-fg-muted">{t(`affiliates.statuses.${s}`)}</dt>
            <dd className="text-lg font-semibold text-fg">{money(totals[s] ?? 0)}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect id={statusId} label={t('affiliates.admin.status')} value={status} options={STATUSES} text={(s) => s ? t(`affiliates.statuses.${s}`) : t('affiliates.admin.any')} onChange={(v) => set({ status: v })} />
        <Button
          variant="secondary"
          disabled={payout.isPending || !(totals.approved ?? 0)}
          onClick={() => payout.mutate([], { onSuccess: (b) => toast({ title: t('affiliates.admin.batchCreated', { count: b.count, total: money(b.total_cents) }), variant: 'success' }) })}
        >
          {t('affiliates.admin.payAll')}
        </Button>
      </div>
      {rejecting ? (
        <RejectPanel id={rejecting.id} decide={decide} onClose={() => setRejecting(null)}>
          {rejecting.affiliate_email} · {rejecting.source_id} · {money(rejecting.commission_cents)}
        </RejectPanel>
      ) : null}
      <QueryTable
        query={page}
        rowsOf={(d) => d.items}
        error={t('admin.error')}
        caption={t('affiliates.admin.tabs.commissions')}
        columns={columns}
        rowKey={(r) => r.id}
        params={table}
        onParams={set}
        csvName="commissions.csv"
      />
    </>
  );
}

function Applications() {
  const { t, i18n } = useTranslation();
  const apps = useQuery(affiliateAppsQuery());
  const decide = useDecideAffiliate();
  const [rejecting, setRejecting] = useState<AffiliateApplicationRow | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const rows = apps.data?.applications ?? [];
  if (apps.isPending) return <p className="text-fg-muted">{t('affiliates.admin.loading')}</p>;
  return (
    <>
      {rejecting ? (
        <RejectPanel id={rejecting.id} decide={decide} onClose={() => setRejecting(null)}>
          {rejecting.email}
        </RejectPanel>
      ) : null}
      {rows.length === 0 ? <p className="text-fg-muted">{t('affiliates.admin.noApplications')}</p> : null}
      <ul className="flex flex-col gap-3">
        {rows.map((a) => (
          <li key={a.id} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-fg">{a.email}</span>
              <span className="text-sm text-fg-muted">
                {t(`affiliates.landing.status.${a.status}`)} · {date.format(new Date(a.created_at))}
              </span>
            </div>
            <p className="text-sm text-fg">{a.promotion}</p>
            {a.audience ? <p className="text-sm text-fg-muted">{t('affiliates.admin.audience', { audience: a.audience })}</p> : null}
            {a.website ? <p className="text-sm text-fg-muted">{a.website}</p> : null}
            {a.status === 'pending' ? (
              <div className="flex gap-2">
                <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ id: a.id, approve: true })} aria-label={t('affiliates.admin.approveApp', { email: a.email })}>
                  {t('affiliates.admin.approve')}
                </Button>
                <Button size="sm" variant="danger" onClick={() => setRejecting(a)} aria-label={t('affiliates.admin.rejectApp', { email: a.email })}>
                  {t('affiliates.admin.reject')}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function Payouts() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const batches = useQuery(payoutsQuery());
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const rows = batches.data?.batches ?? [];
  if (batches.isPending) return <p className="text-fg-muted">{t('affiliates.admin.loading')}</p>;
  if (rows.length === 0) return <p className="text-fg-muted">{t('affiliates.admin.noBatches')}</p>;
  return (
    <div className="overflow-x-auto rounded-card border border-border bg-surface" role="region" aria-label={t('affiliates.admin.tabs.payouts')} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('affiliates.admin.tabs.payouts')}</caption>
        <thead className="bg-surface-sunken">
          <HeaderRow
            cellClassName="px-3 py-2"
            columns={[
              { label: t('affiliates.admin.date') },
              { label: t('affiliates.admin.count'), className: 'text-right' },
              { label: t('affiliates.admin.total'), className: 'text-right' },
              { label: t('affiliates.admin.export') },
            ]}
          />
        </thead>
        <tbody>
          {rows.map((b) => (
            <tr key={b.id} className="border-t border-border">
              <td className="px-3 py-2">{date.format(new Date(b.created_at))}</td>
              <td className="px-3 py-2 text-right">{b.count}</td>
              <td className="px-3 py-2 text-right">{money(b.total_cents)}</td>
              <td className="px-3 py-2">
                <a className="font-medium text-primary underline" href={payoutCsvHref(b.id)} download>
                  {t('affiliates.admin.downloadCsv')}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The decision mutation of a commission or an application (approve, or reject with a reason). */
type Decide = {
  isPending: boolean;
  error: unknown;
  mutate: (decision: { id: string; approve: boolean; reason: string }, options: { onSuccess: () => void }) => void;
};

/** The reject box of a commission or an application (id): what is rejected (children), then the required reason; it closes once the server agrees. */
function RejectPanel({ id, decide, onClose, children }: { id: string; decide: Decide; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('affiliates.admin.reject')} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <p className="text-sm">{children}</p>
      <ReasonForm
        label={t('affiliates.admin.rejectLabel')}
        submit={t('affiliates.admin.reject')}
        tone="danger"
        pending={decide.isPending}
        error={decide.error}
        onSubmit={(reason) => decide.mutate({ id, approve: false, reason }, { onSuccess: onClose })}
        onCancel={onClose}
      />
    </section>
  );
}
