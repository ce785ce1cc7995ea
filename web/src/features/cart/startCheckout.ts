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
export function useCheckout(): () => Promise<CheckoutResult | null> {
  const { t } = useTranslation();
  const { mutateAsync: startCheckout } = useStartCheckout();
  return useCallback(async () => {
    try {
      const result = await startCheckout();
      const held = result.held_back ?? [];
      // An order points paid in full is paid at once: no payment page, the receipt (02§8 Purchase Complete!).
      const paid = result.order.status === 'paid';
      toast({
        title: t(paid ? 'checkout.purchaseComplete' : 'checkout.redirecting'),
        description:
          held.length > 0
            ? t('checkout.heldBack', { count: held.length, titles: held.map((h) => h.title).join(', ') })
            : paid && result.order.points_used > 0
              ? t('checkout.paidWithPoints', { points: result.order.points_used })
              : paid
                ? t('checkout.consultationsOnly')
              : undefined,
        variant: 'success',
        duration: held.length > 0 ? 10_000 : undefined,
      });
      window.location.assign(result.url); // same tab, like the Pro subscription (issue 18)
      return result;
    } catch (err) {
      toast(checkoutErrorToast(err, t));
      return null;
    }
  }, [startCheckout, t]);
}
