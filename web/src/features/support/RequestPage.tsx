import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MessageForm } from '../../components/form/MessageForm';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { formatDateTime } from '../../lib/dates';
import { ticketQuery, useReplyToTicket } from './api';

/** /contact/requests/:id: one of the member's own requests with support's replies, and the member's answer. */
export default function RequestPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const q = useQuery(ticketQuery(id));
  const when = (s: string) => formatDateTime(s, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <p>
        <Link to="/contact" className="text-sm text-primary hover:underline">
          {t('support.request.back')}
        </Link>
      </p>
      {q.isPending ? (
        <div aria-hidden className="h-80 animate-pulse rounded-card bg-surface-sunken" />
      ) : q.isError ? (
        <p role="alert" className="text-danger">
          {t('support.request.failed')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void q.refetch()}>
            {t('support.tickets.retry')}
          </button>
        </p>
      ) : (
        <>
          <header className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 flex-1 break-words text-2xl font-semibold text-fg">{q.data.subject}</h1>
            <span className="rounded-full bg-surface-sunken px-2.5 py-1 text-xs font-semibold text-fg">{t(`support.tickets.status.${q.data.status}`)}</span>
          </header>
          <ol className="flex flex-col gap-3" aria-label={t('support.request.conversation')}>
            <li className="rounded-card border border-border bg-surface p-3">
              <p className="text-xs text-fg-muted">
                {t('support.request.you')} · {when(q.data.created_at)}
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-fg">{q.data.message}</p>
            </li>
            {(q.data.replies ?? []).map((r) => (
              <li key={r.id} data-testid={`request-reply-${r.author_role}`} className={cn('rounded-card border p-3', r.author_role === 'staff' ? 'border-primary-soft bg-primary-soft/40' : 'ml-6 border-border bg-surface')}>
                <p className="text-xs text-fg-muted">
                  {r.author_role === 'staff' ? t('support.request.support') : t('support.request.you')} · {when(r.created_at)}
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-fg">{r.message}</p>
              </li>
            ))}
          </ol>
          <MemberReply id={id} />
        </>
      )}
    </div>
  );
}

function MemberReply({ id }: { id: string }) {
  const { t } = useTranslation();
  const reply = useReplyToTicket(id);
  return (
    <MessageForm
      label={t('support.request.reply')}
      rows={4}
      className="flex flex-col gap-2"
      onSend={(message, sent) => reply.mutate({ message }, { onSuccess: sent })}
      error={reply.isError ? (reply.error.message === 'Write a message.' ? t('support.request.empty') : t('support.request.sendFailed')) : null}
      submit={() => (
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending ? t('support.request.sending') : t('support.request.send')}
        </Button>
      )}
    />
  );
}
