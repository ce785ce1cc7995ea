/**
 * The one call every Add to Cart, Buy Now and Select Package button makes (issues 4, 5, 6).
 * Screens that show a service dispatch a purchase request; the cart layer mounted by the app
 * (features/cart) decides what happens: the signed-out pending item and sign-up redirect, the
 * pricing-choice or purchase dialog by role, the server cart, or straight to checkout for
 * Buy Now. Keeping it an event means a screen never imports the cart feature's code.
 */
import { windowEvent } from './events';

export interface PurchaseRequest {
  serviceId: string;
  /** Service title in the current language (for toasts and the pending item). */
  serviceName: string;
  /** 'add' puts the item in the cart; 'buy_now' adds it and goes to checkout. */
  mode: 'add' | 'buy_now';
  /** A package chosen on the detail page or dialog; absent for the service's own price. */
  packageName?: string;
  /** The price the screen showed, in cents. Informational: the server recomputes and checks it. */
  shownPriceCents?: number;
  /** Retail or Pro coverage when the screen already knows it; otherwise the cart layer asks. */
  coverage?: 'retail' | 'pro';
}

/** The purchase request event (the browser tests send and watch it by this name). */
const purchaseEvent = windowEvent<PurchaseRequest>('circle:purchase');

export function requestPurchase(request: PurchaseRequest): void {
  purchaseEvent.emit(request);
}

/** Subscribes to purchase requests; returns the unsubscribe function. */
export const onPurchaseRequest = purchaseEvent.on;
