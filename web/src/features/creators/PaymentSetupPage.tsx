import { useQuery } from '@tanstack/react-query';
import { Landmark, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormTextField } from '../../components/form/Field';
import { SERVER_ERROR } from '../../components/form/messages';
import { useZodForm } from '../../components/form/useZodForm';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { PageHeader } from '../../components/ui/PageHeader';
import { TitledSection } from '../../components/ui/TitledSection';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { myApplicationQuery, payoutsQuery, usePayoutLink, useRefreshPayouts, useTestBank, type CreatorPayout } from './api';
import { serverKeyMessage, testBankSchema } from './schema';

/**
 * /creator-payment-setup: payout details through the payment provider. With Stripe, a Connect
 * Express onboarding link (Stripe collects identity and bank details); otherwise the built-in
 * test-mode form, which takes only the test numbers. Circle never stores bank numbers.
 */
export default function PaymentSetupPage() {
  const { t } = useTranslation();
  const mine = useQuery(myApplicationQuery());
  const approved = mine.data?.application?.status === 'approved';
  const payouts = useQuery(payoutsQuery(approved));
  if (mine.isSuccess && !approved) {
    return (
      <Notice title={t('creators.payments.title')} actions={<ButtonLink to="/creator-onboarding">{t('creators.notCreatorAction')}</ButtonLink>}>
        {t('creators.notCreator')}
      </Notice>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
      <PageHeader title={t('creators.payments.title')} intro={t('creators.payments.lead')} />
      {mine.isError || payouts.isError ? (
        <AlertLine>{t('creators.loadError')}</AlertLine>
      ) : !payouts.data ? (
        <div aria-hidden="true" className="h-80 animate-pulse rounded-card border border-border bg-surface-sunken" data-testid="creator-payments-skeleton" />
      ) : (
        <>
          <StatusCard payout={payouts.data} />
          {payouts.data.mode === 'stripe' ? <StripeSetup payout={payouts.data} /> : <TestModeForm payout={payouts.data} />}
        </>
      )}
    </div>
  );
}

function StatusCard({ payout }: { payout: CreatorPayout }) {
  const { t } = useTranslation();
  const a = payout.account;
  return (
    <section aria-labelledby="payout-status" className="flex items-start gap-4 rounded-card border border-border bg-surface p-5 shadow-card">
      <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        {payout.status === 'active' ? <ShieldCheck className="size-5" /> : <Landmark className="size-5" />}
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="payout-status" className="text-lg font-semibold text-fg">
          {t(`creators.payments.status.${payout.status}`)}
        </h2>
        <p className="text-sm text-fg-muted" data-testid="payout-status-body">
          {a?.bank_last4 ? t('creators.payments.bankOnFile', { last4: a.bank_last4 }) : t(`creators.payments.statusBody.${payout.status}`)}
        </p>
        {payout.status === 'active' ? (
          <div className="pt-2">
            <ButtonLink to="/creator-dashboard" size="sm">
              {t('creators.payments.toDashboard')}
            </ButtonLink>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function StripeSetup({ payout }: { payout: CreatorPayout }) {
  const { t } = useTranslation();
  const link = usePayoutLink();
  const refresh = useRefreshPayouts();
  const [params, setParams] = useSearchParams();
  const back = params.get('stripe');
  const asked = useRef(false);
  useEffect(() => {
    // Back from Stripe's onboarding: read the account again once, then tidy the address.
    if (back === 'return' && payout.account && !asked.current) {
      asked.current = true;
      refresh.mutate(undefined, { onSettled: () => setParams({}, { replace: true }) });
    }
  }, [back, payout.account, refresh, setParams]);
  async function start() {
    try {
      const { url } = await link.mutateAsync();
      window.location.assign(url);
    } catch {
      toast({ title: t('creators.payments.linkFailed'), variant: 'error' });
    }
  }
  return (
    <TitledSection id="stripe-setup" title={t('creators.payments.stripeTitle')} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-card">
      <p className="text-sm text-fg-muted">{t('creators.payments.stripeBody')}</p>
      {back === 'refresh' ? <p className="text-sm text-fg">{t('creators.payments.linkExpired')}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void start()} disabled={link.isPending}>
          {payout.status === 'none' ? t('creators.payments.stripeStart') : t('creators.payments.stripeContinue')}
        </Button>
        {payout.account ? (
          <Button variant="secondary" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
            {t('creators.payments.refresh')}
          </Button>
        ) : null}
      </div>
    </TitledSection>
  );
}

const BANK_FIELDS = ['holder_name', 'routing_number', 'account_number'] as const;

function TestModeForm({ payout }: { payout: CreatorPayout }) {
  const { t } = useTranslation();
  const save = useTestBank();
  const [editing, setEditing] = useState(payout.status !== 'active');
  const form = useZodForm(testBankSchema, { defaultValues: { holder_name: '', routing_number: '', account_number: '' } });
  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync({ holder_name: v.holder_name, routing_number: v.routing_number, account_number: v.account_number });
      form.reset();
      setEditing(false);
      toast({ title: t('creators.payments.saved'), variant: 'success' });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : [];
      for (const f of fields) {
        const name = (BANK_FIELDS as readonly string[]).includes(f.field) ? (f.field as (typeof BANK_FIELDS)[number]) : 'account_number';
        const key = serverKeyMessage(f.key);
        form.setError(name, key ? { message: key } : { type: SERVER_ERROR, message: f.message });
      }
      if (fields.length === 0) toast({ title: t('creators.payments.failed'), variant: 'error' });
    }
  });
  if (!editing) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t('creators.payments.replace')}
        </Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="test-bank-title" className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-card">
      <h2 id="test-bank-title" className="text-lg font-semibold text-fg">
        {t('creators.payments.testTitle')}
      </h2>
      <div className="rounded-control border border-warning-strong/30 bg-warning-soft p-3 text-sm text-warning-strong">
        <p className="font-medium">{t('creators.payments.testBanner')}</p>
        <p>{t('creators.payments.testNumbers', { routing: '110000000', account: '000123456789' })}</p>
      </div>
      <FormTextField form={form} name="holder_name" label={t('creators.fields.holder_name')} required autoComplete="name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField form={form} name="routing_number" label={t('creators.fields.routing_number')} required inputMode="numeric" autoComplete="off" />
        <FormTextField form={form} name="account_number" label={t('creators.fields.account_number')} required inputMode="numeric" autoComplete="off" />
      </div>
      <p className="text-xs text-fg-muted">{t('creators.payments.privacy')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('creators.payments.saving') : t('creators.payments.save')}
        </Button>
        {payout.status === 'active' ? (
          <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
            {t('creators.payments.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
