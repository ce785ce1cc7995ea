import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Minus, Plus, ShoppingCart, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { LoadFailed } from '../../components/ui/RetryAlert';
import { cn } from '../../components/ui/cn';
import { Modal, ModalFooter } from '../../components/ui/Modal';
import { SplitBar } from '../../components/ui/SplitBar';
import { openCartConsultation } from '../../lib/cartConsultation';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useCheckout } from './startCheckout';
import { cartQuery, useCancelCoPayRequest, useChangeCart, type CartChange, type CartLine, type Coverage } from './api';
import { cartErrorToast } from './errors';
import { moneyText } from '../../lib/money';
import { periodOf, renewalKey, unitPriceKey } from './period';

/** A co-pay request added with the addCoPayToCart event, waiting for the vendor (02§2). */
export interface CoPayCartItem {
  id: string;
  title: string;
  vendor: string;
  requestedSplit?: number;
  status: 'pending-approval' | 'approved';
}

const BADGE_KEYS: Record<string, string> = {
  needs_coverage_selection: 'cart.badge.needsCoverage',
  pending_vendor_approval: 'cart.badge.pendingVendor',
  vendor_approved: 'cart.badge.vendorApproved',
  vendor_website: 'cart.badge.vendorWebsite',
  consultation_required: 'cart.badge.consultation',
  consultation_booked: 'cart.badge.consultationBooked',
};

function Badge({ id }: { id: string }) {
  const { t } = useTranslation();
  const key = BADGE_KEYS[id];
  if (!key) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-pill px-2 py-0.5 text-xs font-semibold',
        id === 'needs_coverage_selection' || id === 'pending_vendor_approval'
          ? 'bg-warning-soft text-warning-strong'
          : id === 'vendor_approved' || id === 'consultation_booked'
            ? 'bg-savings-soft text-savings-strong'
            : 'bg-primary-soft text-primary-strong',
      )}
    >
      {t(key)}
    </span>
  );
}

const MAX_QUANTITY = 99;

/**
 * A co-pay line's request as it stands (the server derives the line from it): who was asked,
 * the split as a bar, what the agent pays and the partner covers; a pending request can be
 * canceled; a declined, expired or canceled one says so (the line needs a coverage again).
 */
