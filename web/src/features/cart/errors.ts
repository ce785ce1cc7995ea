import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api/client';
import type { ToastInput } from '../../lib/toast';

/**
 * Server message keys (namespace, then name) with the spec's toast (02§5, 02§8) in the user's
 * language: cart.price_validation_failed is "Price Validation Failed", and so on.
 */
const KNOWN: Record<string, Record<string, string>> = {
  cart: {
    pricing_error: 'pricingError',
    price_validation_failed: 'priceValidationFailed',
    pro_member_required: 'proMemberRequired',
    pro_only_package: 'proOnlyPackage',
    full: 'cartFull',
    service_unavailable: 'serviceUnavailable',
    unknown_package: 'unknownPackage',
    quote_quantity: 'quoteQuantity',
    consultation_coverage: 'consultationCoverage',
    no_pro_price: 'noProPrice',
  },
  checkout: { coverage_required: 'coverageRequired' },
};

function knownName(key: string): string | undefined {
  const dot = key.indexOf('.');
  return dot > 0 ? KNOWN[key.slice(0, dot)]?.[key.slice(dot + 1)] : undefined;
}

/** The i18n name of a known cart error, from the first field error's key. */
export function cartErrorName(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  for (const f of err.fields) {
    const name = knownName(f.key);
    if (name) return name;
  }
  return null;
}

/** The toast for a failed cart request: the spec's title and message where it has one. */
export function cartErrorToast(err: unknown, t: TFunction): ToastInput {
  const name = cartErrorName(err);
  if (name) return { title: t(`cart.errors.${name}.title`), description: t(`cart.errors.${name}.body`), variant: 'error' };
  if (err instanceof ApiError && err.status === 401) {
    return { title: t('cart.signInRequired'), description: t('cart.signInRequiredBody'), variant: 'error' };
  }
  return { title: t('cart.errors.generic.title'), description: t('cart.errors.generic.body'), variant: 'error' };
}
