import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { HandCoins, Package, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button';
import { PageTitle } from '../../components/ui/PageHeader';
import { LoadFailed } from '../../components/ui/RetryAlert';
import { cn } from '../../components/ui/cn';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import { useViewer } from '../../lib/session';
import { moneyText } from '../../lib/money';
import { formatDateTime } from '../../lib/dates';

export type OrderView = NonNullable<ResponseBody<'/api/orders', 'get'>['orders']>[number];

const STATUS_CLASS: Record<OrderView['status'], string> = {
  paid: 'bg-savings-soft text-savings-strong',
  pending: 'bg-warning-soft text-warning-strong',
  canceled: 'bg-surface-sunken text-fg-muted',
  expired: 'bg-surface-sunken text-fg-muted',
  refunded: 'bg-primary-soft text-primary-strong',
};

/** Checkouts that ended unpaid (expired or canceled) are left out unless includeEnded. */
export function ordersQuery(signedIn: boolean, includeEnded = false) {
  return {
    queryKey: ['orders', { includeEnded }] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      unwrap(api.GET('/api/orders', { signal, params: { query: includeEnded ? { include_ended: true } : {} } })),
    enabled: signedIn,
  };
}

/** Only money that moved has a receipt: an attempt that ended unpaid or still awaits payment has none. */
function hasReceipt(status: OrderView['status']): boolean {
  return status === 'paid' || status === 'refunded';
}

function formatDate(iso: string | null, language: string): string {
  if (!iso) return '';
  return formatDateTime(iso, language, { dateStyle: 'medium', timeStyle: 'short' });
}

function OrderCard({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation();
  const currencyNote = order.currency === 'CAD';
  return (
    <article className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-card" aria-labelledby={`order-${order.id}`}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`order-${order.id}`} className="text-base font-semibold text-fg">
            {t('orders.orderNumber', { number: order.number })}
          </h2>
          <p className="text-sm text-fg-muted">{formatDate(order.paid_at ?? order.created_at, i18n.language)}</p>
        </div>
        <div className="flex items-center gap-3">
          <span className={cn('rounded-pill px-2 py-0.5 text-xs font-semibold', STATUS_CLASS[order.status])}>{t(`orders.status.${order.status}`)}</span>
          <span className="text-lg font-bold tabular text-fg">{moneyText(order.total)}</span>
        </div>
      </header>
      <ul className="flex flex-col divide-y divide-border text-sm">
        {(order.items ?? []).map((it) => (
          <li key={it.id} className="flex justify-between gap-3 py-2">
            <span className="text-fg">
              {it.title}
              <span className="text-fg-muted">
                {' · '}
                {it.vendor}
                {' · '}
                {t(it.coverage === 'pro' ? 'orders.coveragePro' : it.coverage === 'consultation' ? 'orders.coverageConsultation' : 'orders.coverageRetail')}
                {it.period === 'month' || it.period === 'year' ? ` · ${t(it.period === 'month' ? 'orders.firstMonth' : 'orders.firstYear')}` : ''}
                {it.quantity > 1 ? ` × ${it.quantity}` : ''}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {(order.items ?? []).some((it) => it.period === 'month' || it.period === 'year') ? (
        <p className="text-sm text-fg-muted">{t('orders.renewalNote')}</p>
      ) : null}
      {order.savings.cents > 0 ? (
        <p className="text-sm font-medium text-savings-strong">{t('orders.saved', { amount: moneyText(order.savings) })}</p>
      ) : null}
      {hasReceipt(order.status) ? (
        <details className="rounded-control bg-surface-muted p-3 text-sm">
          <summary className="flex cursor-pointer items-center gap-2 font-medium text-fg">
            <Receipt aria-hidden="true" className="size-4" />
            {t('orders.receipt')}
          </summary>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-fg-muted">{t('orders.number')}</dt>
            <dd className="text-fg">{order.receipt.number}</dd>
            {/* A late payment refunded automatically was never a paid order: no payment date. */}
            {order.receipt.paid_at ? (
              <>
                <dt className="text-fg-muted">{t('orders.paidAt')}</dt>
                <dd className="text-fg">{formatDate(order.receipt.paid_at, i18n.language)}</dd>
              </>
            ) : null}
            <dt className="text-fg-muted">{t('orders.paymentMethod')}</dt>
            <dd className="text-fg">{order.receipt.payment_method}</dd>
            <dt className="text-fg-muted">{t('orders.total')}</dt>
            <dd className="tabular text-fg">{moneyText(order.total)}</dd>
          </dl>
          {currencyNote ? <p className="mt-2 text-fg-muted">{t('orders.cadNote')}</p> : null}
          <p className="mt-2 text-fg-muted">{order.receipt.tax_note}</p>
          {order.receipt.refund_note ? <p className="mt-1 text-fg-muted">{order.receipt.refund_note}</p> : null}
        </details>
      ) : null}
    </article>
  );
}

/** /orders: the agent's orders with their status and receipts (F-PAY-08). */
export default function OrdersPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  const [params, setParams] = useSearchParams();
  const includeEnded = params.get('ended') === '1';
  const q = useQuery(ordersQuery(signedIn, includeEnded));
  const orders = q.data?.orders ?? [];
  const filterId = useId();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <PageTitle title={t('areas.orders.title')} intro={t('areas.orders.body')} />
      {/* Partner payment links (F-PAY-08): the co-pay shares a partner pays live next to the orders. */}
      <div className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-fg">
          <HandCoins aria-hidden="true" className="size-5 shrink-0 text-primary" />
          {t('orders.partnerPaymentsNote')}
        </p>
        <ButtonLink to="/partner-payments" variant="secondary">
          {t('orders.partnerPayments')}
        </ButtonLink>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={filterId}
          type="checkbox"
          checked={includeEnded}
          onChange={(e) =>
            setParams(
              (p) => {
                if (e.target.checked) p.set('ended', '1');
                else p.delete('ended');
                return p;
              },
              { replace: true },
            )
          }
          className="size-4 rounded-control accent-primary"
        />
        <label htmlFor={filterId} className="text-sm text-fg">
          {t('orders.showEnded')}
        </label>
      </div>
      {viewer.status === 'loading' || q.isPending ? (
        <ul aria-busy="true" aria-label={t('orders.loading')} className="flex flex-col gap-4">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-32 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
          ))}
        </ul>
      ) : q.isError ? (
        <LoadFailed message={t('orders.loadError')} retryLabel={t('cart.retry')} onRetry={() => void q.refetch()} />
      ) : orders.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-card border border-border bg-surface p-6">
          <Package aria-hidden="true" className="size-6 text-fg-muted" />
          <p className="text-fg">{t('orders.empty')}</p>
          <ButtonLink to="/marketplace">{t('orders.browse')}</ButtonLink>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {orders.map((o) => (
            <OrderCard key={o.id} order={o} />
          ))}
        </div>
      )}
    </div>
  );
}
