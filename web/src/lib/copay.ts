import { windowEvent } from './events';
import { writeStorage } from './storage';

/**
 * The co-pay request of a service (02§2 Select Co-Pay Partner dialog). The pricing-choice
 * dialog (features/cart) asks for it with this event; the co-pay layer (features/copay) opens
 * the partner picker. An event keeps the two features apart.
 */
export interface CoPayRequestIntent {
  serviceId: string;
  /** Service title in the current language. */
  serviceName: string;
  /** The package or sales-page tier the offer names ('' for the service itself). */
  packageId: string;
  yearly: boolean;
}

const coPayRequestEvent = windowEvent<CoPayRequestIntent>('circle:copay-request');

export function requestCoPay(intent: CoPayRequestIntent): void {
  coPayRequestEvent.emit(intent);
}

export const onCoPayRequest = coPayRequestEvent.on;

/** sessionStorage: set when the vendor picker is closed (02§4 "Closing sets a session flag"). */
export const VENDOR_MODAL_DISMISSED_KEY = 'vendorModalDismissed';

export function markVendorModalDismissed(): void {
  writeStorage('session', VENDOR_MODAL_DISMISSED_KEY, 'true');
}
