import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../lib/api/client';
import { openCart } from '../../lib/cart';
import type { PurchaseRequest } from '../../lib/purchase';
import { useViewer, type Viewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { startCheckout } from './startCheckout';
import { addCartItem, storeCart, type CartView, type Coverage } from './api';
import { cartErrorToast } from './errors';
import { offerFor, type Offer } from './offer';
import type { ChoiceViewer } from './rules';

/** The service's current prices and packages (GET /api/services/{id}). */
export function useOffer(request: PurchaseRequest) {
  return useQuery({
    queryKey: ['cart', 'offer', request.serviceId, request.packageName ?? '', request.shownPriceCents ?? null],
    queryFn: async ({ signal }) => {
      const d = await unwrap(api.GET('/api/services/{id}', { params: { path: { id: request.serviceId } }, signal }));
      return offerFor(request, d.service, d.packages ?? []);
    },
    retry: false,
    staleTime: 60_000,
  });
}

/** circle_points of the profile (0 until the API sends it). */
export function viewerPoints(v: Viewer): number {
  const raw = (v.profile as unknown as Record<string, unknown> | undefined)?.circle_points;
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : 0;
}

export function useChoiceViewer(): ChoiceViewer {
  const viewer = useViewer();
  return { signedIn: viewer.status === 'signed-in', isPro: viewer.isPro, points: viewerPoints(viewer) };
}

/** The toast of a cart answer's event (02§8: Added to cart, Updated cart, ...). */
export function cartEventToast(cart: CartView, title: string, t: (k: string, o?: Record<string, unknown>) => string): void {
  if (cart.event === 'updated') toast({ title: t('cart.toast.updated'), description: t('cart.toast.updatedBody', { title }), variant: 'success' });
  else toast({ title: t('cart.toast.added'), description: t('cart.toast.addedBody', { title }), variant: 'success' });
}

/**
 * Adds an offer to the server cart at a coverage, after the client price check (a missing or
 * zero price is a Pricing Error); the server checks the price again (Price Validation Failed).
 * Buy Now then goes to checkout; Add to Cart opens the drawer.
 */
export function useAddOffer(request: PurchaseRequest, onDone: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const add = useCallback(
    async (offer: Offer, coverage: Coverage | null) => {
      if (busy) return;
      let price: number | null = null;
      if (!offer.quote) {
        price = coverage === 'pro' ? offer.proCents : offer.retailCents;
        if (!price || price <= 0) {
          toast({ title: t('cart.errors.pricingError.title'), description: t('cart.errors.pricingError.body'), variant: 'error' });
          return;
        }
      }
      setBusy(true);
      try {
        const cart = storeCart(
          queryClient,
          await addCartItem({
            service_id: offer.serviceId,
            ...(offer.packageId ? { package_id: offer.packageId } : {}),
            ...(price !== null ? { price_cents: price } : {}),
            ...(coverage && !offer.quote ? { coverage } : {}),
            ...(offer.yearly ? { yearly: true } : {}),
          }),
        );
        if (request.mode === 'buy_now' && !offer.quote) {
          await startCheckout({ queryClient, t });
          onDone();
          return;
        }
        cartEventToast(cart, request.serviceName, t);
        onDone();
        openCart();
      } catch (err) {
        toast(cartErrorToast(err, t));
      } finally {
        setBusy(false);
      }
    },
    [busy, onDone, queryClient, request.mode, request.serviceName, t],
  );
  return { add, busy };
}
