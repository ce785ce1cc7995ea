import { useQuery } from '@tanstack/react-query';
import { Inbox, RefreshCw, ShieldX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../../components/form/LabelledControl';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { PageTitle } from '../../components/ui/PageHeader';
import { RouteSpinner } from '../../components/ui/Spinner';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import { useViewer } from '../../lib/session';
import { inputClass } from '../../components/form/Field';
import { adminStatusQuery } from './api/get-admin-status';
import { outboxQuery, type OutboxEmail } from './api/get-outbox';
import { linkify, localHref } from './linkify';

/** /admin/outbox: the built-in outbox, so mail can be read without SMTP (administrators only). */
export default function OutboxPage() {
  const viewer = useViewer();
  const status = useQuery(adminStatusQuery(viewer.profile?.user_id));
  const isAdmin = viewer.isAdmin || status.data?.is_admin === true;

  if (viewer.status === 'loading' || (viewer.status === 'signed-in' && !viewer.isAdmin && status.isPending)) {
    return <RouteSpinner />;
  }
  if (!isAdmin) return <NotAllowed />;
  return <OutboxList />;
}

function NotAllowed() {
  const { t } = useTranslation();
  return (
    <Notice
      tone="danger"
      icon={<ShieldX className="size-6" />}
      title={t('outbox.notAllowedTitle')}
      actions={<ButtonLink to="/">{t('outbox.home')}</ButtonLink>}
    >
      <p>{t('outbox.notAllowedBody')}</p>
    </Notice>
  );
}

function OutboxList() {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState('');
  const [to, setTo] = useState('');
  const q = useQuery(outboxQuery(to));
  const filterId = useId();
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  if (q.error instanceof ApiError && q.error.status === 403) return <NotAllowed />;

  function onFilter(e: FormEvent) {
    e.preventDefault();
    setTo(draft.trim().toLowerCase());
  }

  const emails = q.data?.emails ?? [];
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <PageTitle title={t('outbox.title')} intro={t('outbox.body')} className="flex flex-col gap-2" introClassName="text-base text-fg-muted" />
      <form onSubmit={onFilter} className="flex flex-wrap items-end gap-3" role="search">
        <LabelledControl id={filterId} label={t('outbox.filter')} className="flex min-w-64 flex-1 flex-col gap-1.5">
          <input
            id={filterId}
            type="email"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('outbox.filterPlaceholder')}
            className={cn(inputClass, 'border-border-strong')}
          />
        </LabelledControl>
        <Button type="submit">{t('outbox.apply')}</Button>
        {to ? (
          <Button
            variant="secondary"
            onClick={() => {
              setDraft('');
              setTo('');
            }}
          >
            {t('outbox.clear')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => void q.refetch()} disabled={q.isFetching}>
          <RefreshCw aria-hidden="true" className={cn('size-4', q.isFetching && 'motion-safe:animate-spin')} />
          {t('outbox.refresh')}
        </Button>
      </form>

      {q.isPending ? (
        <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-3">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="h-32 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
          ))}
        </div>
      ) : q.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-card border border-danger/40 bg-danger-soft p-4 text-danger-strong">
          <p>{t('outbox.loadFailed')}</p>
          <Button size="sm" variant="secondary" onClick={() => void q.refetch()}>
            {t('outbox.retry')}
          </Button>
        </div>
      ) : emails.length === 0 ? (
        <Notice headingLevel={2} icon={<Inbox className="size-6" />} title={t('outbox.empty')} placement="section">
          <p>{to ? t('outbox.emptyFiltered', { to }) : t('outbox.emptyBody')}</p>
        </Notice>
      ) : (
        <>
          <p className="text-sm text-fg-muted" aria-live="polite">
            {t('outbox.count', { n: emails.length })}
          </p>
          <ol className="flex flex-col gap-4" aria-label={t('outbox.title')}>
            {emails.map((m) => (
              <EmailCard key={m.id} email={m} when={fmt.format(new Date(m.created_at))} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

const STATUS_STYLE: Record<OutboxEmail['status'], string> = {
  stored: 'bg-primary-soft text-primary-strong',
  sent: 'bg-savings-soft text-savings-strong',
  failed: 'bg-danger-soft text-danger-strong',
};

function EmailCard({ email, when }: { email: OutboxEmail; when: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const origin = window.location.origin;
  return (
    <li>
      <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold text-fg">
            {email.subject}
          </h2>
          <span className={cn('rounded-pill px-2 py-0.5 text-xs font-semibold', STATUS_STYLE[email.status])}>
            {t(`outbox.status.${email.status}`)}
          </span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium text-fg-muted">{t('outbox.to')}</dt>
          <dd className="text-fg">{email.to}</dd>
          <dt className="font-medium text-fg-muted">{t('outbox.kind')}</dt>
          <dd className="text-fg">{email.kind}</dd>
          <dt className="font-medium text-fg-muted">{t('outbox.time')}</dt>
          <dd className="text-fg">
            <time dateTime={email.created_at}>{when}</time>
          </dd>
          <dt className="font-medium text-fg-muted">{t('outbox.transport')}</dt>
          <dd className="text-fg">{email.transport}</dd>
          {email.error ? (
            <>
              <dt className="font-medium text-danger">{t('outbox.error')}</dt>
              <dd className="text-danger">{email.error}</dd>
            </>
          ) : null}
        </dl>
        <div className="rounded-control bg-surface-muted p-3 font-mono text-sm break-words whitespace-pre-wrap text-fg">
          {linkify(email.text).map((part, i) =>
            part.href ? (
              <a key={i} href={localHref(part.href, origin)} className="text-primary underline">
                {part.text}
              </a>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </div>
      </article>
    </li>
  );
}
