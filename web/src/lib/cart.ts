import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, writeStorage } from './storage';

/**
 * The local cart (spec 02§2 Cart: kept in browser storage). The cart drawer of the cart issue
 * opens on the window event "openCart"; until then the marketplace shows a small cart list.
 */

/** localStorage: the cart, a JSON array of CartItem. */
export const CART_STORAGE_KEY = 'circle-cart';
/** localStorage: the item a signed-out visitor tried to add (spec 02§3, 02§5). */
export const PENDING_CART_ITEM_KEY = 'pendingCartItem';
/** Window event that opens the cart (spec 02§2). */
export const OPEN_CART_EVENT = 'openCart';

export interface CartItem {
  /** Service id. */
  id: string;
  title: string;
  /** Unit price in cents. */
  price: number;
  quantity: number;
  image_url: string;
  /** Vendor name. */
  vendor: string;
}

/** What a signed-out visitor tried to add; price in cents. */
export interface PendingCartItem {
  type: 'service';
  serviceId: string;
  serviceName: string;
  packageName: string;
  price: number;
  timestamp: number;
}

export const MAX_QUANTITY = 99;

function isCartItem(v: unknown): v is CartItem {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.id === 'string' &&
    typeof o.title === 'string' &&
    typeof o.price === 'number' &&
    Number.isFinite(o.price) &&
    typeof o.quantity === 'number' &&
    Number.isInteger(o.quantity) &&
    o.quantity > 0 &&
    typeof o.image_url === 'string' &&
    typeof o.vendor === 'string'
  );
}

/** Parses a stored cart; malformed entries are dropped. */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter(isCartItem) : [];
  } catch {
    return [];
  }
}

let cache: { raw: string | null; items: CartItem[] } = { raw: null, items: [] };
const listeners = new Set<() => void>();

/** The cart as stored (the same array until the stored value changes). */
export function readCart(): CartItem[] {
  const raw = readStorage('local', CART_STORAGE_KEY);
  if (raw !== cache.raw) cache = { raw, items: parseCart(raw) };
  return cache.items;
}

function save(items: CartItem[]): void {
  if (items.length === 0) removeStorage('local', CART_STORAGE_KEY);
  else writeStorage('local', CART_STORAGE_KEY, JSON.stringify(items));
  for (const l of listeners) l();
}

/** Adds one item (or more); an item already in the cart gets its quantity raised. */
export function addToCart(item: Omit<CartItem, 'quantity'>, quantity = 1): 'added' | 'updated' {
  const items = readCart();
  const existing = items.find((i) => i.id === item.id);
  if (existing) {
    save(items.map((i) => (i.id === item.id ? { ...i, ...item, quantity: Math.min(MAX_QUANTITY, i.quantity + quantity) } : i)));
    return 'updated';
  }
  save([...items, { ...item, quantity: Math.min(MAX_QUANTITY, Math.max(1, quantity)) }]);
  return 'added';
}

/** Sets an item's quantity; 0 or less removes it. */
export function setCartQuantity(id: string, quantity: number): void {
  if (quantity <= 0) {
    removeFromCart(id);
    return;
  }
  save(readCart().map((i) => (i.id === id ? { ...i, quantity: Math.min(MAX_QUANTITY, Math.floor(quantity)) } : i)));
}

export function removeFromCart(id: string): void {
  save(readCart().filter((i) => i.id !== id));
}

export function clearCart(): void {
  save([]);
}

export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

/** Total in cents. */
export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((n, i) => n + i.price * i.quantity, 0);
}

/** Asks whatever shows the cart to open it. */
export function openCart(): void {
  window.dispatchEvent(new Event(OPEN_CART_EVENT));
}

/** Stores the item a signed-out visitor tried to add, for after sign-in (spec 02§5). */
export function savePendingCartItem(item: Omit<PendingCartItem, 'type' | 'timestamp'>, now = Date.now()): PendingCartItem {
  const pending: PendingCartItem = { type: 'service', ...item, timestamp: now };
  writeStorage('local', PENDING_CART_ITEM_KEY, JSON.stringify(pending));
  return pending;
}

function subscribe(l: () => void) {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === CART_STORAGE_KEY) l();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

const emptyCart: CartItem[] = [];

/** The cart, kept in step with storage (also across tabs). */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => emptyCart);
}
