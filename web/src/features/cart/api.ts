import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import { currentLanguage } from '../../lib/i18n';
import { SEND_ONCE } from '../../lib/queryClient';
import { cartQueryKey } from '../../lib/cart';
import { recordConversion } from '../../lib/experiments';
import type { components } from '../../lib/api/schema';

/** The server cart (GET /api/cart): lines, badges and totals computed on the server. */
export type CartView = ResponseBody<'/api/cart', 'get'>;
export type CartLine = components['schemas']['CartItemView'];
export type Money = components['schemas']['Money'];
export type AddCartItemBody = components['schemas']['AddCartItemBody'];
export type PendingCartItemBody = components['schemas']['PendingCartItemBody'];
export type Coverage = NonNullable<components['schemas']['AddCartItemBody']['coverage']>;

/** The signed-in user's cart; disabled for visitors (they have no server cart). */
export function cartQuery(signedIn: boolean) {
  return queryOptions({
    queryKey: cartQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/cart', { signal })),
    enabled: signedIn,
    staleTime: 30_000,
  });
}

/** Stores a cart answer of any cart request as the current cart. */
function storeCart(queryClient: QueryClient, cart: CartView): CartView {
  queryClient.setQueryData(cartQueryKey, cart);
  return cart;
}

/**
 * Stores a cart change's answer after cancelling any cart read still in flight: such a read may
 * have been answered before the change, and landing after it would show the old cart (the cart
 * read when a visitor signs in runs alongside the merge of their pending item).
 */
async function storeChangedCart(queryClient: QueryClient, cart: CartView): Promise<void> {
  await queryClient.cancelQueries({ queryKey: cartQueryKey });
  storeCart(queryClient, cart);
}

/** Adds an offer to the cart (POST /api/cart/items); the answer is stored as the current cart. */
export function useAddCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: AddCartItemBody) => unwrap(api.POST('/api/cart/items', { body })),
    onSuccess: (cart) => {
      storeChangedCart(queryClient, cart);
      // A cart add is the ranking experiment's conversion (sent only when this browser is in it).
      recordConversion('ranking_v1');
    },
  });
}

/**
 * Adds the item a visitor tried to add before signing in (POST /api/cart/pending); the answer
 * is stored as the current cart.
 */
export function useMergePendingItem() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: PendingCartItemBody) => unwrap(api.POST('/api/cart/pending', { body })),
    onSuccess: (cart) => storeChangedCart(queryClient, cart),
  });
}

export type CheckoutResult = ResponseBody<'/api/checkout', 'post'>;

/**
 * create-checkout (POST /api/checkout): the server prices the cart, holds back consultation
 * items and answers the hosted payment page (the built-in test page unless Stripe is set up).
 * Paid lines leave the cart, so the cart is read again.
 */
export function useStartCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    // The payment page and its line names in the language the buyer is reading.
    // withdrawCoPay: waiting co-pay lines the agent pays now instead (issue 28 item 2).
    mutationFn: (withdrawCoPay: string[] = []) =>
      unwrap(
        api.POST('/api/checkout', {
          params: { query: { lang: currentLanguage() } },
          ...(withdrawCoPay.length > 0 ? { body: { withdraw_copay: withdrawCoPay } } : {}),
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}

/** A change the cart drawer makes to the signed-in user's cart. */
export type CartChange =
  | { kind: 'update'; id: string; body: { quantity?: number; coverage?: Coverage } }
  | { kind: 'remove'; id: string }
  | { kind: 'clear' };

function changeCart(change: CartChange): Promise<CartView> {
  switch (change.kind) {
    case 'update':
      return unwrap(api.PATCH('/api/cart/items/{id}', { params: { path: { id: change.id } }, body: change.body }));
    case 'remove':
      return unwrap(api.DELETE('/api/cart/items/{id}', { params: { path: { id: change.id } } }));
    case 'clear':
      return unwrap(api.DELETE('/api/cart'));
  }
}

/** Changes the cart; every answer is the whole cart, stored as the current one. */
export function useChangeCart() {
  const queryClient = useQueryClient();
  return useMutation({ ...SEND_ONCE, mutationFn: changeCart, onSuccess: (cart) => storeChangedCart(queryClient, cart) });
}

/**
 * Cancels the pending co-pay request of a cart line (POST /api/copay/requests/{id}/cancel); the
 * line is then back to Needs Coverage Selection, so the cart is read again.
 */
export function useCancelCoPayRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (id: string) => unwrap(api.POST('/api/copay/requests/{id}/cancel', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
