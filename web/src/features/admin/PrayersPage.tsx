import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, useTableParams, type Column } from '../../components/table/DataTable';
import { FilterSelect } from '../../components/table/TableFilters';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button } from '../../components/ui/Button';
import { toast } from '../../lib/toast';
import { prayersQuery, useApprovePrayer, useRejectPrayer, type PrayerRow, type PrayerStatus } from './api/prayers';
import { AdminShell } from './AdminShell';

const STATUSES: PrayerStatus[] = ['pending', 'approved', 'rejected'];

/** /admin/prayers: shared prayer requests waiting for approval (ministry), approve or reject, audited. */
export default function PrayersPage() {
  const { t, i18n } = useTranslation();
  const { table, filter, set } = useTableParams({ sort: 'created_at', dir: 'asc' });
  const status = (STATUSES as string[]).includes(filter('status')) ? (filter('status') as PrayerStatus) : 'pending';
  const prayers = useQuery(prayersQuery(status));
  const approve = useApprovePrayer();
  const reject = useRejectPrayer();
  const statusId = useId();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const busy = approve.isPending || reject.isPending;
  const done = { onSuccess: () => toast({ title: t('admin.prayers.done'), variant: 'success' }), onError: () => toast({ title: t('admin.error'), variant: 'error' }) };

  const columns: Column<PrayerRow>[] = [
    { key: 'body', header: t('admin.prayers.body'), cell: (r) => <span className="line-clamp-4 max-w-md whitespace-pre-line">{r.body}</span>, csv: (r) => r.body },
    { key: 'topic', header: t('admin.prayers.topic'), cell: (r) => (r.topic ? t(`ministry.tags.${r.topic}`) : '—'), csv: (r) => r.topic },
    { key: 'status', header: t('admin.prayers.status'), cell: (r) => t(`ministry.status.${r.status}`), csv: (r) => r.status },
    { key: 'created', header: t('admin.prayers.created'), cell: (r) => date.format(new Date(r.created_at)), csv: (r) => r.created_at },
    {
      key: 'actions',
      header: t('admin.prayers.actions'),
      cell: (r) =>
        r.status === 'pending' ? (
          <span className="flex flex-wrap gap-2">
            <Button size="sm" disabled={busy} onClick={() => approve.mutate(r.id, done)} aria-label={t('admin.prayers.approveOf', { date: date.format(new Date(r.created_at)) })}>
              {t('admin.prayers.approve')}
            </Button>
            <Button size="sm" variant="danger" disabled={busy} onClick={() => reject.mutate(r.id, done)} aria-label={t('admin.prayers.rejectOf', { date: date.format(new Date(r.created_at)) })}>
              {t('admin.prayers.reject')}
            </Button>
          </span>
        ) : (
          '—'
        ),
    },
  ];

  const rows = prayers.data?.prayers ?? [];
  return (
    <AdminShell title={t('admin.prayers.title')}>
      <p className="text-fg-muted">{t('admin.prayers.intro')}</p>
      <FilterSelect id={statusId} label={t('admin.prayers.status')} value={status} options={STATUSES} text={(s) => t(`ministry.status.${s}`)} onChange={(v) => set({ status: v })} className="max-w-xs" />
      {prayers.isError ? <AlertLine>{t('admin.error')}</AlertLine> : null}
      <DataTable
        caption={t('admin.prayers.title')}
        columns={columns}
        rows={prayers.data ? rows : undefined}
        rowKey={(r) => r.id}
        total={prayers.data ? rows.length : undefined}
        params={table}
        onParams={set}
        csvName="prayers.csv"
        loading={prayers.isPending}
      />
    </AdminShell>
  );
}
