import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { addCoPayEvent, cartQueryKey, clearPendingCartItem, openCartEvent, readPendingCartItem, savePendingCartItem } from '../../lib/cart';
import { takePendingAction } from '../../lib/pendingAction';
import { onPurchaseRequest, type PurchaseRequest } from '../../lib/purchase';
import { useViewer } from '../../lib/session';
import { whenIdle } from '../../lib/idle';
import { lazyLoaded } from '../../lib/lazyLoaded';
import { toast } from '../../lib/toast';
import { useAskToSignIn } from '../../lib/useAskToSignIn';
import { useMergePendingItem } from './api';
import type { CoPayCartItem } from './CartDrawer';
import { cartErrorToast } from './errors';
import { cartEventToast } from './usePurchase';

const CartDrawer = lazy(() => import('./CartDrawer'));
const loadPurchaseDialogs = () => import('./PurchaseDialogs');
type PurchaseDialogs = typeof import('./PurchaseDialogs');
const PricingChoiceDialog = lazyLoaded<ComponentProps<PurchaseDialogs['PricingChoiceDialog']>>(() =>
  loadPurchaseDialogs().then((m) => ({ default: m.PricingChoiceDialog })),
);
const PurchaseDialog = lazyLoaded<ComponentProps<PurchaseDialogs['PurchaseDialog']>>(() =>
  loadPurchaseDialogs().then((m) => ({ default: m.PurchaseDialog })),
);

/**
 * Downloads the purchase dialogs' chunk once the browser is idle, for a signed-in viewer (a
 * visitor's Add to Cart is a toast): the first Add to Cart then opens its dialog at once instead
 * of after a chunk download (issue 18 item 9; it took 2 s on a loaded machine) and React's
 * Suspense throttle (lazyLoaded: 330-470 ms before, 25-90 ms after).
 */
function preloadPurchaseDialogs(): () => void {
  return whenIdle(() => {
    PricingChoiceDialog.preload().catch(() => undefined);
    PurchaseDialog.preload().catch(() => undefined);
  });
}

/** Reads a co-pay item from an addCoPayToCart event's detail (shape owned by the co-pay feature). */
export function coPayItemOf(detail: unknown): CoPayCartItem | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const d = detail as Record<string, unknown>;
  const str = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
  const title = str('title') || str('serviceName');
  if (!title) return null;
  const vendorObj = d.selectedVendor as Record<string, unknown> | undefined;
  const vendor = str('vendor') || (typeof vendorObj?.name === 'string' ? vendorObj.name : '');
  const split = typeof d.requestedSplit === 'number' ? d.requestedSplit : undefined;
  return {
    id: str('id') || `copay-${title}-${vendor}`,
    title,
    vendor,
    requestedSplit: split,
    status: str('status') === 'approved' ? 'approved' : 'pending-approval',
  };
}

/**
 * The cart layer, mounted once in the app shell: it answers every purchase request
 * (lib/purchase.ts), opens the drawer on openCart and addCoPayToCart, and adds the pending item
 * of a visitor who then signed in.
 */
export function CartLayer() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const ask = useAskToSignIn();
  const queryClient = useQueryClient();
  const [drawer, setDrawer] = useState(false);
  const [choice, setChoice] = useState<PurchaseRequest | null>(null);
  const [coPay, setCoPay] = useState<CoPayCartItem[]>([]);
  const status = viewer.status;

  // The latest state for the window listeners, which are installed once.
  const latest = useRef({ status, t, ask });
  useEffect(() => {
    latest.current = { status, t, ask };
  });

  // A request made while the session is still loading waits for it.
  const queued = useRef<PurchaseRequest | null>(null);
  const handle = useRef((request: PurchaseRequest) => {
    const { status: s, t: tr, ask: askToSignIn } = latest.current;
    if (s === 'loading') {
      queued.current = request;
      return;
    }
    if (s !== 'signed-in') {
      savePendingCartItem({
        serviceId: request.serviceId,
        serviceName: request.serviceName,
        packageName: request.packageName ?? '',
        price: request.shownPriceCents ?? 0,
      });
      // Like save and discount interest: a toast with Sign in / Create account that comes back
      // here; the item above is what gets added after sign-in (issue 18 item 7).
      askToSignIn('cart', request.serviceId, tr('cart.signInRequired'), tr('cart.signInRequiredBody'));
      return;
    }
    setDrawer(false);
    setChoice(request);
  });

  useEffect(() => onPurchaseRequest((request) => handle.current(request)), []);

  useEffect(() => (status === 'signed-in' ? preloadPurchaseDialogs() : undefined), [status]);

  useEffect(() => {
    if (status === 'loading' || !queued.current) return;
    const request = queued.current;
    queued.current = null;
    handle.current(request);
  }, [status]);

  useEffect(() => {
    const onOpen = () => setDrawer(true);
    const onCoPay = (detail: unknown) => {
      const item = coPayItemOf(detail);
      if (item) setCoPay((list) => [...list.filter((c) => c.id !== item.id), item]);
      setDrawer(true);
    };
    // The hosted payment page runs in another tab; coming back shows the cart as it is now.
    const onFocus = () => void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    const offOpen = openCartEvent.on(onOpen);
    const offCoPay = addCoPayEvent.on(onCoPay);
    window.addEventListener('focus', onFocus);
    return () => {
      offOpen();
      offCoPay();
      window.removeEventListener('focus', onFocus);
    };
  }, [queryClient]);

  // The visitor's pending item goes into the server cart once they are signed in (02§5, 01§9).
  const { mutateAsync: mergePendingItem } = useMergePendingItem();
  const merging = useRef(false);
  useEffect(() => {
    if (status !== 'signed-in' || merging.current) return;
    const pending = readPendingCartItem();
    if (!pending) return;
    merging.current = true;
    mergePendingItem({
      type: 'service',
      serviceId: pending.serviceId,
      serviceName: pending.serviceName,
      packageName: pending.packageName,
      ...(pending.price > 0 ? { price: pending.price } : {}),
      timestamp: pending.timestamp,
    })
      .then((cart) => {
        clearPendingCartItem();
        takePendingAction(['cart']);
        cartEventToast(cart, pending.serviceName, t);
      })
      .catch((err: unknown) => {
        // A refused item is dropped with the spec's message; a network failure tries again later.
        if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401) {
          clearPendingCartItem();
          takePendingAction(['cart']);
          toast(cartErrorToast(err, t));
        }
      })
      .finally(() => {
        merging.current = false;
      });
  }, [status, mergePendingItem, t]);

  return (
    <Suspense fallback={null}>
      {drawer ? (
        <CartDrawer onClose={() => setDrawer(false)} coPayItems={coPay} onRemoveCoPay={(id) => setCoPay((l) => l.filter((c) => c.id !== id))} />
      ) : null}
      {choice && choice.mode === 'add' ? <PricingChoiceDialog request={choice} onClose={() => setChoice(null)} /> : null}
      {choice && choice.mode === 'buy_now' ? <PurchaseDialog request={choice} onClose={() => setChoice(null)} /> : null}
    </Suspense>
  );
}
