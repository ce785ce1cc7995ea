import { useQuery } from '@tanstack/react-query';
import { CircleX, HandCoins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError } from '../../lib/api/client';
import { STORAGE_KEYS } from '../../lib/storage';
import { amountText, linkQuery, usePayLink } from './api';

function langOf(l: string): 'en' | 'es' | 'fr' {
  const b = l.slice(0, 2);
  return b === 'es' || b === 'fr' ? b : 'en';
}

/** The refusal's words: its key (partnerpay.used, .expired, .revoked, .in_progress) or not found. */
function refusalKey(err: unknown): string {
  if (err instanceof ApiError) {
    const key = err.fields[0]?.key ?? '';
    if (key.startsWith('partnerpay.')) return `partnerPay.refused.${key.slice('partnerpay.'.length)}`;
    if (err.status === 404) return 'partnerPay.refused.not_found';
  }
  return 'partnerPay.refused.load';
}

/** /partner-checkout/:token: the partner pays the co-pay share the link asks for, once. */
export default function PartnerCheckoutPage() {
  const { t, i18n } = useTranslation();
  const token = useParams().token ?? '';
  const q = useQuery(linkQuery(token));
  const pay = usePayLink(token);
  const lang = langOf(i18n.language);

  let body: React.ReactNode;
  if (q.isPending) {
    body = (
      <p role="status" className="flex min-h-40 items-center gap-2 text-fg-muted">
        <Spinner />
        {t('partnerPay.loading')}
      </p>
    );
  } else if (q.isError) {
    body = (
      <div className="flex flex-col gap-4" data-testid="partner-link-refused">
        <div aria-hidden="true" className="flex size-12 items-center justify-center rounded-card bg-surface-sunken text-fg-muted">
          <CircleX className="size-6" />
        </div>
        <p role="alert" className="text-lg font-semibold text-fg">
          {t(refusalKey(q.error))}
        </p>
        <ButtonLink to="/" variant="secondary">
          {t('partnerPay.home')}
        </ButtonLink>
      </div>
    );
  } else {
    const l = q.data;
    const amount = amountText(l.amount_cents, l.currency, i18n.language);
    body = (
      <div className="flex flex-col gap-5">
        <p className="text-fg-muted">{t('partnerPay.intro', { vendor: l.vendor_name, agent: l.agent_name })}</p>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-fg-muted">{t('partnerPay.service')}</dt>
          <dd className="font-semibold text-fg">{l.description}</dd>
          <dt className="text-fg-muted">{t('partnerPay.agent')}</dt>
          <dd className="text-fg">{l.agent_name}</dd>
          <dt className="text-fg-muted">{t('partnerPay.partner')}</dt>
          <dd className="text-fg">{l.vendor_name}</dd>
          <dt className="text-fg-muted">{t('partnerPay.amount')}</dt>
          <dd className="text-xl font-bold tabular text-fg" data-testid="partner-amount">
            {amount}
          </dd>
          <dt className="text-fg-muted">{t('partnerPay.expires')}</dt>
          <dd className="text-fg">{new Date(l.expires_at).toLocaleString(i18n.language)}</dd>
        </dl>
        <p className="text-sm text-fg-muted">{t('partnerPay.once')}</p>
        {pay.isError ? (
          <p role="alert" className="text-danger-strong">
            {t(refusalKey(pay.error))}
          </p>
        ) : null}
        <Button
          disabled={pay.isPending || pay.isSuccess}
          onClick={() =>
            pay.mutate(lang, {
              onSuccess: (r) => {
                // The canceled page leads back here: the link works again once its page is given up.
                try {
                  sessionStorage.setItem(STORAGE_KEYS.partnerLink, token);
                } catch {
                  // Storage unavailable: the canceled page then offers only the way home.
                }
                window.location.assign(r.url);
              },
            })
          }
        >
          {pay.isPending || pay.isSuccess ? <Spinner /> : null}
          {t('partnerPay.pay', { amount })}
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <section className="flex flex-col gap-5 rounded-card border border-border bg-surface p-6 shadow-card md:p-10">
        <div aria-hidden="true" className="flex size-12 items-center justify-center rounded-card bg-primary-soft text-primary">
          <HandCoins className="size-6" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-fg">{t('areas.partnerCheckout.title')}</h1>
        {body}
      </section>
    </div>
  );
}
