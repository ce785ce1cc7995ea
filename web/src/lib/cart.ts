import { windowEvent } from './events';
import { readStorage, removeStorage, writeStorage } from './storage';

/**
 * Browser-side cart helpers (02§2, 02§3, 02§5). Signed-in users' carts live on the server
 * (features/cart); the browser keeps only the item a signed-out visitor tried to add, which is
 * added to the server cart after sign-in (POST /api/cart/pending).
 */

/** localStorage: the item a signed-out visitor tried to add (spec 02§3, 02§5). */
export const PENDING_CART_ITEM_KEY = 'pendingCartItem';
/** The TanStack Query key of the signed-in user's server cart (GET /api/cart). */
export const cartQueryKey = ['cart'] as const;

/** Opens the cart drawer (spec 02§2). */
export const openCartEvent = windowEvent('openCart');
/**
 * Adds a pending-approval co-pay item and opens the cart (spec 02§2). The detail comes from
 * outside the app, so it is unknown until the cart layer reads it (coPayItemOf).
 */
export const addCoPayEvent = windowEvent<unknown>('addCoPayToCart');

/** What a signed-out visitor tried to add; price in cents. */
export interface PendingCartItem {
  type: 'service';
  serviceId: string;
  serviceName: string;
  packageName: string;
  price: number;
  timestamp: number;
}

/** Pending items older than this are dropped rather than added. */
export const PENDING_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Asks whatever shows the cart to open it. */
export function openCart(): void {
  openCartEvent.emit();
}

/** Stores the item a signed-out visitor tried to add, for after sign-in (spec 02§5). */
export function savePendingCartItem(item: Omit<PendingCartItem, 'type' | 'timestamp'>, now = Date.now()): PendingCartItem {
  const pending: PendingCartItem = { type: 'service', ...item, timestamp: now };
  writeStorage('local', PENDING_CART_ITEM_KEY, JSON.stringify(pending));
  return pending;
}

/** The stored pending item, or null when there is none, it is malformed or too old. */
export function readPendingCartItem(now = Date.now()): PendingCartItem | null {
  const raw = readStorage('local', PENDING_CART_ITEM_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PendingCartItem> | null;
    if (
      !v ||
      typeof v.serviceId !== 'string' ||
      !v.serviceId ||
      typeof v.timestamp !== 'number' ||
      now - v.timestamp > PENDING_MAX_AGE_MS
    ) {
      return null;
    }
    return {
      type: 'service',
      serviceId: v.serviceId,
      serviceName: typeof v.serviceName === 'string' ? v.serviceName : '',
      packageName: typeof v.packageName === 'string' ? v.packageName : '',
      price: typeof v.price === 'number' && Number.isFinite(v.price) ? Math.round(v.price) : 0,
      timestamp: v.timestamp,
    };
  } catch {
    return null;
  }
}

export function clearPendingCartItem(): void {
  removeStorage('local', PENDING_CART_ITEM_KEY);
}
