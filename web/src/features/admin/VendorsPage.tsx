import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { LabelledControl } from '../../components/form/LabelledControl';
import { useTableParams, type Column } from '../../components/table/DataTable';
import { QueryTable } from '../../components/table/QueryTable';
import { FilterSearch, FilterSelect } from '../../components/table/TableFilters';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import {
  applicationsQuery,
  useApproveApplication,
  useRejectApplication,
  useRequestChanges,
  vendorsQuery,
  type Application,
  type ApplicationStatus,
  type VendorRow,
} from './api/vendors';
import { AdminTabsPage } from './AdminTabs';
import { ReasonForm } from './ReasonForm';

const TABS = ['queue', 'list'] as const;
const APP_STATUSES: ApplicationStatus[] = ['pending', 'rejected', 'approved'];
const VENDOR_STATUSES = ['', 'approved', 'pending', 'suspended', 'inactive'] as const;

/** /admin/vendors: the approval queue of vendor applications and the vendor list (issue 31 item 3). */
export default function VendorsPage() {
  const { t } = useTranslation();
  return (
    <AdminTabsPage
      title={t('admin.vendors.title')}
      tabs={TABS}
      tabsKey="admin.vendors.tabs"
      panel={(tab) => (tab === 'queue' ? <Queue /> : <VendorList />)}
    />
  );
}

