import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Crown, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderRow } from '../../components/table/HeaderRow';
import { Button, ButtonLink } from '../../components/ui/Button';
import { PageTitle } from '../../components/ui/PageHeader';
import { LoadFailed } from '../../components/ui/RetryAlert';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../components/ui/cn';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { formatCents, moneyText } from '../../lib/money';
import { billingQuery, longDate, refreshSubscription, useChangeSubscription, usePortalSession, type BillingView } from './api';
import { SubscriptionDialog } from './SubscriptionDialog';
import { renewalLine } from './renewal';

const RENEWAL_LABEL = { resumes: 'billing.resumesOn', ends: 'billing.endsOn', renews: 'billing.renewsOn' } as const;

const LIVE = new Set(['active', 'past_due', 'paused', 'incomplete']);

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-fg-muted">{label}</dt>
      <dd className="text-fg">{children}</dd>
    </>
  );
}

/** /billing: plan, seats, status, invoices, the customer portal and subscription management. */
export default function BillingPage() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  const queryClient = useQueryClient();
  const q = useQuery(billingQuery(signedIn));
  const [managing, setManaging] = useState(false);
  const portalSession = usePortalSession();
  const changeSubscription = useChangeSubscription();
  const [refreshing, setRefreshing] = useState(false);
  // The portal stays busy after success: the page is leaving for it.
  const busy = portalSession.isPending || portalSession.isSuccess ? 'portal' : changeSubscription.isPending || refreshing ? 'resume' : null;

  const portal = async () => {
    try {
      const r = await portalSession.mutateAsync();
      window.location.assign(r.url);
    } catch {
      toast({ title: t('billing.errorTitle'), description: t('billing.errors.portal'), variant: 'error' });
    }
  };

  const resume = async () => {
    setRefreshing(true);
    try {
      await changeSubscription.mutateAsync({ kind: 'resume' });
      toast({ title: t('billing.manage.doneTitle'), description: t('billing.manage.done.resume'), variant: 'success' });
      await refreshSubscription(queryClient);
    } catch {
      toast({ title: t('billing.errorTitle'), description: t('billing.errors.resume'), variant: 'error' });
    } finally {
      setRefreshing(false);
    }
  };

  const data: BillingView | undefined = q.data;
  const sub = (data?.subscription ?? null) as BillingView['subscription'] | null;
  const live = sub ? LIVE.has(sub.status) : false;
  const renewal = sub ? renewalLine(sub) : null;
  const guarantee = (data?.savings_guarantee ?? null) as BillingView['savings_guarantee'] | null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <PageTitle title={t('areas.billing.title')} intro={t('areas.billing.body')} />
      {viewer.status === 'loading' || q.isPending ? (
        <div aria-busy="true" aria-label={t('billing.loading')} className="h-48 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
      ) : q.isError || !data ? (
        <LoadFailed message={t('billing.loadError')} retryLabel={t('cart.retry')} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <section aria-labelledby="membership-heading" className="flex flex-col gap-4 rounded-card border border-border bg-surface p-6 shadow-card">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="membership-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
                <Crown aria-hidden="true" className="size-5 text-pro" />
                {t('billing.membership')}
              </h2>
              {sub ? (
                <span
                  data-testid="subscription-status"
                  className={cn(
                    'rounded-pill px-2 py-0.5 text-xs font-semibold',
                    sub.status === 'active' && !sub.cancel_at_period_end ? 'bg-savings-soft text-savings-strong' : 'bg-warning-soft text-warning-strong',
                  )}
                >
                  {sub.cancel_at_period_end && live ? t('billing.status.canceling') : t(`billing.status.${sub.status}`)}
                </span>
              ) : null}
            </div>
            {!sub ? (
              <div className="flex flex-col items-start gap-3">
                <p className="text-fg-muted">{t('billing.noMembership')}</p>
                <ButtonLink to="/pricing">{t('billing.seePlans')}</ButtonLink>
              </div>
            ) : (
              <>
                <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
                  <Row label={t('billing.plan')}>
                    {sub.plan_name} · {t(sub.interval === 'year' ? 'billing.pricing.yearly' : 'billing.pricing.monthly')}
                  </Row>
                  <Row label={t('billing.seats')}>
                    <span data-testid="subscription-seats">{sub.seats}</span>
                  </Row>
                  <Row label={t('billing.price')}>
                    <span className="tabular">
                      {t(sub.interval === 'year' ? 'billing.perYear' : 'billing.perMonth', { amount: moneyText(sub.amount) })}
                    </span>
                  </Row>
                  {sub.discount_active ? (
                    <Row label={t('billing.discount')}>
                      {t('billing.discountUntil', { percent: sub.discount_percent, date: longDate(sub.discount_ends_at, i18n.language) })}
                    </Row>
                  ) : null}
                  {renewal ? (
                    <Row label={t(RENEWAL_LABEL[renewal.kind])}>
                      {longDate(renewal.date, i18n.language)}
                      {renewal.charge ? ` · ${moneyText(renewal.charge)}` : ''}
                    </Row>
                  ) : null}
                </dl>
                <div className="flex flex-wrap gap-2">
                  {live && sub.status !== 'paused' && !sub.cancel_at_period_end ? (
                    <Button onClick={() => setManaging(true)}>{t('billing.manageSubscription')}</Button>
                  ) : null}
                  {live && (sub.status === 'paused' || sub.cancel_at_period_end) ? (
                    <Button onClick={() => void resume()} disabled={busy !== null}>
                      {busy === 'resume' ? t('cart.processing') : t('billing.resume')}
                    </Button>
                  ) : null}
                  {!live ? <ButtonLink to="/pricing">{t('billing.seePlans')}</ButtonLink> : null}
                  <Button variant="secondary" onClick={() => void portal()} disabled={busy !== null}>
                    <ExternalLink aria-hidden="true" className="size-4" />
                    {busy === 'portal' ? t('cart.processing') : t('billing.portal')}
                  </Button>
                </div>
              </>
            )}
            {data.test_mode ? <p className="text-xs text-fg-muted">{t('billing.testMode')}</p> : null}
          </section>

          {guarantee ? (
            <TitledSection id="guarantee-heading" title={t('billing.guarantee.title')} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-6">
              <p className="text-sm text-fg-muted">{t('billing.guarantee.body')}</p>
              <p className="text-sm text-fg">
                {guarantee.in_progress
                  ? t('billing.guarantee.inProgress', { date: longDate(guarantee.period_end, i18n.language) })
                  : guarantee.guarantee_met
                    ? t('billing.guarantee.met')
                    : t('billing.guarantee.credit', { amount: formatCents(guarantee.credit_cents, { language: i18n.language, currency: 'USD' }) })}
              </p>
            </TitledSection>
          ) : null}

          <TitledSection id="invoices-heading" title={t('billing.invoices')} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-6">
            {(data.invoices ?? []).length === 0 ? (
              <p className="text-sm text-fg-muted">{t('billing.noInvoices')}</p>
            ) : (
              <table className="w-full text-sm">
                <thead>
                  <HeaderRow
                    className="text-left text-fg-muted"
                    cellClassName="py-1 font-medium"
                    columns={[{ label: t('billing.invoiceDate') }, { label: t('billing.invoiceDescription') }, { label: t('billing.invoiceAmount'), className: 'text-right' }]}
                  />
                </thead>
                <tbody>
                  {(data.invoices ?? []).map((inv) => (
                    <tr key={inv.id} className="border-t border-border">
                      <td className="py-2">{longDate(inv.created_at, i18n.language)}</td>
                      <td className="py-2">
                        {inv.description}
                        {inv.status === 'failed' ? <span className="ml-2 text-danger-strong">{t('billing.invoiceFailed')}</span> : null}
                      </td>
                      <td className="py-2 text-right tabular">{formatCents(inv.amount_cents, { language: i18n.language, currency: inv.currency === 'CAD' ? 'CAD' : 'USD' })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </TitledSection>
        </>
      )}
      {managing && data ? <SubscriptionDialog billing={data} onClose={() => setManaging(false)} /> : null}
    </div>
  );
}
