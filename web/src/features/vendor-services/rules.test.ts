import { describe, expect, it } from 'vitest';
import { bodyOf, checkService, emptyPackage, formOf, isHighPrice, parsePrice, type ServiceForm } from './rules';

const valid = (): ServiceForm => ({
  ...formOf(),
  title: 'Twilight Listing Photos',
  description: 'Dusk photos delivered in 24 hours.',
  categories: ['cat:photography'],
  retailPrice: '$299',
  billingPeriod: 'one_time',
});

describe('F-AREA-01 services editor rules (03§5 prices, RESPA split caps)', () => {
  it('parses prices with the spec rules', () => {
    expect(parsePrice('$1,250.50')).toEqual({ cents: 125050 });
    expect(parsePrice('19.999')).toEqual({ cents: 2000 });
    expect(parsePrice('free')).toEqual({ error: 'vendorServices.errors.free' });
    expect(parsePrice('abc')).toEqual({ error: 'vendorServices.errors.priceMissing' });
    expect(parsePrice('-5')).toEqual({ error: 'vendorServices.errors.priceNegative' });
    expect(parsePrice('1,23')).toEqual({ error: 'vendorServices.errors.priceFormat' });
    expect(parsePrice('100000.01')).toEqual({ error: 'vendorServices.errors.priceTooHigh' });
    expect(isHighPrice('$10,000.01')).toBe(true);
    expect(isHighPrice('$10,000')).toBe(false);
  });

  it('accepts a valid form and names every refused field by its server name', () => {
    expect(checkService(valid(), 70)).toEqual({});
    const f = valid();
    f.title = 'ab';
    f.categories = [];
    f.retailPrice = '0';
    f.copayAllowed = true;
    f.splitLimit = '71';
    f.packages = [
      { ...emptyPackage(), name: 'A', price: '$100', proPrice: '$120', popular: true },
      { ...emptyPackage(), name: '', price: '-1', yearlyPrice: '$900', popular: true },
    ];
    expect(checkService(f, 70)).toEqual({
      title: 'vendorServices.errors.title',
      categories: 'vendorServices.errors.categories',
      retail_price: 'vendorServices.errors.free',
      split_limit: 'vendorServices.errors.split',
      packages: 'vendorServices.errors.popular',
      'packages[0].pro_price': 'vendorServices.errors.proAbove',
      'packages[1].name': 'vendorServices.errors.packageName',
      'packages[1].price': 'vendorServices.errors.priceNegative',
      'packages[1].yearly_price': 'vendorServices.errors.yearlyPeriod',
    });
  });

  it('refuses a Pro price more than 95% off retail', () => {
    expect(checkService({ ...valid(), retailPrice: '$100', proPrice: '$4.99' }, 70)).toEqual({ pro_price: 'vendorServices.errors.proDiscount' });
    expect(checkService({ ...valid(), retailPrice: '$100', proPrice: '$5' }, 70)).toEqual({});
  });

  it('round-trips a stored service into the request body', () => {
    const f = formOf({
      title: 'T', title_es: '', title_fr: '', description: 'D', categories: ['cat:seo'], retail_price_cents: 39500, pro_price_cents: null,
      billing_period: 'monthly', copay_allowed: true, split_limit: 40,
      packages: [{ id: 'p1', name: 'Basic', description: '', price_cents: 4900, pro_price_cents: null, yearly_price_cents: 49000, features: ['A', 'B'], popular: true }],
    });
    expect(f.retailPrice).toBe('395');
    const b = bodyOf(f);
    expect(b).toMatchObject({ retail_price: '395', billing_period: 'monthly', copay_allowed: true, split_limit: 40 });
    expect(b.packages).toEqual([{ id: 'p1', name: 'Basic', price: '49', yearly_price: '490', features: ['A', 'B'], popular: true }]);
  });
});
