import { Crown, Lock } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LabelledControl } from '../../components/form/LabelledControl';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { requestCoPay } from '../../lib/copay';
import { moneyText } from '../../lib/money';
import type { PurchaseRequest } from '../../lib/purchase';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { openCart } from '../../lib/cart';
import { useAutomaticCoPay, useCoPayPartners } from './useAutomaticCoPay';
import { useAddOffer, useOffer, type OfferOption, type PurchaseOffer } from './usePurchase';

type Choice = OfferOption['coverage'];
type LockedReason = NonNullable<OfferOption['locked_reason']>;

const LABEL: Record<Choice, string> = {
  retail: 'cart.choice.retail',
  pro: 'cart.choice.pro',
  copay: 'cart.choice.copay',
  points: 'cart.choice.points',
};

const REASON: Record<LockedReason, string> = {
  sign_in_required: 'cart.choice.reason.signInRequired',
  pro_only: 'cart.choice.reason.proOnly',
  not_eligible: 'cart.choice.reason.notEligible',
  insufficient_points: 'cart.choice.reason.insufficientPoints',
  insufficient_balance: 'cart.choice.reason.insufficientBalance',
  no_price: 'cart.choice.reason.noPrice',
};

function ReasonBadge({ option }: { option: OfferOption }) {
  const { t } = useTranslation();
  if (!option.locked_reason) return null;
  const proOnly = option.locked_reason === 'pro_only';
  // The points option names the spec's payment-dialog message for non-members (02§8).
  const key = proOnly && option.coverage === 'points' ? 'cart.choice.reason.proMemberRequired' : REASON[option.locked_reason];
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-pill px-2 py-0.5 text-xs font-semibold',
        proOnly ? 'bg-pro-soft text-pro-strong' : 'bg-surface-sunken text-fg-muted',
      )}
    >
      {proOnly ? <Crown aria-hidden="true" className="size-3" /> : <Lock aria-hidden="true" className="size-3" />}
      {t(key)}
    </span>
  );
}

/** The server's price of an option (points: the points it costs). */
function OptionPrice({ option }: { option: OfferOption }) {
  const { t } = useTranslation();
  if (option.coverage === 'points') {
    return <span className="tabular text-sm text-fg-muted">{option.locked_reason === 'pro_only' ? t('cart.choice.pointsLocked') : option.points_needed > 0 ? t('cart.choice.pointsNeeded', { points: option.points_needed }) : null}</span>;
  }
  if (!option.price) return null;
  return <span className="tabular text-base font-semibold text-fg">{moneyText(option.price)}</span>;
}

/** Shared frame: loads the offer, then renders the body; quote services skip straight to the cart. */
function useLoadedOffer(request: PurchaseRequest, onClose: () => void) {
  const offer = useOffer(request);
  const { add, busy } = useAddOffer(request, onClose);
  const autoAdded = useRef(false);
  const data = offer.data;
  useEffect(() => {
    // Quote services and requests that already name a coverage need no choice.
    if (!data || autoAdded.current) return;
    if (data.quote) {
      autoAdded.current = true;
      void add(data, null);
    } else if (request.coverage) {
      autoAdded.current = true;
      void add(data, request.coverage);
    }
  }, [add, data, request.coverage]);
  const needsChoice = Boolean(data && !data.quote && !request.coverage);
  return { offer, add, busy, needsChoice };
}

function LoadingOrError({ offer, onClose }: { offer: ReturnType<typeof useOffer>; onClose: () => void }) {
  const { t } = useTranslation();
  if (offer.isError) {
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-sm text-danger-strong">
          {t('cart.choice.loadError')}
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('cart.choice.cancel')}
          </Button>
          <Button onClick={() => void offer.refetch()}>{t('cart.retry')}</Button>
        </div>
      </div>
    );
  }
  return <Waiting text={t('cart.choice.loading')} />;
}

/** A spinner with what the dialog is waiting for, announced politely. */
function Waiting({ text }: { text: string }) {
  return (
    <div className="flex items-center gap-2 py-6 text-sm text-fg-muted" role="status">
      <Spinner />
      {text}
    </div>
  );
}

