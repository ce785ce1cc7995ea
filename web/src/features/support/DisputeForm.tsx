import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainInput, PlainSelect, PlainTextArea } from '../../components/form/PlainField';
import { buttonClass } from '../../components/ui/button';
import { ApiError } from '../../lib/api/client';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useFormFields } from './useFormFields';
import { disputableOrdersQuery, useOpenDispute, type Order } from './api';
import { TicketList } from './TicketList';

export const DISPUTE_REASONS = ['not_delivered', 'not_as_described', 'poor_quality', 'billing_error', 'unauthorized', 'other'] as const;
const WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Paid orders paid within the last 30 days (the server decides again with its own clock). */
export function disputableOrders(orders: readonly Order[], now: number): Order[] {
  return orders.filter((o) => o.status === 'paid' && o.paid_at && now - new Date(o.paid_at).getTime() <= WINDOW_MS);
}

interface Form {
  order_id: string;
  reason: string;
  details: string;
  evidence: string;
}
type Errors = Partial<Record<keyof Form, string>>;

/**
 * Open a dispute (issue 32 item 9): one of the member's own paid orders within 30 days of
 * payment, a reason, details and optional evidence as text or links. The member follows its
 * status below.
 */
export function DisputeForm() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  const orders = useQuery(disputableOrdersQuery(signedIn));
  const send = useOpenDispute();
  const { form, setForm, errors, setErrors, set, showServerErrors } = useFormFields<Form>({ order_id: '', reason: '', details: '', evidence: '' });
  const [now] = useState(() => Date.now());

  if (viewer.status === 'loading') return <div aria-hidden className="h-64 animate-pulse rounded-card bg-surface-sunken" />;
  if (!signedIn) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-card border border-border bg-surface p-4">
        <p className="text-fg">{t('support.dispute.signIn')}</p>
        <Link className={buttonClass('primary', 'md')} to="/auth?redirect=%2Fdispute-resolution%23open-dispute">
          {t('support.dispute.signInButton')}
        </Link>
      </div>
    );
  }

  const choices = disputableOrders(orders.data?.orders ?? [], now);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (send.isPending) return;
    const next: Errors = {};
    if (!form.order_id) next.order_id = t('support.dispute.errors.order');
    if (!form.reason) next.reason = t('support.dispute.errors.reason');
    if (!form.details.trim()) next.details = t('support.dispute.errors.details');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    send.mutate(
      { order_id: form.order_id, reason: form.reason, details: form.details.trim(), evidence: form.evidence.trim() || undefined },
      {
        onSuccess: () => setForm({ order_id: '', reason: '', details: '', evidence: '' }),
        onError: (err) => {
          showServerErrors(err, (f) => t(`support.dispute.serverErrors.${f.key.replace(/^support\.dispute\./, '')}`, { defaultValue: f.message }));
          toast({ title: t('support.dispute.failedTitle'), description: err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : t('support.contact.failedBody'), variant: 'error' });
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {send.isSuccess ? (
        <div role="status" className="flex flex-col items-start gap-2 rounded-card border border-savings bg-savings-soft p-4 text-fg">
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden className="size-5 text-savings" />
            {t('support.dispute.sentTitle')}
          </p>
          <p className="text-sm">{t('support.dispute.sentBody', { number: send.data.order_number })}</p>
        </div>
      ) : null}
      {orders.isPending ? (
        <div aria-hidden className="h-64 animate-pulse rounded-card bg-surface-sunken" />
      ) : choices.length === 0 ? (
        <p className="rounded-card border border-border bg-surface p-4 text-fg-muted">
          {t('support.dispute.noOrders')}{' '}
          <Link className="text-primary underline" to="/orders">
            {t('support.dispute.viewOrders')}
          </Link>
        </p>
      ) : (
        <form noValidate onSubmit={submit} aria-busy={send.isPending} className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-6">
          <PlainSelect label={t('support.dispute.order')} required value={form.order_id} onChange={set('order_id')} error={errors.order_id}>
            <option value="">{t('support.dispute.chooseOrder')}</option>
            {choices.map((o) => (
              <option key={o.id} value={o.id}>
                {t('support.dispute.orderOption', { number: o.number, total: o.total.display, title: o.items?.[0]?.title ?? '' })}
              </option>
            ))}
          </PlainSelect>
          <PlainSelect label={t('support.dispute.reason')} required value={form.reason} onChange={set('reason')} error={errors.reason}>
            <option value="">{t('support.dispute.chooseReason')}</option>
            {DISPUTE_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`support.dispute.reasons.${r}`)}
              </option>
            ))}
          </PlainSelect>
          <PlainTextArea label={t('support.dispute.details')} required value={form.details} onChange={set('details')} error={errors.details} maxLength={5000} rows={5} />
          <PlainInput
            label={t('support.dispute.evidence')}
            hint={t('support.dispute.evidenceHint')}
            value={form.evidence}
            onChange={set('evidence')}
            error={errors.evidence}
            maxLength={2000}
          />
          <button type="submit" className={buttonClass('primary', 'md', 'self-start')} disabled={send.isPending}>
            {send.isPending ? t('support.dispute.sending') : t('support.dispute.submit')}
          </button>
        </form>
      )}
      <TicketList kind="dispute" heading={t('support.dispute.mine')} />
    </div>
  );
}
