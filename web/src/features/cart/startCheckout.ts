import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { useStartCheckout, type CheckoutResult } from './api';
import { cartErrorName } from './errors';

/** The toast of a failed checkout (03§8): Coverage Selection Required, else Checkout Error. */
export function checkoutErrorToast(err: unknown, t: TFunction) {
  if (cartErrorName(err) === 'coverageRequired') {
    return { title: t('cart.errors.coverageRequired.title'), description: t('cart.errors.coverageRequired.body'), variant: 'error' as const };
  }
  const server = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : null;
  return { title: t('checkout.error.title'), description: server ?? t('checkout.error.body'), variant: 'error' as const };
}

/**
 * Starts checkout of the cart: a Redirecting toast (naming the consultation items the server
 * held back) and the hosted payment page, or the error toast. The returned function resolves
 * to the checkout answer, or null when it failed.
 */
export function useCheckout(): (withdrawCoPay?: string[]) => Promise<CheckoutResult | null> {
  const { t } = useTranslation();
  const { mutateAsync: startCheckout } = useStartCheckout();
  return useCallback(async (withdrawCoPay: string[] = []) => {
    try {
      const result = await startCheckout(withdrawCoPay);
      const all = result.held_back ?? [];
      // Lines waiting for a vendor's co-pay answer stay in the cart (issue 28 item 2): said apart.
      const waiting = all.filter((h) => h.reason === 'copay_pending');
      const held = all.filter((h) => h.reason !== 'copay_pending');
      // An order points paid in full is paid at once: no payment page, the receipt (02§8 Purchase Complete!).
      const paid = result.order.status === 'paid';
      toast({
        title: t(paid ? 'checkout.purchaseComplete' : 'checkout.redirecting'),
        description:
          waiting.length > 0 || held.length > 0
            ? [
                ...(waiting.length > 0 ? [t('journey.copay.heldToast', { count: waiting.length, titles: waiting.map((h) => h.title).join(', ') })] : []),
                ...(held.length > 0 ? [t('checkout.heldBack', { count: held.length, titles: held.map((h) => h.title).join(', ') })] : []),
              ].join(' ')
            : paid && result.order.points_used > 0
              ? t('checkout.paidWithPoints', { points: result.order.points_used })
              : paid
                ? t('checkout.consultationsOnly')
              : undefined,
        variant: 'success',
        duration: all.length > 0 ? 10_000 : undefined,
      });
      window.location.assign(result.url); // same tab, like the Pro subscription (issue 18)
      return result;
    } catch (err) {
      toast(checkoutErrorToast(err, t));
      return null;
    }
  }, [startCheckout, t]);
}
