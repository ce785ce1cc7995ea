import { useQuery } from '@tanstack/react-query';
import { Check, Copy, HandCoins, Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/ui/Button';
import { PageTitle } from '../../components/ui/PageHeader';
import { LoadFailed } from '../../components/ui/RetryAlert';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError } from '../../lib/api/client';
import { formatDateTime } from '../../lib/dates';
import { useViewer } from '../../lib/session';
import { amountText, sharesQuery, useCreateLink, type PartnerShare } from './api';

/** A share's link status as the list shows it: the newest link's, or none before the first. */
export type ShownStatus = 'none' | 'open' | 'processing' | 'paid' | 'expired' | 'revoked';

export function shownStatus(s: PartnerShare): ShownStatus {
  return s.link ? s.link.status : 'none';
}

/** Whether a new link can be made now (and whether it replaces one that works). */
export function linkAction(status: ShownStatus): 'create' | 'replace' | null {
  if (status === 'open') return 'replace';
  if (status === 'paid' || status === 'processing') return null;
  return 'create';
}

const BADGE: Record<ShownStatus, string> = {
  none: 'bg-surface-sunken text-fg-muted',
  open: 'bg-primary-soft text-primary-strong',
  processing: 'bg-warning-soft text-warning-strong',
  paid: 'bg-savings-soft text-savings-strong',
  expired: 'bg-surface-sunken text-fg-muted',
  revoked: 'bg-surface-sunken text-fg-muted',
};

/** The words of a refusal to make a link (partnerpay.already_paid, .being_paid, .not_approved, .no_share). */
function createErrorKey(err: unknown): string {
  if (err instanceof ApiError) {
    const key = err.fields[0]?.key ?? '';
    if (['partnerpay.already_paid', 'partnerpay.being_paid', 'partnerpay.not_approved', 'partnerpay.no_share'].includes(key)) {
      return `partnerPay.list.refused.${key.slice('partnerpay.'.length)}`;
    }
  }
  return 'partnerPay.list.createError';
}

