import { describe, expect, it, vi } from 'vitest';
import {
  addToCart,
  CART_STORAGE_KEY,
  cartCount,
  cartTotal,
  OPEN_CART_EVENT,
  openCart,
  parseCart,
  PENDING_CART_ITEM_KEY,
  readCart,
  removeFromCart,
  savePendingCartItem,
  setCartQuantity,
} from './cart';

const item = { id: 'svc-1', title: 'CRM', price: 9900, image_url: '/x.jpg', vendor: 'NestFlow' };

describe('F-CAT-07 local cart (02§2)', () => {
  it('adds, raises quantity, changes and removes items in localStorage', () => {
    expect(addToCart(item)).toBe('added');
    expect(addToCart(item)).toBe('updated');
    expect(readCart()).toEqual([{ ...item, quantity: 2 }]);
    addToCart({ ...item, id: 'svc-2', price: 100 });
    expect(cartCount(readCart())).toBe(3);
    expect(cartTotal(readCart())).toBe(2 * 9900 + 100);
    setCartQuantity('svc-2', 5);
    expect(readCart().find((i) => i.id === 'svc-2')?.quantity).toBe(5);
    setCartQuantity('svc-2', 0);
    removeFromCart('svc-1');
    expect(readCart()).toEqual([]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('ignores malformed stored carts and entries', () => {
    expect(parseCart('nope')).toEqual([]);
    expect(parseCart(JSON.stringify([{ id: 1 }, { ...item, quantity: 1 }, { ...item, quantity: 0 }]))).toEqual([{ ...item, quantity: 1 }]);
  });

  it('dispatches openCart', () => {
    const spy = vi.fn();
    window.addEventListener(OPEN_CART_EVENT, spy);
    openCart();
    window.removeEventListener(OPEN_CART_EVENT, spy);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('stores the pending item of a signed-out visitor (02§3)', () => {
    savePendingCartItem({ serviceId: 'svc-1', serviceName: 'CRM', packageName: 'Standard', price: 12900 }, 42);
    expect(JSON.parse(window.localStorage.getItem(PENDING_CART_ITEM_KEY) ?? '')).toEqual({
      type: 'service',
      serviceId: 'svc-1',
      serviceName: 'CRM',
      packageName: 'Standard',
      price: 12900,
      timestamp: 42,
    });
  });
});
