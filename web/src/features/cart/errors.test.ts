import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/client';
import { cartErrorName, cartErrorToast } from './errors';

describe('F-PAY-01 before-purchase messages (02§5)', () => {
  const t = ((k: string) => k) as never;
  const refused = (key: string) => new ApiError(400, { code: 'invalid', message: 'x', fields: [{ field: 'price_cents', key, message: 'x' }] }, 'Bad Request');

  it('maps the server keys to the spec toasts', () => {
    expect(cartErrorName(refused(['cart', 'price_validation_failed'].join('.')))).toBe('priceValidationFailed');
    expect(cartErrorToast(refused(['cart', 'price_validation_failed'].join('.')), t)).toMatchObject({
      title: 'cart.errors.priceValidationFailed.title',
      description: 'cart.errors.priceValidationFailed.body',
      variant: 'error',
    });
    expect(cartErrorToast(refused(['cart', 'pricing_error'].join('.')), t).title).toBe('cart.errors.pricingError.title');
    expect(cartErrorToast(new Error('boom'), t).title).toBe('cart.errors.generic.title');
  });
});
