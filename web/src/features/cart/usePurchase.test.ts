import { describe, expect, it } from 'vitest';
import { offerFor, type PurchaseOffer } from './usePurchase';

const offer = (package_id: string, request_names: string[], yearly = false, retail: number | null = 20000): PurchaseOffer => ({
  service_id: 'svc-1',
  package_id,
  request_names,
  yearly,
  quote: false,
  retail_price_cents: retail,
  pro_price_cents: null,
  default_coverage: 'retail',
  coverage_options: [],
});

const offers = [offer('', ['']), offer('pkg-1', ['growth', 'pkg-1']), offer('pkg-1', ['growth', 'pkg-1'], true, 192000), offer('pro', ['circle pro'])];
const request = { serviceId: 'svc-1', serviceName: 'CRM', mode: 'add' as const };

describe('F-PAY-02 the server offer a purchase request names', () => {
  it('is looked up by the trimmed, lower-cased package name; the service itself otherwise', () => {
    expect(offerFor(offers, request)?.package_id).toBe('');
    expect(offerFor(offers, { ...request, packageName: ' Growth ' })).toMatchObject({ package_id: 'pkg-1', yearly: false });
    expect(offerFor(offers, { ...request, packageName: 'Circle Pro' })?.package_id).toBe('pro');
    expect(offerFor(offers, { ...request, packageName: 'Enterprise' })?.package_id).toBe('');
  });

  it('is the yearly offer only when the request showed its price', () => {
    expect(offerFor(offers, { ...request, packageName: 'growth', shownPriceCents: 192000 })).toMatchObject({ yearly: true, retail_price_cents: 192000 });
    expect(offerFor(offers, { ...request, packageName: 'growth', shownPriceCents: 20000 })).toMatchObject({ yearly: false });
  });
});
