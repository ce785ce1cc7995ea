import { Crown, Lock } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import type { PurchaseRequest } from '../../lib/purchase';
import { toast } from '../../lib/toast';
import type { Offer } from './offer';
import { useMoney } from '../../lib/useMoney';
import { pricingChoiceOptions, purchaseOptions, type ChoiceId, type ChoiceOption } from './rules';
import { useAddOffer, useChoiceViewer, useOffer } from './usePurchase';

const LABEL: Record<ChoiceId, string> = {
  retail: 'cart.choice.retail',
  pro: 'cart.choice.pro',
  copay: 'cart.choice.copay',
  points: 'cart.choice.points',
};

function ReasonBadge({ option }: { option: ChoiceOption }) {
  const { t } = useTranslation();
  if (!option.reason) return null;
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-pill px-2 py-0.5 text-xs font-semibold',
        option.reason === 'proOnly' ? 'bg-pro-soft text-pro-strong' : 'bg-surface-sunken text-fg-muted',
      )}
    >
      {option.reason === 'proOnly' ? <Crown aria-hidden="true" className="size-3" /> : <Lock aria-hidden="true" className="size-3" />}
      {t(`cart.choice.reason.${option.reason}`)}
    </span>
  );
}

function OptionPrice({ option }: { option: ChoiceOption }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (option.id === 'points') {
    return <span className="tabular text-sm text-fg-muted">{option.reason === 'proOnly' ? t('cart.choice.pointsLocked') : option.priceCents ? t('cart.choice.pointsNeeded', { points: Math.ceil(option.priceCents / 100) }) : null}</span>;
  }
  if (option.priceCents === null || option.priceCents <= 0) return null;
  return <span className="tabular text-base font-semibold text-fg">{money(option.priceCents)}</span>;
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
  return (
    <div className="flex items-center gap-2 py-6 text-sm text-fg-muted" role="status">
      <Spinner />
      {t('cart.choice.loading')}
    </div>
  );
}

/** Choose Your Payment Option (02§2): one button per way to pay, with the role rules of 02§4-5. */
export function PricingChoiceDialog({ request, onClose }: { request: PurchaseRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const viewer = useChoiceViewer();
  const { offer, add, busy, needsChoice } = useLoadedOffer(request, onClose);
  const options = offer.data ? pricingChoiceOptions(viewer, offer.data) : [];

  return (
    <Modal labelledBy={titleId} onClose={busy ? undefined : onClose} className="flex flex-col gap-4">
      <div>
        <h2 id={titleId} className="text-xl font-semibold text-fg">
          {t('cart.choice.title')}
        </h2>
        <p className="text-sm text-fg-muted">{request.serviceName}</p>
      </div>
      {needsChoice && offer.data ? (
        <>
          <ul className="flex flex-col gap-2">
            {options.map((o, i) => (
              <li key={o.id}>
                {o.id === 'points' && options.length > 1 && i > 0 ? (
                  <p className="mb-2 text-center text-xs font-semibold uppercase text-fg-muted">{t('cart.choice.or')}</p>
                ) : null}
                <button
                  type="button"
                  disabled={!o.enabled || busy}
                  onClick={() => void add(offer.data as Offer, o.id === 'pro' ? 'pro' : 'retail')}
                  className={cn(
                    'flex w-full items-center justify-between gap-3 rounded-control border px-4 py-3 text-left',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                    o.enabled ? 'border-primary bg-primary-soft hover:bg-surface-sunken' : 'cursor-not-allowed border-border bg-surface-muted opacity-80',
                  )}
                >
                  <span className="flex flex-col gap-1">
                    <span className="font-medium text-fg">{t(LABEL[o.id])}</span>
                    <ReasonBadge option={o} />
                  </span>
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
      ) : offer.data ? (
        <div className="flex items-center gap-2 py-6 text-sm text-fg-muted" role="status">
          <Spinner />
          {t('cart.choice.adding')}
        </div>
      ) : (
        <LoadingOrError offer={offer} onClose={onClose} />
      )}
    </Modal>
  );
}

/** The purchase dialog (02§2): retail, pro or co-pay, default retail; Buy Now goes to checkout. */
export function PurchaseDialog({ request, onClose }: { request: PurchaseRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const viewer = useChoiceViewer();
  const { offer, add, busy, needsChoice } = useLoadedOffer(request, onClose);
  const { options, initial } = offer.data ? purchaseOptions(viewer, offer.data) : { options: [], initial: null };
  const [picked, setPicked] = useState<ChoiceId | null>(null);
  const selected = picked ?? initial;
  const name = useId();

  return (
    <Modal labelledBy={titleId} onClose={busy ? undefined : onClose} className="flex flex-col gap-4">
      <div>
        <h2 id={titleId} className="text-xl font-semibold text-fg">
          {t('cart.purchase.title')}
        </h2>
        <p className="text-sm text-fg-muted">{request.serviceName}</p>
      </div>
      {needsChoice && offer.data ? (
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!selected || selected === 'copay' || selected === 'points') {
              toast({ title: t('cart.purchase.failed'), description: t('cart.purchase.invalidPrice'), variant: 'error' });
              return;
            }
            void add(offer.data as Offer, selected);
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-fg">{t('cart.purchase.legend')}</legend>
            {options.map((o) => (
              <label
                key={o.id}
                className={cn(
                  'flex items-center justify-between gap-3 rounded-control border px-4 py-3',
                  selected === o.id ? 'border-primary bg-primary-soft' : 'border-border',
                  !o.enabled && 'opacity-80',
                )}
              >
                <span className="flex items-center gap-3">
                  <input
                    type="radio"
                    name={name}
                    value={o.id}
                    checked={selected === o.id}
                    disabled={!o.enabled || busy}
                    onChange={() => setPicked(o.id)}
                    className="size-4 accent-primary"
                  />
                  <span className="flex flex-col gap-1">
                    <span className="font-medium text-fg">{t(LABEL[o.id])}</span>
                    <ReasonBadge option={o} />
                  </span>
                </span>
                <OptionPrice option={o} />
              </label>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('cart.choice.cancel')}
            </Button>
            <Button type="submit" disabled={busy || !selected}>
              {busy ? t('cart.purchase.processing') : t('cart.purchase.buyNow')}
            </Button>
          </div>
        </form>
      ) : offer.data ? (
        <div className="flex items-center gap-2 py-6 text-sm text-fg-muted" role="status">
          <Spinner />
          {t('cart.choice.adding')}
        </div>
      ) : (
        <LoadingOrError offer={offer} onClose={onClose} />
      )}
    </Modal>
  );
}
