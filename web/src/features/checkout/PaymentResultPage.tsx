import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { OutcomeCard } from '../../components/ui/OutcomeCard';
import { Spinner } from '../../components/ui/Spinner';
import { api, unwrap } from '../../lib/api/client';
import { cartQueryKey, openCart } from '../../lib/cart';
import { sessionQueryKey, useViewer } from '../../lib/session';
import { moneyText } from '../../lib/money';

/** After a paid order, the onboarding booking opens after this long (01§8 "Purchase successful!"). */
export const ONBOARDING_REDIRECT_MS = 6000;

export type PaymentFlow = 'payment' | 'partner' | 'agent';

const AREA: Record<PaymentFlow, { success: string; canceled: string }> = {
  payment: { success: 'paymentSuccess', canceled: 'paymentCanceled' },
  partner: { success: 'partnerPaymentSuccess', canceled: 'partnerPaymentCanceled' },
  agent: { success: 'agentPaymentSuccess', canceled: 'agentPaymentCanceled' },
};

type NextStep = { kind: 'book' | 'consultations' | 'receipt'; service_ids: string[] | null };

/**
 * Where the agent goes after paying, as the server decided it (issue 28 item 1): the booking of
 * the first purchased service with a consultation to book (its vendor's slots), My Consultations
 * when it is booked already, or, with nothing to book, the order's receipt (no redirect).
 */
export function nextStepLink(next: NextStep | null | undefined, orderId: string): string {
  const ids = next?.service_ids ?? [];
  if (next?.kind === 'book' && ids[0]) {
    const rest = ids.slice(1);
    return `/book-meeting?service=${encodeURIComponent(ids[0])}&from=purchase&order=${encodeURIComponent(orderId)}${rest.length > 0 ? `&then=${rest.map(encodeURIComponent).join(',')}` : ''}`;
  }
  if (next?.kind === 'consultations') return '/consultations';
  return `/orders?paid=${encodeURIComponent(orderId)}`;
}

function SessionResult({ sessionId, flow }: { sessionId: string; flow: PaymentFlow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['checkout', 'session', sessionId],
    queryFn: ({ signal }) => unwrap(api.GET('/api/checkout/sessions/{session_id}', { params: { path: { session_id: sessionId } }, signal })),
    // The payment event may land a moment after the redirect: ask again while the session is open.
    refetchInterval: (query) => (query.state.data?.session.status === 'open' ? 1500 : false),
    retry: false,
  });
  const status = q.data?.session.status;
  const kind = q.data?.session.kind;
  const next = q.data?.next_step;
  const orderId = q.data?.order?.id ?? '';
  // Only a booking or My Consultations is a step to redirect to; with nothing to book the page
  // itself is the receipt (the step is skipped).
  const redirectTo = next && next.kind !== 'receipt' ? nextStepLink(next, orderId) : null;

  useEffect(() => {
    if (status !== 'complete') return;
    void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['billing'] });
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    if (kind !== 'order' || !redirectTo) return;
    const timer = setTimeout(() => void navigate(redirectTo), ONBOARDING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, kind, queryClient, navigate, redirectTo]);

  const title = t(`areas.${AREA[flow].success}.title`);
  if (q.isPending || status === 'open') {
    return (
      <OutcomeCard ok title={title}>
        <p role="status" className="flex items-center gap-2 text-fg-muted">
          <Spinner />
          {t('checkout.result.confirming')}
        </p>
      </OutcomeCard>
    );
  }
  if (q.isError || !q.data) {
    return (
      <OutcomeCard ok={false} title={title}>
        <p role="alert" className="text-fg-muted">
          {t('checkout.result.loadError')}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void q.refetch()}>{t('cart.retry')}</Button>
          <ButtonLink to="/orders" variant="secondary">
            {t('checkout.result.viewOrders')}
          </ButtonLink>
        </div>
      </OutcomeCard>
    );
  }
  if (status === 'expired') {
    return (
      <OutcomeCard ok={false} title={t(`areas.${AREA[flow].canceled}.title`)}>
        <p className="text-fg-muted">{t('checkout.result.expired')}</p>
      </OutcomeCard>
    );
  }
  const { order, subscription } = q.data;
  if (kind === 'subscription' && subscription) {
    return (
      <OutcomeCard ok title={title}>
        <p className="text-lg font-semibold text-fg">{t('checkout.result.proWelcome')}</p>
        <p className="text-fg-muted">
          {t('checkout.result.proBody', { plan: subscription.plan_name, seats: subscription.seats, amount: moneyText(subscription.amount) })}
        </p>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/billing">{t('checkout.result.manageBilling')}</ButtonLink>
          <ButtonLink to="/marketplace" variant="secondary">
            {t('checkout.result.shop')}
          </ButtonLink>
        </div>
      </OutcomeCard>
    );
  }
  return (
    <OutcomeCard ok title={title}>
      <p className="text-lg font-semibold text-fg" role="status" data-testid="purchase-next-step">
        {next?.kind === 'book'
          ? t('checkout.result.purchaseSuccessful')
          : next?.kind === 'consultations'
            ? t('journey.next.consultations')
            : t('journey.next.receipt')}
      </p>
      {order ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-fg-muted">{t('orders.number')}</dt>
          <dd className="font-semibold text-fg">{order.number}</dd>
          <dt className="text-fg-muted">{t('orders.total')}</dt>
          <dd className="font-semibold tabular text-fg">{moneyText(order.total)}</dd>
          <dt className="text-fg-muted">{t('orders.paymentMethod')}</dt>
          <dd className="text-fg">{order.receipt.payment_method}</dd>
        </dl>
      ) : null}
      {order?.items?.some((it) => it.period === 'month' || it.period === 'year') ? <p className="text-sm text-fg-muted">{t('orders.renewalNote')}</p> : null}
      <div className="flex flex-wrap gap-3">
        {next?.kind === 'book' ? (
          <>
            <ButtonLink to={nextStepLink(next, orderId)}>{t('checkout.result.bookOnboarding')}</ButtonLink>
            <ButtonLink to="/orders" variant="secondary">
              {t('checkout.result.viewOrders')}
            </ButtonLink>
          </>
        ) : next?.kind === 'consultations' ? (
          <>
            <ButtonLink to="/consultations">{t('journey.next.myConsultations')}</ButtonLink>
            <ButtonLink to="/orders" variant="secondary">
              {t('checkout.result.viewOrders')}
            </ButtonLink>
          </>
        ) : (
          <>
            <ButtonLink to={nextStepLink(next, orderId)}>{t('checkout.result.viewOrders')}</ButtonLink>
            <ButtonLink to="/marketplace" variant="secondary">
              {t('checkout.result.shop')}
            </ButtonLink>
          </>
        )}
      </div>
    </OutcomeCard>
  );
}