function when(iso: string | null | undefined, language: string): string {
  return iso ? formatDateTime(iso, language, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

/** The link just made: its address, shown this once, with a copy button and a visible confirmation. */
function NewLink({ url, service }: { url: string; service: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }
  return (
    <div className="flex flex-col gap-2 rounded-control border border-primary/40 bg-primary-soft/40 p-3" data-testid="partner-new-link">
      <label htmlFor={id} className="text-sm font-semibold text-fg">
        {t('partnerPay.list.linkLabel', { service })}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="h-11 min-w-0 flex-1 rounded-control border border-border-strong bg-surface px-3 text-sm text-fg"
        />
        <Button variant="secondary" onClick={() => void copyLink()}>
          {copy === 'copied' ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {t('partnerPay.list.copy')}
        </Button>
      </div>
      <p role="status" className={cn('text-sm', copy === 'failed' ? 'text-danger-strong' : 'font-medium text-savings-strong')}>
        {copy === 'copied' ? t('partnerPay.list.copied') : copy === 'failed' ? t('partnerPay.list.copyFailed') : ''}
      </p>
      <p className="text-sm text-fg-muted">{t('partnerPay.list.shownOnce')}</p>
    </div>
  );
}

function ShareCard({ share, url, onMade }: { share: PartnerShare; url: string | undefined; onMade: (url: string) => void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateLink();
  const [confirming, setConfirming] = useState(false);
  const status = shownStatus(share);
  const action = linkAction(status);
  const amount = amountText(share.share_cents, 'USD', i18n.language);
  const titleId = `partner-share-${share.co_pay_request_id}`;
  const link = share.link;

  let detail = t('partnerPay.list.detail.none');
  if (link && status === 'open') detail = t('partnerPay.list.detail.open', { date: when(link.expires_at, i18n.language) });
  if (link && status === 'expired') detail = t('partnerPay.list.detail.expired', { date: when(link.expires_at, i18n.language) });
  if (link && status === 'paid') detail = t('partnerPay.list.detail.paid', { date: when(link.paid_at, i18n.language) });
  if (status === 'processing') detail = t('partnerPay.list.detail.processing');
  if (status === 'revoked') detail = t('partnerPay.list.detail.revoked');

  function make() {
    setConfirming(false);
    create.mutate(share.co_pay_request_id, { onSuccess: (r) => onMade(r.url) });
  }

  return (
    <article
      aria-labelledby={titleId}
      data-testid="partner-share"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-card"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold text-fg">
            {share.service_title}
          </h2>
          <p className="text-sm text-fg-muted">
            {share.role === 'vendor'
              ? t('partnerPay.list.forAgent', { agent: share.agent_name, vendor: share.vendor_name })
              : t('partnerPay.list.covers', { vendor: share.vendor_name, split: share.split_percent })}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className={cn('rounded-pill px-2 py-0.5 text-xs font-semibold', BADGE[status])} data-testid="partner-link-status">
            {t(`partnerPay.list.status.${status}`)}
          </span>
          <span className="text-lg font-bold tabular text-fg">{amount}</span>
        </div>
      </header>
      <p className="text-sm text-fg" data-testid="partner-link-detail">
        {detail}
        {link && status === 'paid' && link.card_last4 ? ` · ${t('partnerPay.card')} •••• ${link.card_last4}` : ''}
      </p>
      {url && status === 'open' ? <NewLink url={url} service={share.service_title} /> : null}
      {!url && status === 'open' ? <p className="text-sm text-fg-muted">{t('partnerPay.list.lostLink')}</p> : null}
      {create.isError ? (
        <p role="alert" className="text-sm text-danger-strong">
          {t(createErrorKey(create.error))}
        </p>
      ) : null}
      {action === 'replace' && confirming ? (
        <div className="flex flex-col gap-2 rounded-control bg-warning-soft p-3" role="group" aria-label={t('partnerPay.list.replaceConfirm')}>
          <p className="text-sm text-fg">{t('partnerPay.list.replaceConfirm')}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={make}>
              {t('partnerPay.list.replaceYes')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('partnerPay.list.replaceNo')}
            </Button>
          </div>
        </div>
      ) : action ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant={action === 'replace' ? 'secondary' : 'primary'}
            disabled={create.isPending}
            onClick={() => (action === 'replace' ? setConfirming(true) : make())}
          >
            {create.isPending ? <Spinner /> : <Link2 aria-hidden="true" className="size-4" />}
            {t(action === 'replace' ? 'partnerPay.list.replace' : 'partnerPay.list.create')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** /partner-payments: the caller's approved co-pay shares a partner can pay, each with its link. */
export default function PartnerPaymentsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const q = useQuery(sharesQuery(viewer.status === 'signed-in'));
  // The address of a link made on this visit, by co-pay request (the server keeps only its hash).
  const [made, setMade] = useState<Record<string, string>>({});
  const shares = q.data?.shares ?? [];
  const days = Math.round((q.data?.link_ttl_hours ?? 168) / 24);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <PageTitle title={t('areas.partnerPayments.title')} intro={t('partnerPay.list.intro', { days })} className="flex flex-col gap-2" />
      {viewer.status === 'loading' || q.isPending ? (
        <ul aria-busy="true" aria-label={t('partnerPay.list.loading')} className="flex flex-col gap-4">
          {[0, 1].map((i) => (
            <li key={i} className="h-44 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
          ))}
        </ul>
      ) : q.isError ? (
        <LoadFailed message={t('partnerPay.list.loadError')} retryLabel={t('partnerPay.list.retry')} onRetry={() => void q.refetch()} />
      ) : shares.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-card border border-border bg-surface p-6">
          <HandCoins aria-hidden="true" className="size-6 text-fg-muted" />
          <p className="text-fg">{t('partnerPay.list.empty')}</p>
          <ButtonLink to="/marketplace">{t('partnerPay.list.browse')}</ButtonLink>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {shares.map((s) => (
            <ShareCard
              key={s.co_pay_request_id}
              share={s}
              url={made[s.co_pay_request_id]}
              onMade={(url) => setMade((m) => ({ ...m, [s.co_pay_request_id]: url }))}
            />
          ))}
        </div>
      )}
    </div>
  );
}
