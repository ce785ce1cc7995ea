import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { OutcomeCard } from '../../components/ui/OutcomeCard';
import { Spinner } from '../../components/ui/Spinner';
import { formatDateTime } from '../../lib/dates';
import { useViewer } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage';
import { amountText, receiptQuery } from './api';

/** The link this tab went to pay (set by the checkout page), if any. */
function storedToken(): string {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.partnerLink) ?? '';
  } catch {
    return '';
  }
}

/** /partner-payment-success and /partner-payment-canceled?session_id=: what was (not) paid, for whom. */
export function PartnerResultPage({ ok }: { ok: boolean }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const q = useQuery(receiptQuery(sessionId));
  const area = ok ? 'partnerPaymentSuccess' : 'partnerPaymentCanceled';
  const r = q.data;
  const paid = r?.status === 'paid';
  const viewer = useViewer();
  // Back to the link to try again: only after a canceled page, while the link is open again.
  const token = !ok && r?.status === 'open' ? storedToken() : '';
  let body: React.ReactNode;
  if (sessionId !== '' && (q.isPending || r?.status === 'processing')) {
    body = (
      <p role="status" className="flex items-center gap-2 text-fg-muted">
        <Spinner />
        {t('partnerPay.confirming')}
      </p>
    );
  } else if (!r) {
    body = <p className="text-fg-muted">{t(`areas.${area}.body`)}</p>;
  } else {
    const amount = amountText(r.amount_cents, r.currency, i18n.language);
    body = (
      <>
        <p className="text-lg font-semibold text-fg" role="status" data-testid="partner-result">
          {paid ? t('partnerPay.paid', { amount, agent: r.agent_name }) : t('partnerPay.notPaid', { amount, agent: r.agent_name })}
        </p>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-fg-muted">{t('partnerPay.service')}</dt>
          <dd className="font-semibold text-fg">{r.description}</dd>
          <dt className="text-fg-muted">{t('partnerPay.partner')}</dt>
          <dd className="text-fg">{r.vendor_name}</dd>
          <dt className="text-fg-muted">{t('partnerPay.amount')}</dt>
          <dd className="font-semibold tabular text-fg">{amount}</dd>
          {paid && r.paid_at ? (
            <>
              <dt className="text-fg-muted">{t('partnerPay.paidOn')}</dt>
              <dd className="text-fg">{formatDateTime(r.paid_at, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
            </>
          ) : null}
          {paid && r.card_last4 ? (
            <>
              <dt className="text-fg-muted">{t('partnerPay.card')}</dt>
              <dd className="text-fg">•••• {r.card_last4}</dd>
            </>
          ) : null}
        </dl>
        {!paid && r.status === 'open' ? <p className="text-fg-muted">{t('partnerPay.tryAgain')}</p> : null}
      </>
    );
  }
  return (
    <OutcomeCard ok={paid} title={t(`areas.${area}.title`)}>
      {body}
      <div className="flex flex-wrap gap-3">
        {token ? <ButtonLink to={`/partner-checkout/${token}`}>{t('partnerPay.backToLink')}</ButtonLink> : null}
        {viewer.status === 'signed-in' ? (
          <ButtonLink to="/partner-payments" variant="secondary">
            {t('partnerPay.toList')}
          </ButtonLink>
        ) : null}
        <ButtonLink to="/" variant="secondary">
          {t('partnerPay.home')}
        </ButtonLink>
      </div>
    </OutcomeCard>
  );
}

export function PartnerSuccessPage() {
  return <PartnerResultPage ok />;
}

export function PartnerCanceledPage() {
  return <PartnerResultPage ok={false} />;
}
