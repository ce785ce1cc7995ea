import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { MessageForm } from '../../components/form/MessageForm';
import { FilterSelect } from '../../components/table/TableFilters';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { formatDateTime } from '../../lib/dates';
import { cannedQuery, deskTicketQuery, staffQuery, type DeskView, type TicketStatus } from './api/queries';
import { useAddNote, useReply, useUpdateTicket } from './api/mutations';
import { errorText } from './CannedAnswers';
import { DeskShell } from './DeskShell';
import { SlaBadge } from './SlaBadge';

const STATUSES: TicketStatus[] = ['open', 'pending', 'solved'];

/** /support/tickets/:id: the conversation, the reply (with canned answers) and internal notes, assignment and status. */
export default function TicketPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const ticket = useQuery(deskTicketQuery(id));
  return (
    <DeskShell tab="queue" title={t('desk.ticket.title')}>
      <p>
        <Link to="/support" className="text-sm text-primary hover:underline">
          {t('desk.ticket.back')}
        </Link>
      </p>
      {ticket.isPending ? (
        <div aria-hidden className="grid gap-4 md:grid-cols-[1fr_18rem]">
          <div className="h-96 animate-pulse rounded-card bg-surface-sunken" />
          <div className="h-64 animate-pulse rounded-card bg-surface-sunken" />
        </div>
      ) : ticket.isError ? (
        <p role="alert" className="text-danger">
          {t('desk.ticket.failed')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void ticket.refetch()}>
            {t('desk.retry')}
          </button>
        </p>
      ) : (
        <Ticket v={ticket.data} />
      )}
    </DeskShell>
  );
}

function Ticket({ v }: { v: DeskView }) {
  const { t, i18n } = useTranslation();
  const when = (s: string) => formatDateTime(s, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <header className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 flex-1 break-words text-xl font-semibold text-fg">{v.subject}</h2>
          <SlaBadge sla={v.sla} />
        </header>
        <ol className="flex flex-col gap-3" aria-label={t('desk.ticket.conversation')}>
          <li className="rounded-card border border-border bg-surface p-3">
            <p className="text-xs text-fg-muted">
              {v.requester_name || v.email} · {when(v.created_at)}
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-fg">{v.message}</p>
            {v.kind === 'dispute' ? (
              <p className="mt-2 text-sm text-fg-muted">
                {t('desk.ticket.disputeOn', { number: v.order_number })}
                {v.evidence ? ` · ${v.evidence}` : ''}
              </p>
            ) : null}
          </li>
          {(v.replies ?? []).map((r) => (
            <li key={r.id} className={cn('rounded-card border p-3', r.author_role === 'staff' ? 'ml-6 border-primary-soft bg-primary-soft/40' : 'border-border bg-surface')}>
              <p className="text-xs text-fg-muted">
                {r.author_role === 'staff' ? t('desk.ticket.staffReply', { name: r.author_name }) : r.author_name || v.email} · {when(r.created_at)}
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-fg">{r.message}</p>
            </li>
          ))}
        </ol>
        <ReplyForm v={v} />
        <section aria-labelledby="notes-title" className="flex flex-col gap-2 rounded-card border border-warning-soft bg-warning-soft/40 p-3">
          <h3 id="notes-title" className="font-semibold text-fg">
            {t('desk.notes.title')}
          </h3>
          <p className="text-xs text-fg-muted">{t('desk.notes.hint')}</p>
          {(v.notes ?? []).length === 0 ? <p className="text-sm text-fg-muted">{t('desk.notes.empty')}</p> : null}
          <ul className="flex flex-col gap-2">
            {(v.notes ?? []).map((n) => (
              <li key={n.id} className="text-sm">
                <p className="text-xs text-fg-muted">
                  {n.author_name} · {when(n.created_at)}
                </p>
                <p className="whitespace-pre-line break-words text-fg">{n.message}</p>
              </li>
            ))}
          </ul>
          <NoteForm id={v.id} />
        </section>
      </div>
      <aside className="flex flex-col gap-4">
        <Details v={v} />
      </aside>
    </div>
  );
}