function CoPayLine({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  const cancel = useCancelCoPayRequest();
  const c = line.copay;
  if (!c) return null;
  if (!c.active) {
    const key = c.status === 'declined' ? 'declined' : c.status === 'expired' ? 'expired' : c.status === 'canceled' ? 'canceled' : 'ended';
    return (
      <p className="rounded-control bg-warning-soft p-2 text-xs text-warning-strong" data-testid="cart-copay-ended">
        {t(`cart.copay.${key}`, { vendor: c.vendor_name })}
        {c.decision_note ? ` ${t('cart.copay.note', { note: c.decision_note })}` : ''}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1 rounded-control bg-savings-soft p-2 text-xs text-fg" data-testid="cart-copay">
      <p className="font-medium">{t('cart.copay.asked', { vendor: c.vendor_name, pct: c.split_percent })}</p>
      <SplitBar vendorPercent={c.split_percent} onTint />
      <p className="flex flex-wrap justify-between gap-2 tabular">
        <span>{t('cart.copay.youPay', { amount: moneyText(c.agent_share) })}</span>
        <span className="text-savings-strong">{t('cart.copay.theyCover', { vendor: c.vendor_name, amount: moneyText(c.vendor_share) })}</span>
      </p>
      {c.status === 'pending' ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-fg-muted">{t('cart.copay.waiting')}</span>
          <Button
            variant="ghost"
            size="sm"
            disabled={cancel.isPending}
            onClick={() =>
              cancel
                .mutateAsync(c.request_id)
                .then(() => toast({ title: t('cart.copay.canceledTitle'), description: t('cart.copay.canceledBody', { vendor: c.vendor_name }) }))
                .catch((err: unknown) => toast(cartErrorToast(err, t)))
            }
          >
            {t('cart.copay.cancel')}
          </Button>
        </div>
      ) : c.decision_note ? (
        <p className="text-fg-muted">{t('cart.copay.note', { note: c.decision_note })}</p>
      ) : null}
    </div>
  );
}

function LineItem({ line, run }: { line: CartLine; run: (change: CartChange, toastKey?: 'updated' | 'removed', title?: string) => void }) {
  const { t } = useTranslation();
  const group = useId();
  const options = line.coverage_options ?? [];
  const retail = line.retail_unit_price as CartLine['retail_unit_price'] | null;
  const period = periodOf(line.price_suffix);
  const renewal = line.requires_consultation ? null : renewalKey(period);
  return (
    <li className="flex flex-col gap-2 py-4" data-testid="cart-line">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-fg">{line.title}</p>
          <p className="text-xs text-fg-muted">{line.vendor}</p>
          <div className="mt-1 flex flex-wrap gap-1">
            {(line.badges ?? []).map((b) => (
              <Badge key={b} id={b} />
            ))}
            {!line.available ? <span className="text-xs font-semibold text-danger-strong">{t('cart.unavailable')}</span> : null}
          </div>
        </div>
        {!line.requires_consultation ? (
          <div className="text-right">
            <p className="text-sm font-semibold tabular text-fg">{moneyText(line.line_total)}</p>
            <p className="text-xs tabular text-fg-muted">{t(unitPriceKey(period, line.quantity), { price: moneyText(line.unit_price) })}</p>
            {retail && line.coverage === 'pro' && retail.cents > line.unit_price.cents ? (
              <p className="text-xs tabular text-fg-muted line-through">{moneyText(retail)}</p>
            ) : null}
          </div>
        ) : null}
      </div>
      {renewal ? <p className="text-xs text-fg-muted">{t(renewal)}</p> : null}
      {line.copay ? <CoPayLine line={line} /> : null}
      {line.coverage === 'points' ? <p className="text-xs font-medium text-primary-strong">{t('cart.coverage.points')}</p> : null}
      {line.coverage === 'points' && line.points_share ? (
        <p className="text-xs tabular text-fg-muted" data-testid="cart-points-share">
          {t('cart.coverage.pointsShare', { points: line.points_used.toLocaleString(), amount: moneyText(line.points_share) })}
        </p>
      ) : null}
      {line.coverage === 'points' && line.points_limit ? (
        <p className="text-xs text-fg-muted" data-testid="cart-points-limit">
          {t(`cart.pointsLimit.${line.points_limit.base}`, { percent: line.points_limit.percent, amount: moneyText(line.points_limit.amount) })}
        </p>
      ) : null}
      {line.requires_consultation && line.consultation_booked && line.consultation ? (
        <p className="rounded-control bg-savings-soft p-2 text-xs text-savings-strong" data-testid="cart-consultation-booked">
          {line.consultation.is_external
            ? t('cart.consultationLead')
            : t('cart.consultationBooked', { date: line.consultation.scheduled_date, time: line.consultation.scheduled_time })}
        </p>
      ) : line.requires_consultation ? (
        <p className="rounded-control bg-primary-soft p-2 text-xs text-primary-strong">{t('cart.consultationExplanation')}</p>
      ) : options.length > 0 ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-xs font-medium text-fg">{t('cart.coverage.legend', { title: line.title })}</legend>
          <div className="flex flex-wrap gap-2">
            {options.map((o) => (
              <label
                key={o.coverage}
                className={cn(
                  'flex items-center gap-2 rounded-control border px-2 py-1 text-xs',
                  line.coverage === o.coverage ? 'border-primary bg-primary-soft' : 'border-border',
                  !o.available && 'opacity-70',
                )}
              >
                <input
                  type="radio"
                  name={group}
                  checked={line.coverage === o.coverage}
                  disabled={!o.available}
                  onChange={() => run({ kind: 'update', id: line.id, body: { coverage: o.coverage as Coverage } }, 'updated', line.title)}
                  className="accent-primary"
                />
                <span>{t(o.coverage === 'pro' ? 'cart.coverage.pro' : 'cart.coverage.retail')}</span>
                <span className="tabular font-semibold">{moneyText(o.unit_price)}</span>
                {!o.available ? <span className="font-semibold text-pro-strong">{t('cart.choice.reason.proOnly')}</span> : null}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        {line.quantity_editable ? (
          <div className="flex items-center gap-1" role="group" aria-label={t('cart.quantityOf', { title: line.title })}>
            <Button
              variant="secondary"
              size="sm"
              className="px-2"
              aria-label={t('cart.decrease', { title: line.title })}
              onClick={() =>
                line.quantity <= 1
                  ? run({ kind: 'remove', id: line.id }, 'removed', line.title)
                  : run({ kind: 'update', id: line.id, body: { quantity: line.quantity - 1 } }, 'updated', line.title)
              }
            >
              <Minus aria-hidden="true" className="size-4" />
            </Button>
            <span className="w-8 text-center text-sm tabular" aria-live="polite">
              {line.quantity}
            </span>
            <Button
              variant="secondary"
              size="sm"
              className="px-2"
              disabled={line.quantity >= MAX_QUANTITY}
              aria-label={t('cart.increase', { title: line.title })}
              onClick={() => run({ kind: 'update', id: line.id, body: { quantity: line.quantity + 1 } }, 'updated', line.title)}
            >
              <Plus aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ) : (
          <span />
        )}
        <div className="flex items-center gap-1">
          {line.affiliate_url ? (
            <a href={line.affiliate_url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-xs text-primary underline">
              {t('cart.badge.vendorWebsite')}
              <ExternalLink aria-hidden="true" className="size-3" />
            </a>
          ) : null}
          <Button variant="ghost" size="sm" aria-label={t('cart.remove', { title: line.title })} onClick={() => run({ kind: 'remove', id: line.id }, 'removed', line.title)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('cart.removeShort')}
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * Lines waiting for a vendor's co-pay answer, said by the checkout button before paying (issue 28
 * item 2): checkout pays the other lines and leaves these in the cart; or the agent pays one now
 * at the price the server offers (its copay.pay_now) and its request is withdrawn.
 */
function WaitingNotice({ id, waiting, nothingReady, busy, onPayNow }: { id: string; waiting: CartLine[]; nothingReady: boolean; busy: boolean; onPayNow: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="flex flex-col gap-2 rounded-control bg-warning-soft p-3 text-xs text-warning-strong" data-testid="cart-waiting-notice">
      <p className="font-semibold">{t('journey.copay.noticeTitle', { count: waiting.length })}</p>
      <ul className="list-disc pl-4">
        {waiting.map((l) => (
          <li key={l.id}>{t('journey.copay.waitingLine', { title: l.title, vendor: l.copay?.vendor_name ?? '' })}</li>
        ))}
      </ul>
      <p>{nothingReady ? t('journey.copay.nothingReady', { count: waiting.length }) : t('journey.copay.paysOthers', { count: waiting.length })}</p>
      {waiting.map((l) =>
        l.copay?.pay_now ? (
          <Button key={l.id} variant="secondary" size="sm" className="h-auto! min-h-11 justify-start py-2 text-left whitespace-normal" disabled={busy} onClick={() => onPayNow(l.id)}>
            {t(l.copay.pay_now.coverage === 'pro' ? 'journey.copay.payNowPro' : 'journey.copay.payNowRetail', {
              title: l.title,
              price: moneyText(l.copay.pay_now.line_total),
            })}
          </Button>
        ) : null,
      )}
    </div>
  );
}

/** The cart drawer of 02§2, kept on the server for signed-in users. */
export default function CartDrawer({
  onClose,
  coPayItems,
  onRemoveCoPay,
}: {
  onClose: () => void;
  coPayItems: CoPayCartItem[];
  onRemoveCoPay: (id: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const waitingId = useId();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  const cart = useQuery(cartQuery(signedIn));
  const changeCart = useChangeCart();
  const working = changeCart.isPending;
  const startCheckout = useCheckout();
  const [checkingOut, setCheckingOut] = useState(false);

  const run = (change: CartChange, toastKey?: 'updated' | 'removed' | 'cleared', title?: string) => {
    if (working) return;
    changeCart
      .mutateAsync(change)
      .then(() => {
        if (toastKey === 'updated') toast({ title: t('cart.toast.updated'), description: t('cart.toast.updatedBody', { title }), variant: 'success' });
        if (toastKey === 'removed') toast({ title: t('cart.toast.removed'), description: t('cart.toast.removedBody', { title }) });
        if (toastKey === 'cleared') toast({ title: t('cart.toast.cleared'), description: t('cart.toast.clearedBody') });
      })
      .catch((err: unknown) => toast(cartErrorToast(err, t)));
  };

  // withdrawCoPay: waiting co-pay lines paid now instead (issue 28 item 2); other waiting lines
  // stay in the cart and the server pays the ready ones.
  const checkout = async (withdrawCoPay: string[] = []) => {
    const c = cart.data;
    if (!c || checkingOut) return;
    if (c.pending_coverage_count > 0) {
      toast({ title: t('cart.errors.coverageRequired.title'), description: t('cart.errors.coverageRequired.body'), variant: 'error' });
      return;
    }
    if (c.consultation_count > 0 && withdrawCoPay.length === 0) {
      // 03§5: checkout with consultation or quote items opens the cart consultation flow; the
      // server releases each line once its consultation is booked.
      onClose();
      openCartConsultation(
        (c.items ?? [])
          .filter((l) => l.requires_consultation)
          .map((l) => ({
            id: l.id,
            service_id: l.service_id,
            title: l.title,
            vendor: l.vendor,
            ...(l.consultation_booked && l.consultation ? { booking_id: l.consultation.booking_id, external: l.consultation.is_external } : {}),
          })),
      );
      return;
    }
    setCheckingOut(true);
    const r = await startCheckout(withdrawCoPay);
    setCheckingOut(false);
    if (r) onClose();
  };

  const lines = cart.data?.items ?? [];
  const waiting = lines.filter((l) => l.checkout === 'hold_copay');
  // Nothing checkout could take now: every line waits for a vendor (the notice says so).
  const nothingReady = !!cart.data && cart.data.payable_count === 0 && cart.data.consultation_count === 0 && cart.data.pending_coverage_count === 0;

  return (
    <Modal
      labelledBy={titleId}
      onClose={onClose}
      className="ml-auto flex h-full max-h-full max-w-md! flex-col gap-4 overflow-y-auto rounded-card"
    >
      <div className="flex items-center justify-between">
        <h2 id={titleId} className="flex items-center gap-2 text-xl font-semibold text-fg">
          <ShoppingCart aria-hidden="true" className="size-5" />
          {t('cart.title')}
        </h2>
        <Button variant="ghost" size="sm" aria-label={t('cart.close')} onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {!signedIn ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-fg-muted">{t('cart.signedOut')}</p>
          <ButtonLink to="/auth?mode=signup" onClick={onClose}>
            {t('cart.signUp')}
          </ButtonLink>
        </div>
      ) : cart.isPending ? (
        <ul aria-busy="true" aria-label={t('cart.loading')} className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-20 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
          ))}
        </ul>
      ) : cart.isError ? (
        <LoadFailed message={t('cart.loadError')} retryLabel={t('cart.retry')} onRetry={() => void cart.refetch()} className="flex flex-col gap-3" messageClassName="text-sm text-danger-strong" />
      ) : lines.length === 0 && coPayItems.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-fg-muted">{t('cart.empty')}</p>
          <ButtonLink to="/marketplace" variant="secondary" onClick={onClose}>
            {t('cart.browse')}
          </ButtonLink>
        </div>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-border" aria-busy={working}>
            {lines.map((line) => (
              <LineItem key={line.id} line={line} run={run} />
            ))}
            {coPayItems.map((c) => (
              <li key={c.id} className="flex flex-col gap-2 py-4" data-testid="cart-copay-line">
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <p className="text-sm font-semibold text-fg">{c.title}</p>
                    <p className="text-xs text-fg-muted">{c.vendor}</p>
                    <div className="mt-1 flex gap-1">
                      <Badge id={c.status === 'approved' ? 'vendor_approved' : 'pending_vendor_approval'} />
                    </div>
                  </div>
                  {c.requestedSplit ? (
                    <p className="text-xs text-fg-muted">{t('cart.copaySplit', { percent: c.requestedSplit })}</p>
                  ) : null}
                </div>
                <div className="flex justify-end">
                  <Button variant="ghost" size="sm" aria-label={t('cart.remove', { title: c.title })} onClick={() => onRemoveCoPay(c.id)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t('cart.removeShort')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {cart.data ? (
            // Flush with the panel's bottom edge (-mb-6 pb-6 -bottom-6 against its p-6), the checkout always in view.
            <ModalFooter className="mt-auto -mb-6 flex flex-col gap-3 border-t border-border pt-3 pb-6 -bottom-6!">
              {cart.data.pending_coverage_count > 0 ? (
                <p className="text-xs text-warning-strong">{t('cart.pendingCoverage', { count: cart.data.pending_coverage_count })}</p>
              ) : null}
              {waiting.length > 0 ? (
                <WaitingNotice id={waitingId} waiting={waiting} nothingReady={nothingReady} busy={checkingOut || working} onPayNow={(id) => void checkout([id])} />
              ) : null}
              {cart.data.consultation_count > 0 ? (
                <p className="text-xs text-fg-muted">{t('cart.heldBackNote', { count: cart.data.consultation_count })}</p>
              ) : null}
              <div className="flex items-center justify-between">
                <p className="text-sm font-medium text-fg">{t('cart.subtotal')}</p>
                <p className="text-lg font-bold tabular text-fg" data-testid="cart-subtotal">
                  {moneyText(cart.data.subtotal)}
                </p>
              </div>
              {lines.some((l) => !l.requires_consultation && periodOf(l.price_suffix)) ? (
                <p className="text-xs text-fg-muted">{t('cart.recurringNote')}</p>
              ) : null}
              <p className="text-xs text-fg-muted">{t('cart.taxNote')}</p>
              <div className="flex flex-wrap justify-between gap-2">
                <Button variant="ghost" disabled={working || lines.length === 0} onClick={() => run({ kind: 'clear' }, 'cleared')}>
                  {t('cart.clear')}
                </Button>
                <Button
                  onClick={() => void checkout()}
                  disabled={checkingOut || working || lines.length === 0 || nothingReady}
                  aria-describedby={waiting.length > 0 ? waitingId : undefined}
                >
                  {checkingOut ? t('cart.processing') : t('cart.checkout')}
                </Button>
              </div>
              <Link to="/orders" onClick={onClose} className="text-xs text-primary underline">
                {t('cart.ordersLink')}
              </Link>
            </ModalFooter>
          ) : null}
        </>
      )}
    </Modal>
  );
}
