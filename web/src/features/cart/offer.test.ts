import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { cartErrorName, cartErrorToast } from './errors';
import { moneyText, offerFor } from './offer';

type Card = components['schemas']['Card'];
type Package = components['schemas']['Package'];

const service = {
  id: 'svc-1',
  retail_price_cents: 12900,
  pro_price_cents: 9900,
  copay_allowed: true,
  requires_quote: false,
} as Card;

const pkg = (over: Partial<Package>): Package =>
  ({
    id: 'pkg-1',
    name: 'Growth',
    price_cents: 20000,
    pro_price_cents: 15000,
    yearly_price_cents: 192000,
    request_pricing: false,
    ...over,
  }) as Package;

describe('F-PAY-02 what a purchase request buys', () => {
  it('the service itself at its retail and Pro prices', () => {
    expect(offerFor({ serviceId: 'svc-1', serviceName: 'CRM', mode: 'add' }, service, [])).toEqual({
      serviceId: 'svc-1',
      retailCents: 12900,
      proCents: 9900,
      copayAllowed: true,
      quote: false,
    });
  });

  it('a package by name, monthly or (by its shown price) yearly', () => {
    const req = { serviceId: 'svc-1', serviceName: 'CRM', mode: 'add' as const, packageName: 'growth' };
    expect(offerFor(req, service, [pkg({})])).toMatchObject({ packageId: 'pkg-1', retailCents: 20000, proCents: 15000, yearly: undefined });
    expect(offerFor({ ...req, shownPriceCents: 192000 }, service, [pkg({})])).toMatchObject({ retailCents: 192000, proCents: null, yearly: true });
  });

  it('a package that asks for pricing is a quote; a sales-page tier is the service at a price', () => {
    const req = { serviceId: 'svc-1', serviceName: 'CRM', mode: 'add' as const, packageName: 'Growth' };
    expect(offerFor(req, service, [pkg({ request_pricing: true })]).quote).toBe(true);
    expect(offerFor({ ...req, packageName: 'Circle Pro' }, service, [])).toMatchObject({ packageId: 'pro', retailCents: 12900 });
  });
});

describe('F-PAY-02 money display', () => {
  it('shows the server amount, marking converted Canadian amounts as approximate', () => {
    expect(moneyText({ display: '$129', approximate: false })).toBe('$129');
    expect(moneyText({ display: 'C$178', approximate: true })).toBe('≈ C$178');
    expect(moneyText(null)).toBe('');
  });
});

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