function ReplyForm({ v }: { v: DeskView }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<TicketStatus>('pending');
  const reply = useReply(v.id);
  const canned = useQuery(cannedQuery());
  const ids = { message: useId(), status: useId(), canned: useId() };
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    reply.mutate({ message, status }, { onSuccess: () => setMessage('') });
  }
  function insert(id: string) {
    const a = canned.data?.answers?.find((x) => x.id === id);
    if (a) setMessage((m) => (m.trim() ? `${m.trimEnd()}\n\n${a.body}` : a.body));
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-3" aria-labelledby="reply-title">
      <h3 id="reply-title" className="font-semibold text-fg">
        {t('desk.reply.title')}
      </h3>
      <p className="text-xs text-fg-muted">{t('desk.reply.hint', { email: v.email })}</p>
      <label htmlFor={ids.canned} className="text-sm font-medium text-fg">
        {t('desk.reply.insertCanned')}
      </label>
      <select id={ids.canned} value="" onChange={(e) => insert(e.target.value)} className={cn(inputClass, 'border-border-strong')}>
        <option value="">{t('desk.reply.chooseCanned')}</option>
        {(canned.data?.answers ?? []).map((a) => (
          <option key={a.id} value={a.id}>
            {a.title}
          </option>
        ))}
      </select>
      <label htmlFor={ids.message} className="text-sm font-medium text-fg">
        {t('desk.reply.message')}
      </label>
      <textarea id={ids.message} rows={6} value={message} onChange={(e) => setMessage(e.target.value)} className={cn(inputClass, 'h-auto border-border-strong py-2')} />
      <div className="flex flex-wrap items-end gap-2">
        <FilterSelect id={ids.status} label={t('desk.reply.statusAfter')} value={status} options={STATUSES} text={(s) => t(`desk.status.${s}`)} onChange={(v) => setStatus(v as TicketStatus)} />
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending ? t('desk.reply.sending') : t('desk.reply.send')}
        </Button>
      </div>
      {reply.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(reply.error, t)}
        </p>
      ) : null}
      {reply.isSuccess ? (
        <p role="status" className="text-sm text-savings-strong">
          {t('desk.reply.sent')}
        </p>
      ) : null}
    </form>
  );
}

function NoteForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const note = useAddNote(id);
  return (
    <MessageForm
      label={t('desk.notes.add')}
      rows={2}
      className="flex flex-col gap-1.5"
      onSend={(message, sent) => note.mutate({ message }, { onSuccess: sent })}
      error={note.isError ? errorText(note.error, t) : null}
      submit={() => (
        <Button type="submit" size="sm" variant="secondary" disabled={note.isPending}>
          {t('desk.notes.save')}
        </Button>
      )}
    />
  );
}

function Details({ v }: { v: DeskView }) {
  const { t, i18n } = useTranslation();
  const staff = useQuery(staffQuery());
  const update = useUpdateTicket(v.id);
  const ids = { status: useId(), assignee: useId() };
  return (
    <section aria-labelledby="details-title" className="flex flex-col gap-3 rounded-card border border-border bg-surface p-3">
      <h3 id="details-title" className="font-semibold text-fg">
        {t('desk.ticket.details')}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-fg-muted">{t('desk.ticket.requester')}</dt>
        <dd className="min-w-0 break-words text-fg">
          {v.requester_name ? `${v.requester_name} · ` : ''}
          {v.email}
        </dd>
        <dt className="text-fg-muted">{t('desk.ticket.kind')}</dt>
        <dd className="text-fg">{t(`desk.kinds.${v.kind}`)}</dd>
        <dt className="text-fg-muted">{t('desk.ticket.firstResponse')}</dt>
        <dd className="text-fg">{v.first_response_at ? formatDateTime(v.first_response_at, i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '—'}</dd>
      </dl>
      <label htmlFor={ids.status} className="text-sm font-medium text-fg">
        {t('desk.queue.status')}
      </label>
      <select
        id={ids.status}
        value={v.status}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ status: e.target.value as TicketStatus })}
        className={cn(inputClass, 'border-border-strong')}
      >
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`desk.status.${s}`)}
          </option>
        ))}
      </select>
      <label htmlFor={ids.assignee} className="text-sm font-medium text-fg">
        {t('desk.queue.assignee')}
      </label>
      <select
        id={ids.assignee}
        value={v.assignee_id}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ assignee_id: e.target.value })}
        className={cn(inputClass, 'border-border-strong')}
      >
        <option value="">{t('desk.queue.unassigned')}</option>
        {(staff.data?.staff ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {s.display_name || s.email}
          </option>
        ))}
      </select>
      {update.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(update.error, t)}
        </p>
      ) : null}
    </section>
  );
}
