import { describe, expect, it, vi } from 'vitest';
import {
  clearPendingCartItem,
  openCart,
  openCartEvent,
  PENDING_CART_ITEM_KEY,
  PENDING_MAX_AGE_MS,
  readPendingCartItem,
  savePendingCartItem,
} from './cart';

describe('F-PAY-03 browser cart helpers (02§2, 02§3)', () => {
  it('dispatches openCart', () => {
    const spy = vi.fn();
    const off = openCartEvent.on(spy);
    openCart();
    off();
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('stores, reads and clears the pending item of a signed-out visitor', () => {
    savePendingCartItem({ serviceId: 'svc-1', serviceName: 'CRM', packageName: 'Standard', price: 12900 }, 42);
    expect(JSON.parse(window.localStorage.getItem(PENDING_CART_ITEM_KEY) ?? '')).toEqual({
      type: 'service',
      serviceId: 'svc-1',
      serviceName: 'CRM',
      packageName: 'Standard',
      price: 12900,
      timestamp: 42,
    });
    expect(readPendingCartItem(1000)).toMatchObject({ serviceId: 'svc-1', price: 12900 });
    clearPendingCartItem();
    expect(readPendingCartItem(1000)).toBeNull();
  });

  it('ignores malformed and stale pending items', () => {
    window.localStorage.setItem(PENDING_CART_ITEM_KEY, 'nope');
    expect(readPendingCartItem()).toBeNull();
    window.localStorage.setItem(PENDING_CART_ITEM_KEY, JSON.stringify({ serviceId: 5, timestamp: 1 }));
    expect(readPendingCartItem(2)).toBeNull();
    savePendingCartItem({ serviceId: 'svc-1', serviceName: 'CRM', packageName: '', price: 100 }, 0);
    expect(readPendingCartItem(PENDING_MAX_AGE_MS + 1)).toBeNull();
    expect(readPendingCartItem(PENDING_MAX_AGE_MS)).not.toBeNull();
  });
});
