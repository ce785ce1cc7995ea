import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { detailViewerKey } from '../../lib/api/service-detail';
import { serviceOffersQuery } from '../../lib/api/service-offers';
import { openCart } from '../../lib/cart';
import type { PurchaseRequest } from '../../lib/purchase';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useCheckout } from './startCheckout';
import { useAddCartItem, type CartView, type Coverage } from './api';
import { cartErrorToast } from './errors';

/** What a purchase request buys and the options its dialogs show, resolved by the server. */
export type PurchaseOffer = components['schemas']['PurchaseOffer'];
export type OfferOption = components['schemas']['OfferOption'];

/**
 * The server's offer for a purchase request: the offer its package name (trimmed, any case)
 * names, the yearly one when the request showed that offer's price, else the service itself.
 * Only a lookup: every price and option comes from the server.
 */
export function offerFor(offers: readonly PurchaseOffer[] | null | undefined, request: PurchaseRequest): PurchaseOffer | undefined {
  const all = offers ?? [];
  const key = (request.packageName ?? '').trim().toLowerCase();
  const named = all.filter((o) => (o.request_names ?? []).includes(key));
  return (
    named.find((o) => o.yearly && request.shownPriceCents !== undefined && o.retail_price_cents === request.shownPriceCents) ??
    named.find((o) => !o.yearly) ??
    all.find((o) => (o.request_names ?? []).includes(''))
  );
}

/**
 * The request's offer, from the light offers answer (GET /api/services/{id}/offers): opening a
 * purchase dialog from a card reads no reviews and counts no view of the service's page. A
 * purchase from the detail page reads the offers its detail answer already carries.
 */
export function useOffer(request: PurchaseRequest) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  return useQuery({
    // The detail page's viewer key: the signed-in user's id.
    ...serviceOffersQuery(queryClient, request.serviceId, detailViewerKey(viewer)),
    select: (answer) => offerFor(answer.offers, request) ?? null,
  });
}

/** The toast of a cart answer's event (02§8: Added to cart, Updated cart, ...). */
export function cartEventToast(cart: CartView, title: string, t: (k: string, o?: Record<string, unknown>) => string): void {
  if (cart.event === 'updated') toast({ title: t('cart.toast.updated'), description: t('cart.toast.updatedBody', { title }), variant: 'success' });
  else toast({ title: t('cart.toast.added'), description: t('cart.toast.addedBody', { title }), variant: 'success' });
}

/** The server's message key (not a translation key) of "already in your cart". */
const ALREADY_IN_CART = ['cart', 'already_in_cart'].join('.');

/** The server's "already in your cart" answer to adding a subscription again (409). */
function alreadyInCart(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409 && err.fields.some((f) => f.key === ALREADY_IN_CART);
}

/**
 * Adds an offer to the server cart at a coverage and the price the server gave for it; a
 * missing or zero price is a Pricing Error and nothing is sent. The server checks the price
 * again (Price Validation Failed). Buy Now then goes to checkout; Add to Cart opens the drawer.
 */
export function useAddOffer(request: PurchaseRequest, onDone: () => void) {
  const { t } = useTranslation();
  const { mutateAsync: addCartItem } = useAddCartItem();
  const startCheckout = useCheckout();
  const [busy, setBusy] = useState(false);

  const add = useCallback(
    async (offer: PurchaseOffer, coverage: Coverage | null) => {
      if (busy) return;
      let price: number | null = null;
      if (!offer.quote) {
        // The points option carries its own price (the Pro price for members, 02§5).
        price =
          coverage === 'points'
            ? ((offer.coverage_options ?? []).find((o) => o.coverage === 'points')?.price_cents ?? null)
            : coverage === 'pro'
              ? offer.pro_price_cents
              : offer.retail_price_cents;
        if (!price || price <= 0) {
          toast({ title: t('cart.errors.pricingError.title'), description: t('cart.errors.pricingError.body'), variant: 'error' });
          return;
        }
      }
      setBusy(true);
      try {
        const cart = await addCartItem({
          service_id: offer.service_id,
          ...(offer.package_id ? { package_id: offer.package_id } : {}),
          ...(price !== null ? { price_cents: price } : {}),
          ...(coverage && !offer.quote ? { coverage } : {}),
          ...(offer.yearly ? { yearly: true } : {}),
        });
        if (request.mode === 'buy_now' && !offer.quote) {
          await startCheckout();
          onDone();
          return;
        }
        cartEventToast(cart, request.serviceName, t);
        onDone();
        openCart();
      } catch (err) {
        if (alreadyInCart(err)) {
          // Issue 28 item 13: a subscription is in the cart once. Buy Now checks it out as it is;
          // Add to Cart says so and lets the agent open the cart (to change or remove it) or leave it.
          if (request.mode === 'buy_now') {
            await startCheckout();
            onDone();
            return;
          }
          toast({
            title: t('journey.subscription.alreadyTitle'),
            description: t('journey.subscription.alreadyBody', { title: request.serviceName }),
            actions: [
              {
                label: t('journey.subscription.viewCart'),
                onClick: () => {
                  onDone();
                  openCart();
                },
              },
              { label: t('journey.subscription.keep'), onClick: onDone },
            ],
          });
          return;
        }
        toast(cartErrorToast(err, t));
      } finally {
        setBusy(false);
      }
    },
    [addCartItem, busy, onDone, request.mode, request.serviceName, startCheckout, t],
  );
  return { add, busy };
}
