import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api, ApiError, unwrap, type ResponseBody } from '../../lib/api/client';
import { cartQueryKey } from '../../lib/cart';
import { toast } from '../../lib/toast';
import { cartErrorName } from './errors';

export type CheckoutResult = ResponseBody<'/api/checkout', 'post'>;

/**
 * Opens a hosted payment page in a new tab (02§7, 03§7: the answer's url is opened in a new tab).
 * When the browser blocks the tab, the page goes there itself. Returns where it went.
 */
export function openHostedPage(url: string): 'tab' | 'same' {
  const tab = window.open(url, '_blank');
  if (tab) {
    try {
      tab.opener = null;
    } catch {
      // a cross-origin tab may refuse; nothing to undo
    }
    return 'tab';
  }
  window.location.assign(url);
  return 'same';
}

/** The toast of a failed checkout (03§8): Coverage Selection Required, else Checkout Error. */
export function checkoutErrorToast(err: unknown, t: TFunction) {
  if (cartErrorName(err) === 'coverageRequired') {
    return { title: t('cart.errors.coverageRequired.title'), description: t('cart.errors.coverageRequired.body'), variant: 'error' as const };
  }
  const server = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : null;
  return { title: t('checkout.error.title'), description: server ?? t('checkout.error.body'), variant: 'error' as const };
}

/**
 * create-checkout (POST /api/checkout): the server prices the cart, holds back consultation
 * items and answers the hosted payment page (the built-in test page unless Stripe is set up).
 */
export async function startCheckout({ queryClient, t }: { queryClient: QueryClient; t: TFunction }): Promise<CheckoutResult | null> {
  try {
    const result = await unwrap(api.POST('/api/checkout'));
    const held = result.held_back ?? [];
    toast({
      title: t('checkout.redirecting'),
      description: held.length > 0 ? t('checkout.heldBack', { count: held.length, titles: held.map((h) => h.title).join(', ') }) : undefined,
      variant: 'success',
      duration: held.length > 0 ? 10_000 : undefined,
    });
    openHostedPage(result.url);
    void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    return result;
  } catch (err) {
    toast(checkoutErrorToast(err, t));
    return null;
  }
}
