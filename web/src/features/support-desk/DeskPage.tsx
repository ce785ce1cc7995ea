import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { DataTable, useTableParams, type Column } from '../../components/table/DataTable';
import { FilterField, FilterSearch, FilterSelect } from '../../components/table/TableFilters';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { formatDateTime } from '../../lib/dates';
import { queueQuery, type AssigneeFilter, type DeskTicket, type TicketStatus } from './api/queries';
import { CannedAnswers } from './CannedAnswers';
import { ConciergeFeedback } from './ConciergeFeedback';
import { DeskShell } from './DeskShell';
import { SlaBadge } from './SlaBadge';

const STATUSES: TicketStatus[] = ['open', 'pending', 'solved'];
const ASSIGNEES: AssigneeFilter[] = ['all', 'mine', 'unassigned'];

/** /support: the support desk. ?tab= picks the queue (default), the canned answers or the concierge feedback. */
export default function DeskPage() {
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const tab = params.get('tab');
  if (tab === 'canned') {
    return (
      <DeskShell tab="canned" title={t('desk.title')}>
        <CannedAnswers />
      </DeskShell>
    );
  }
  if (tab === 'feedback') {
    return (
      <DeskShell tab="feedback" title={t('desk.title')}>
        <ConciergeFeedback />
      </DeskShell>
    );
  }
  return (
    <DeskShell tab="queue" title={t('desk.title')}>
      <Queue />
    </DeskShell>
  );
}

function isStatus(s: string): s is TicketStatus {
  return (STATUSES as string[]).includes(s);
}

/** The queue: status (open by default), assignee and search filters, all kept in the URL; paged on the server. */
export function Queue() {
  const { t, i18n } = useTranslation();
  const { table, filter, set } = useTableParams({ sort: 'waiting', dir: 'asc', pageSize: 25 });
  const rawStatus = filter('status') || 'open';
  const status = rawStatus === 'any' ? undefined : isStatus(rawStatus) ? rawStatus : 'open';
  const rawAssignee = filter('assignee');
  const assignee: AssigneeFilter = (ASSIGNEES as string[]).includes(rawAssignee) ? (rawAssignee as AssigneeFilter) : 'all';
  const q = filter('q');
  const tickets = useQuery(queueQuery({ page: table.page, page_size: table.pageSize, status, assignee, q: q || undefined }));
  const [draft, setDraft] = useState(q);
  const ids = { search: useId(), status: useId(), assignee: useId() };

  const columns: Column<DeskTicket>[] = [
    {
      key: 'subject',
      header: t('desk.queue.subject'),
      cell: (x) => (
        <Link to={`/support/tickets/${x.id}`} className="font-medium text-primary hover:underline">
          {x.kind === 'dispute' ? t('desk.queue.dispute', { number: x.order_number, subject: x.subject }) : x.subject}
        </Link>
      ),
      csv: (x) => x.subject,
    },
    { key: 'requester', header: t('desk.queue.requester'), cell: (x) => x.requester_name || x.email, csv: (x) => x.email },
    { key: 'status', header: t('desk.queue.status'), cell: (x) => t(`desk.status.${x.status}`), csv: (x) => x.status },
    { key: 'assignee', header: t('desk.queue.assignee'), cell: (x) => x.assignee_name || t('desk.queue.unassigned'), csv: (x) => x.assignee_name },
    { key: 'sla', header: t('desk.queue.sla'), cell: (x) => <SlaBadge sla={x.sla} />, csv: (x) => x.sla.state },
    {
      key: 'last',
      header: t('desk.queue.lastCustomer'),
      cell: (x) => formatDateTime(x.last_customer_at, i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
      csv: (x) => x.last_customer_at,
    },
  ];

  function onSearch(e: FormEvent) {
    e.preventDefault();
    set({ q: draft.trim() });
  }

  return (
    <>
      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-3" role="search">
        <FilterSearch id={ids.search} label={t('desk.queue.search')} value={draft} onChange={setDraft} />
        <FilterField id={ids.status} label={t('desk.queue.status')}>
          <select id={ids.status} value={status ?? 'any'} onChange={(e) => set({ status: e.target.value === 'open' ? undefined : e.target.value })} className={cn(inputClass, 'border-border-strong')}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`desk.status.${s}`)}
              </option>
            ))}
            <option value="any">{t('desk.queue.anyStatus')}</option>
          </select>
        </FilterField>
        <FilterSelect id={ids.assignee} label={t('desk.queue.assignee')} value={assignee} options={ASSIGNEES} text={(a) => t(`desk.assignee.${a}`)} onChange={(v) => set({ assignee: v === 'all' ? undefined : v })} />
        <Button type="submit">{t('desk.queue.apply')}</Button>
      </form>
      {tickets.isError ? (
        <p role="alert" className="text-danger">
          {t('desk.error')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void tickets.refetch()}>
            {t('desk.retry')}
          </button>
        </p>
      ) : null}
      <DataTable
        caption={t('desk.queue.caption')}
        columns={columns}
        rows={tickets.data ? (tickets.data.tickets ?? []) : undefined}
        rowKey={(x) => x.id}
        total={tickets.data?.total}
        params={table}
        onParams={set}
        csvName="tickets.csv"
        loading={tickets.isPending}
      />
    </>
  );
}
