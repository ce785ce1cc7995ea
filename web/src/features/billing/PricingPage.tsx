import { useQuery } from '@tanstack/react-query';
import { Check, Crown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../../components/form/LabelledControl';
import { Button, ButtonLink } from '../../components/ui/Button';
import { LoadFailed } from '../../components/ui/RetryAlert';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import { formatCents } from '../../lib/money';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { planTotalCents, plansQuery, useSubscribe, type Interval } from './api';

const BENEFITS = ['proPrices', 'copay', 'points', 'guarantee'] as const;

/** /pricing: Circle Pro, $99/month for the primary seat and $49/month per extra seat (03§9). */
export default function PricingPage() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  const plans = useQuery(plansQuery(signedIn ? (viewer.profile?.user_id ?? 'user') : 'visitor'));
  const [interval, setBillingInterval] = useState<Interval>('month');
  const [seats, setSeats] = useState(1);
  const subscription = useSubscribe();
  // Stays set after success: the page is leaving for the payment page.
  const busy = subscription.isPending || subscription.isSuccess;
  const seatsId = useId();
  const plan = plans.data?.plans?.find((p) => p.interval === interval);
  const currency = plans.data?.currency ?? 'USD';
  const approx = currency === 'CAD';
  const maxSeats = plan?.max_seats ?? 100;
  const seatCount = Math.min(maxSeats, Math.max(1, seats || 1));

  const subscribe = async () => {
    if (busy) return;
    try {
      const r = await subscription.mutateAsync({ interval, seats: seatCount });
      toast({ title: t('checkout.redirecting') });
      window.location.assign(r.url);
    } catch (err) {
      const conflict = err instanceof ApiError && err.status === 409;
      toast({ title: t('billing.errorTitle'), description: conflict ? err.message : t('billing.errors.subscribe'), variant: 'error' });
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-10">
      <header className="flex flex-col gap-3 text-center">
        <p className="mx-auto inline-flex items-center gap-2 rounded-pill bg-pro-soft px-3 py-1 text-sm font-semibold text-pro-strong">
          <Crown aria-hidden="true" className="size-4" />
          {t('billing.pricing.badge')}
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-fg">{t('areas.pricing.title')}</h1>
        <p className="text-fg-muted">{t('areas.pricing.body')}</p>
        <p className="font-medium text-fg">{t('areas.pricing.body2')}</p>
      </header>

      <TitledSection
        id="plan-heading"
        title={t('billing.pricing.planName')}
        className="mx-auto flex w-full max-w-xl flex-col gap-5 rounded-card border border-pro bg-surface p-6 shadow-card"
        headingClassName="text-xl font-semibold text-fg"
      >
        <div role="radiogroup" aria-label={t('billing.pricing.interval')} className="flex gap-2">
          {(['month', 'year'] as const).map((iv) => (
            <button
              key={iv}
              type="button"
              role="radio"
              aria-checked={interval === iv}
              onClick={() => setBillingInterval(iv)}
              className={cn(
                'flex-1 rounded-control border px-3 py-2 text-sm font-medium',
                interval === iv ? 'border-primary bg-primary-soft text-primary-strong' : 'border-border text-fg',
              )}
            >
              {t(iv === 'month' ? 'billing.pricing.monthly' : 'billing.pricing.yearly')}
            </button>
          ))}
        </div>
        {plans.isPending ? (
          <div className="h-24 rounded-card bg-surface-sunken motion-safe:animate-pulse" aria-busy="true" />
        ) : plans.isError || !plan ? (
          <LoadFailed message={t('billing.pricing.loadError')} retryLabel={t('cart.retry')} onRetry={() => void plans.refetch()} className="flex flex-col items-start gap-2" />
        ) : (
          <>
            <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
              <dt className="text-fg-muted">{t('billing.pricing.primarySeat')}</dt>
              <dd className="tabular font-semibold text-fg" data-testid="primary-seat">
                {t(interval === 'month' ? 'billing.perMonth' : 'billing.perYear', { amount: formatCents(plan.primary_seat.cents, { language: i18n.language, currency, approximate: approx }) })}
              </dd>
              <dt className="text-fg-muted">{t('billing.pricing.extraSeat')}</dt>
              <dd className="tabular font-semibold text-fg" data-testid="extra-seat">
                {t(interval === 'month' ? 'billing.perMonth' : 'billing.perYear', { amount: formatCents(plan.extra_seat.cents, { language: i18n.language, currency, approximate: approx }) })}
              </dd>
            </dl>
            {interval === 'year' && plan.free_months > 0 ? (
              <p className="text-sm font-medium text-savings-strong">{t('billing.pricing.yearlySaving', { count: plan.free_months })}</p>
            ) : null}
            <LabelledControl id={seatsId} label={t('billing.pricing.seats')} className="flex items-center justify-between gap-3">
              <input
                id={seatsId}
                type="number"
                min={1}
                max={maxSeats}
                value={seats}
                onChange={(e) => setSeats(Number(e.target.value))}
                className="w-24 rounded-control border border-border-strong px-3 py-2 text-right tabular"
              />
            </LabelledControl>
            <p className="flex items-baseline justify-between border-t border-border pt-3">
              <span className="font-medium text-fg">{t('billing.pricing.total')}</span>
              <span className="text-2xl font-bold tabular text-fg" data-testid="plan-total">
                {t(interval === 'month' ? 'billing.perMonth' : 'billing.perYear', {
                  amount: formatCents(planTotalCents(plan, seatCount), { language: i18n.language, currency, approximate: approx }),
                })}
              </span>
            </p>
          </>
        )}
        {viewer.isPro ? (
          <div className="flex flex-col gap-2">
            <p className="font-medium text-pro-strong">{t('billing.pricing.alreadyPro')}</p>
            <ButtonLink to="/billing" variant="secondary">
              {t('billing.pricing.manage')}
            </ButtonLink>
          </div>
        ) : signedIn ? (
          <Button size="lg" onClick={() => void subscribe()} disabled={busy || !plan}>
            {busy ? t('cart.processing') : t('billing.pricing.subscribe')}
          </Button>
        ) : (
          <ButtonLink size="lg" to={`/auth?mode=signup&redirect=${encodeURIComponent('/pricing')}`}>
            {t('billing.pricing.signUp')}
          </ButtonLink>
        )}
        {plans.data?.test_mode ? <p className="text-center text-xs text-fg-muted">{t('billing.testMode')}</p> : null}
      </TitledSection>

      <TitledSection id="benefits-heading" title={t('billing.pricing.benefitsTitle')} className="mx-auto w-full max-w-xl" headingClassName="mb-3 text-lg font-semibold text-fg">
        <ul className="flex flex-col gap-2">
          {BENEFITS.map((b) => (
            <li key={b} className="flex gap-2 text-sm text-fg">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-savings-strong" />
              {t(`billing.pricing.benefits.${b}`)}
            </li>
          ))}
        </ul>
      </TitledSection>
    </div>
  );
}