function Queue() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('app_status');
  const status: ApplicationStatus = raw === 'rejected' || raw === 'approved' ? raw : 'pending';
  const apps = useQuery(applicationsQuery(status));
  const selectId = useId();
  const list = apps.data?.applications ?? [];
  return (
    <>
      <LabelledControl id={selectId} label={t('admin.vendors.queue.show')} className="flex flex-col gap-1.5 self-start">
        <select
          id={selectId}
          value={status}
          onChange={(e) => setParams({ app_status: e.target.value })}
          className={cn(inputClass, 'border-border-strong')}
        >
          {APP_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.vendors.queue.status.${s}`)}
            </option>
          ))}
        </select>
      </LabelledControl>
      {apps.isError ? <p role="alert" className="text-danger">{t('admin.error')}</p> : null}
      {apps.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-40 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-fg-muted">{t(`admin.vendors.queue.empty.${status}`)}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('admin.vendors.queue.label')}>
          {list.map((a) => (
            <ApplicationCard key={a.id} app={a} />
          ))}
        </ul>
      )}
    </>
  );
}

function ApplicationCard({ app }: { app: Application }) {
  const { t, i18n } = useTranslation();
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const changes = useRequestChanges();
  const [open, setOpen] = useState<'' | 'reject' | 'changes'>('');
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const pending = app.status === 'pending';
  const approveError = approve.error instanceof ApiError ? approve.error.message : approve.error ? t('admin.error') : '';
  return (
    <li className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4" aria-label={app.company_name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-fg">{app.company_name}</h2>
        <span className="text-sm text-fg-muted">{time.format(new Date(app.created_at))}</span>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <dt className="text-fg-muted">{t('admin.vendors.queue.contact')}</dt>
        <dd>
          {app.contact_name} · {app.contact_email} · {app.contact_phone}
        </dd>
        <dt className="text-fg-muted">{t('admin.vendors.queue.type')}</dt>
        <dd>
          {t(`admin.vendors.queue.registration.${app.type}`)} · <code className="text-xs">{app.business_type}</code>
          {app.settlement_provider ? ` · ${t('admin.vendors.respa.ssp')}` : ''}
        </dd>
        <dt className="text-fg-muted">{t('admin.vendors.queue.states')}</dt>
        <dd>{(app.service_states ?? []).join(', ')}</dd>
        <dt className="text-fg-muted">{t('admin.vendors.queue.licence')}</dt>
        <dd>{[app.license_number, app.nmls_id && `NMLS ${app.nmls_id}`].filter(Boolean).join(' · ') || '—'}</dd>
        <dt className="text-fg-muted">{t('admin.vendors.queue.email')}</dt>
        <dd>{app.email_verified_at ? t('admin.vendors.queue.verified') : t('admin.vendors.queue.unverified')}</dd>
        {app.website_url ? (
          <>
            <dt className="text-fg-muted">{t('admin.vendors.queue.website')}</dt>
            <dd className="break-all">{app.website_url}</dd>
          </>
        ) : null}
      </dl>
      {app.status === 'rejected' ? (
        <p className="rounded-control bg-surface-sunken p-3 text-sm">
          <span className="font-medium">{t('admin.vendors.queue.rejectReason')}</span> {app.reason}
        </p>
      ) : null}
      {pending && app.changes_requested_at ? (
        <p className="rounded-control bg-surface-sunken p-3 text-sm">
          <span className="font-medium">{t('admin.vendors.queue.changesAsked', { at: time.format(new Date(app.changes_requested_at)) })}</span>{' '}
          {app.changes_message}
        </p>
      ) : null}
      {app.status === 'approved' && app.vendor_id ? (
        <Link to={`/admin/vendors/${app.vendor_id}`} className="text-sm text-primary hover:underline">
          {t('admin.vendors.queue.openVendor')}
        </Link>
      ) : null}
      {pending && open === '' ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => approve.mutate(app.id)} disabled={approve.isPending || !app.email_verified_at}>
            {t('admin.vendors.queue.approve')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen('changes')}>
            {t('admin.vendors.queue.requestChanges')}
          </Button>
          <Button variant="danger" onClick={() => setOpen('reject')}>
            {t('admin.vendors.queue.reject')}
          </Button>
        </div>
      ) : null}
      {pending && !app.email_verified_at ? <p className="text-sm text-fg-muted">{t('admin.vendors.queue.verifyFirst')}</p> : null}
      {approveError ? <p role="alert" className="text-sm text-danger">{approveError}</p> : null}
      {open === 'reject' ? (
        <ReasonForm
          label={t('admin.vendors.queue.rejectLabel')}
          submit={t('admin.vendors.queue.reject')}
          tone="danger"
          pending={reject.isPending}
          error={reject.error}
          onSubmit={(reason) => reject.mutate({ id: app.id, reason }, { onSuccess: () => setOpen('') })}
          onCancel={() => setOpen('')}
        />
      ) : null}
      {open === 'changes' ? (
        <ReasonForm
          label={t('admin.vendors.queue.changesLabel')}
          submit={t('admin.vendors.queue.sendChanges')}
          pending={changes.isPending}
          error={changes.error}
          onSubmit={(message) => changes.mutate({ id: app.id, message }, { onSuccess: () => setOpen('') })}
          onCancel={() => setOpen('')}
        />
      ) : null}
    </li>
  );
}

function VendorList() {
  const { t, i18n } = useTranslation();
  const { table, filter, set } = useTableParams({ sort: 'name', dir: 'asc' });
  const q = filter('q');
  const status = filter('status');
  const vendors = useQuery(vendorsQuery(table, q, status));
  const [draft, setDraft] = useState(q);
  const searchId = useId();
  const statusId = useId();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const columns: Column<VendorRow>[] = [
    {
      key: 'name',
      header: t('admin.vendors.list.name'),
      sort: 'name',
      cell: (v) => (
        <Link to={`/admin/vendors/${v.id}`} className="text-primary hover:underline">
          {v.name}
        </Link>
      ),
      csv: (v) => v.name,
    },
    { key: 'type', header: t('admin.vendors.list.type'), cell: (v) => v.vendor_type || '—', csv: (v) => v.vendor_type },
    { key: 'respa', header: t('admin.vendors.list.respa'), cell: (v) => t(`admin.vendors.respa.${v.respa_kind}`), csv: (v) => v.respa_kind },
    { key: 'status', header: t('admin.vendors.list.status'), cell: (v) => <StatusBadge status={v.status} />, csv: (v) => v.status },
    {
      key: 'services',
      header: t('admin.vendors.list.services'),
      sort: 'services',
      cell: (v) => t('admin.vendors.list.servicesCount', { active: v.active_services, total: v.services }),
      csv: (v) => String(v.services),
      className: 'tabular-nums',
    },
    { key: 'owner', header: t('admin.vendors.list.owner'), cell: (v) => v.owner_email || '—', csv: (v) => v.owner_email },
    { key: 'created', header: t('admin.vendors.list.created'), sort: 'created_at', cell: (v) => date.format(new Date(v.created_at)), csv: (v) => v.created_at },
  ];
  function onSearch(e: FormEvent) {
    e.preventDefault();
    set({ q: draft.trim() });
  }
  return (
    <>
      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-3" role="search">
        <FilterSearch id={searchId} label={t('admin.vendors.list.search')} value={draft} onChange={setDraft} />
        <FilterSelect id={statusId} label={t('admin.vendors.list.statusFilter')} value={status} options={VENDOR_STATUSES} text={(s) => s ? t(`admin.vendors.status.${s}`) : t('admin.vendors.list.anyStatus')} onChange={(v) => set({ status: v })} />
        <Button type="submit">{t('admin.users.apply')}</Button>
      </form>
      <QueryTable
        query={vendors}
        rowsOf={(d) => d.vendors}
        error={t('admin.error')}
        caption={t('admin.vendors.tabs.list')}
        columns={columns}
        rowKey={(v) => v.id}
        params={table}
        onParams={set}
        csvName="vendors.csv"
      />
    </>
  );
}

/** A vendor's status as a word with its colour (never colour alone). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = ['approved', 'auto_approved', 'pending', 'suspended', 'inactive', 'rejected'].includes(status);
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
        status === 'suspended' ? 'bg-danger-soft text-danger-strong' : status === 'pending' ? 'bg-warning-soft text-warning-strong' : 'bg-surface-sunken text-fg',
      )}
    >
      {known ? t(`admin.vendors.status.${status}`) : status}
    </span>
  );
}