/** /payment-success (and /payment/success, partner and agent variants). */
export function PaymentSuccessPage({ flow = 'payment' }: { flow?: PaymentFlow }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const viewer = useViewer();
  const sessionId = params.get('session_id');
  if (sessionId && viewer.status === 'signed-in') return <SessionResult sessionId={sessionId} flow={flow} />;
  const area = AREA[flow].success;
  return (
    <OutcomeCard ok title={t(`areas.${area}.title`)}>
      {viewer.status === 'loading' && sessionId ? (
        <p role="status" className="flex items-center gap-2 text-fg-muted">
          <Spinner />
          {t('checkout.result.confirming')}
        </p>
      ) : (
        <p className="text-fg-muted">{t(`areas.${area}.body`)}</p>
      )}
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/orders">{t('checkout.result.viewOrders')}</ButtonLink>
        <ButtonLink to="/marketplace" variant="secondary">
          {t('checkout.result.shop')}
        </ButtonLink>
      </div>
    </OutcomeCard>
  );
}

/** /payment-canceled (and /payment/canceled, partner and agent variants). */
export function PaymentCanceledPage({ flow = 'payment' }: { flow?: PaymentFlow }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const viewer = useViewer();
  const subscription = params.has('subscription_id');
  const area = AREA[flow].canceled;
  return (
    <OutcomeCard ok={false} title={t(`areas.${area}.title`)}>
      <p className="text-fg-muted">{t(`areas.${area}.body`)}</p>
      <p className="text-fg-muted">{subscription ? t('checkout.result.canceledSubscription') : t('checkout.result.canceledOrder')}</p>
      <div className="flex flex-wrap gap-3">
        {subscription ? (
          <ButtonLink to="/pricing">{t('checkout.result.backToPricing')}</ButtonLink>
        ) : viewer.status === 'signed-in' ? (
          <Button onClick={openCart}>{t('checkout.result.openCart')}</Button>
        ) : null}
        <ButtonLink to="/marketplace" variant="secondary">
          {t('checkout.result.shop')}
        </ButtonLink>
      </div>
    </OutcomeCard>
  );
}