/** An option's name, why it is locked, and (points) how much of the price points may pay. */
function OptionText({ option: o }: { option: OfferOption }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col gap-1">
      <span className="font-medium text-fg">{t(LABEL[o.coverage])}</span>
      <ReasonBadge option={o} />
      {o.coverage === 'points' && o.points_limit ? (
        <span className="text-xs text-fg-muted" data-testid="points-limit">
          {t(`cart.pointsLimit.${o.points_limit.base}`, { percent: o.points_limit.percent, amount: moneyText(o.points_limit.amount) })}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The frame both purchase dialogs share: the title and the service's name, then the choice
 * (children) once the offer needs one, "adding" while a choice-free offer goes to the cart,
 * or the offer's loading and error states.
 */
function OfferDialog({
  title,
  request,
  offer,
  needsChoice,
  busy,
  onClose,
  children,
}: {
  title: string;
  request: PurchaseRequest;
  offer: ReturnType<typeof useOffer>;
  needsChoice: boolean;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onClose={busy ? undefined : onClose} className="flex flex-col gap-4">
      <div>
        <h2 id={titleId} className="text-xl font-semibold text-fg">
          {title}
        </h2>
        <p className="text-sm text-fg-muted">{request.serviceName}</p>
      </div>
      {needsChoice && offer.data ? children : offer.data ? <Waiting text={t('cart.choice.adding')} /> : <LoadingOrError offer={offer} onClose={onClose} />}
    </Modal>
  );
}

/** Choose Your Payment Option (02§2): one button per way to pay, with the role rules of 02§4-5. */
export function PricingChoiceDialog({ request, onClose }: { request: PurchaseRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { offer, add, busy, needsChoice } = useLoadedOffer(request, onClose);
  const options = offer.data?.coverage_options ?? [];

  return (
    <OfferDialog title={t('cart.choice.title')} request={request} offer={offer} needsChoice={needsChoice} busy={busy} onClose={onClose}>
      <>
        <ul className="flex flex-col gap-2">
          {options.map((o, i) => (
            <li key={o.coverage}>
              {o.coverage === 'points' && options.length > 1 && i > 0 ? (
                <p className="mb-2 text-center text-xs font-semibold uppercase text-fg-muted">{t('cart.choice.or')}</p>
              ) : null}
              <button
                type="button"
                disabled={!o.eligible || busy}
                onClick={() => {
                  const chosen = offer.data as PurchaseOffer;
                  if (o.coverage === 'copay') {
                    // Get Vendor Help (Co-Pay): the partner picker sends the request (lib/copay).
                    onClose();
                    requestCoPay({ serviceId: chosen.service_id, serviceName: request.serviceName, packageId: chosen.package_id, yearly: chosen.yearly });
                    return;
                  }
                  void add(chosen, o.coverage === 'pro' || o.coverage === 'points' ? o.coverage : 'retail');
                }}
                className={cn(
                  'flex w-full items-center justify-between gap-3 rounded-control border px-4 py-3 text-left',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                  o.eligible ? 'border-primary bg-primary-soft hover:bg-surface-sunken' : 'cursor-not-allowed border-border bg-surface-muted opacity-80',
                )}
              >
                <OptionText option={o} />
                <OptionPrice option={o} />
              </button>
            </li>
          ))}
        </ul>
        {!viewer.isPro ? (
          <Link to="/pricing" target="_blank" className="inline-flex items-center gap-1 text-sm font-medium text-primary underline">
            <Crown aria-hidden="true" className="size-4 text-pro" />
            {t('cart.choice.upgrade')}
          </Link>
        ) : null}
        {busy ? (
          <p role="status" className="text-sm text-fg-muted">
            {t('cart.choice.adding')}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cart.choice.cancel')}
          </Button>
        </div>
      </>
    </OfferDialog>
  );
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

/**
 * The purchase dialog (02§2): retail, pro or co-pay, default retail; Buy Now goes to checkout.
 * Co-pay with a partner whose points the agent holds runs the co-pay purchase flow (02§4,
 * POST /api/points/copay): full_coverage goes on to checkout with the points taken off
 * (Co-Pay Processed!); partial_coverage and vendor_only leave a co-pay request in the cart
 * (Co-Pay Request Sent!); a fall-through or any failure is logged and normal checkout is
 * attempted (02§8). Without such a partner, co-pay opens the partner picker.
 */
export function PurchaseDialog({ request, onClose }: { request: PurchaseRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const { offer, add, busy: adding, needsChoice } = useLoadedOffer(request, onClose);
  // The purchase dialog offers every option but points.
  const options = (offer.data?.coverage_options ?? []).filter((o) => o.coverage !== 'points');
  const [picked, setPicked] = useState<Choice | null>(null);
  const selected = picked ?? (offer.data?.default_coverage || null);
  const name = useId();
  const partnerId = useId();
  const { partners } = useCoPayPartners(Boolean(needsChoice && options.some((o) => o.coverage === 'copay' && o.eligible)));
  const [partner, setPartner] = useState<string>('');
  const chosenPartner = partners.find((p) => p.vendorId === partner) ?? partners[0];
  const coPay = useAutomaticCoPay();
  const key = useRef(newKey());
  const busy = adding || coPay.isPending;

  /** Normal checkout: the Pro price when the member may use it, else retail. */
  const normalCoverage = (): 'pro' | 'retail' => (options.some((o) => o.coverage === 'pro' && o.eligible) ? 'pro' : 'retail');

  async function automaticCoPay(chosen: PurchaseOffer, vendorId: string, vendorName: string) {
    try {
      const res = await coPay.mutateAsync({
        service_id: chosen.service_id,
        ...(chosen.package_id ? { package_id: chosen.package_id } : {}),
        ...(chosen.yearly ? { yearly: true } : {}),
        vendor_id: vendorId,
        idempotency_key: key.current,
      });
      if (res.fell_through || !res.success) throw new Error(`co-pay fell through (${res.copay.coverage_kind})`);
      if (res.copay.coverage_kind === 'full_coverage') {
        toast({ title: t('cart.purchase.copayProcessed'), description: t('cart.purchase.copayProcessedBody', { vendor: vendorName }), variant: 'success' });
        void add(chosen, normalCoverage());
        return;
      }
      toast({ title: t('cart.purchase.copayRequestSent'), description: t('cart.purchase.copayRequestSentBody', { vendor: vendorName }), variant: 'success' });
      onClose();
      openCart();
    } catch (err) {
      // 02§8 "Co-pay processing failure: Logged, then normal checkout is attempted".
      console.warn('co-pay processing failed; normal checkout', err);
      // A new attempt is a new co-pay (the server recorded this one as fell_through).
      key.current = newKey();
      void add(chosen, normalCoverage());
    }
  }

  return (
    <OfferDialog title={t('cart.purchase.title')} request={request} offer={offer} needsChoice={needsChoice} busy={busy} onClose={onClose}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (selected === 'copay') {
            const chosen = offer.data as PurchaseOffer;
            if (chosenPartner) {
              void automaticCoPay(chosen, chosenPartner.vendorId, chosenPartner.vendorName);
              return;
            }
            onClose();
            requestCoPay({ serviceId: chosen.service_id, serviceName: request.serviceName, packageId: chosen.package_id, yearly: chosen.yearly });
            return;
          }
          if (!selected || selected === 'points') {
            toast({ title: t('cart.purchase.failed'), description: t('cart.purchase.invalidPrice'), variant: 'error' });
            return;
          }
          void add(offer.data as PurchaseOffer, selected);
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-fg">{t('cart.purchase.legend')}</legend>
          {options.map((o) => (
            <label
              key={o.coverage}
              className={cn(
                'flex items-center justify-between gap-3 rounded-control border px-4 py-3',
                selected === o.coverage ? 'border-primary bg-primary-soft' : 'border-border',
                !o.eligible && 'opacity-80',
              )}
            >
              <span className="flex items-center gap-3">
                <input
                  type="radio"
                  name={name}
                  value={o.coverage}
                  checked={selected === o.coverage}
                  disabled={!o.eligible || busy}
                  onChange={() => setPicked(o.coverage)}
                  className="size-4 accent-primary"
                />
                <OptionText option={o} />
              </span>
              <OptionPrice option={o} />
            </label>
          ))}
        </fieldset>
        {selected === 'copay' && partners.length > 0 ? (
          <LabelledControl id={partnerId} label={t('cart.purchase.copayPartner')} className="flex flex-col gap-1">
            <select
              id={partnerId}
              value={chosenPartner?.vendorId ?? ''}
              disabled={busy}
              onChange={(e) => setPartner(e.target.value)}
              className="rounded-control border border-border bg-surface px-3 py-2 text-sm text-fg"
            >
              {partners.map((p) => (
                <option key={p.vendorId} value={p.vendorId}>
                  {t('cart.purchase.copayPartnerPoints', { vendor: p.vendorName, points: p.points.toLocaleString() })}
                </option>
              ))}
            </select>
          </LabelledControl>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cart.choice.cancel')}
          </Button>
          <Button type="submit" disabled={busy || !selected}>
            {busy ? t('cart.purchase.processing') : t('cart.purchase.buyNow')}
          </Button>
        </div>
      </form>
    </OfferDialog>
  );
}
