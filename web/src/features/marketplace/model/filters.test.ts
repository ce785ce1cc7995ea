import { describe, expect, it } from 'vitest';
import {
  canUseSnapshotPage,
  changeFilters,
  clearFilters,
  DEFAULT_FILTERS,
  hasActiveFilters,
  parseFilters,
  searchTerms,
  toServiceQuery,
  writeFilters,
  type Filters,
} from './filters';

const parse = (qs: string) => parseFilters(new URLSearchParams(qs));

describe('F-CAT-03 filters in the address bar', () => {
  it('reads every parameter', () => {
    const f = parse(
      'q=crm+leads&category=home-property&tag=cat:crms&product=crm&min_price=100&max_price=900&min_rating=4' +
        '&features=copay&features=top_pick&featured=1&verified=true&copay=1&copay_eligible=1&sort=price_low&page=3&page_size=25&tab=products&vq=title&show_all=1',
    );
    expect(f).toEqual<Filters>({
      q: 'crm leads',
      category: 'home-property',
      tag: 'cat:crms',
      product: 'crm',
      minPrice: 100,
      maxPrice: 900,
      minRating: 4,
      // featured=1 and copay=1 of older links are the Featured Service and Co-Pay Available features.
      features: ['copay', 'top_pick', 'featured'],
      verified: true,
      copayEligible: true,
      sort: 'price_low',
      page: 3,
      pageSize: 25,
      tab: 'products',
      vq: 'title',
      showAll: true,
    });
  });

  it('falls back to defaults for missing or invalid values', () => {
    expect(parse('')).toEqual(DEFAULT_FILTERS);
    const f = parse('category=nope&sort=random&page=-2&page_size=30&min_rating=9&features=bogus&tab=x&tag=<script>&min_price=abc');
    expect(f).toEqual(DEFAULT_FILTERS);
  });

  it('swaps a reversed price range and treats 0 as no bound', () => {
    expect(parse('min_price=900&max_price=100')).toMatchObject({ minPrice: 100, maxPrice: 900 });
    expect(parse('min_price=0&max_price=0')).toMatchObject({ minPrice: null, maxPrice: null });
  });

  it('accepts comma-separated features and drops duplicates', () => {
    expect(parse('features=copay,instant&features=copay').features).toEqual(['copay', 'instant']);
  });

  it('round-trips through the URL, leaving out defaults and keeping other parameters', () => {
    const start = new URLSearchParams('service=svc-1&view=funnel&ab=holdout&qa=1&ff_topDeals=on&utm_source=x');
    const f: Filters = { ...DEFAULT_FILTERS, q: 'seo', features: ['instant', 'copay'], page: 2, sort: 'newest', verified: true };
    const out = writeFilters(start, f);
    expect(out.get('service')).toBe('svc-1');
    expect(out.get('view')).toBe('funnel');
    expect(out.get('ab')).toBe('holdout');
    expect(out.get('qa')).toBe('1');
    expect(out.get('ff_topDeals')).toBe('on');
    expect(out.get('utm_source')).toBe('x');
    expect(out.getAll('features')).toEqual(['copay', 'instant']);
    expect(out.has('page_size')).toBe(false);
    expect(out.has('tab')).toBe(false);
    expect(parseFilters(out)).toEqual({ ...f, features: ['copay', 'instant'] });
    expect(writeFilters(new URLSearchParams(), DEFAULT_FILTERS).toString()).toBe('');
  });
});

describe('F-CAT-03 page reset rule (03§4)', () => {
  const onPage3: Filters = { ...DEFAULT_FILTERS, page: 3 };
  it.each<[string, Partial<Filters>]>([
    ['search', { q: 'crm' }],
    ['category', { category: 'home-property' }],
    ['featured', { features: ['featured'] }],
    ['verified', { verified: true }],
    ['co-pay', { features: ['copay'] }],
    ['sort', { sort: 'newest' }],
    ['page size', { pageSize: 100 }],
    ['tag', { tag: 'cat:seo' }],
    ['price', { minPrice: 100 }],
    ['rating', { minRating: 3 }],
    ['features', { features: ['instant'] }],
    ['co-pay eligible', { copayEligible: true }],
  ])('changing %s returns to page 1', (_, patch) => {
    expect(changeFilters(onPage3, patch).page).toBe(1);
  });

  it('a page change, a tab change or an unchanged value keeps the page', () => {
    expect(changeFilters(onPage3, { page: 2 }).page).toBe(2);
    expect(changeFilters(onPage3, { tab: 'vendors' }).page).toBe(3);
    expect(changeFilters(onPage3, { sort: 'ranked' }).page).toBe(3);
    expect(changeFilters({ ...onPage3, features: ['copay'] }, { features: ['copay'] }).page).toBe(3);
  });

  it('clear all keeps sort, page size and tab', () => {
    const f: Filters = { ...DEFAULT_FILTERS, q: 'x', tag: 'cat:seo', sort: 'newest', pageSize: 25, tab: 'products', page: 4, verified: true };
    expect(clearFilters(f)).toEqual({ ...DEFAULT_FILTERS, sort: 'newest', pageSize: 25, tab: 'products' });
  });
});

describe('F-CAT-03 search rules on the client (03§5)', () => {
  it('keeps words of 3 or more characters, case-folded, also non-ASCII', () => {
    expect(searchTerms('a CRM to go')).toEqual(['crm']);
    expect(searchTerms('Señalización CAFÉ')).toEqual(['señalización', 'café']);
    expect(searchTerms('ab cd')).toEqual([]);
    expect(searchTerms('crm, crm; leads')).toEqual(['crm', 'leads']);
  });

  it('short words alone are not a filter, so the snapshot page is used', () => {
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, q: 'ab' })).toBe(false);
    expect(canUseSnapshotPage({ ...DEFAULT_FILTERS, q: 'ab' }, 'ranked')).toBe(true);
  });

  it('the snapshot page is only page 1 of 50 ranked results without filters, for the ranked variant', () => {
    expect(canUseSnapshotPage(DEFAULT_FILTERS, 'ranked')).toBe(true);
    expect(canUseSnapshotPage(DEFAULT_FILTERS, 'holdout')).toBe(false);
    expect(canUseSnapshotPage({ ...DEFAULT_FILTERS, page: 2 }, 'ranked')).toBe(false);
    expect(canUseSnapshotPage({ ...DEFAULT_FILTERS, pageSize: 25 }, 'ranked')).toBe(false);
    expect(canUseSnapshotPage({ ...DEFAULT_FILTERS, sort: 'newest' }, 'ranked')).toBe(false);
    expect(canUseSnapshotPage({ ...DEFAULT_FILTERS, copayEligible: true }, 'ranked')).toBe(false);
  });

  it('builds the search endpoint query', () => {
    expect(toServiceQuery({ ...DEFAULT_FILTERS, q: 'a crm tool', minPrice: 5, features: ['top_pick', 'copay'] }, 'holdout')).toEqual({
      q: 'crm tool',
      min_price: 5,
      features: ['copay', 'top_pick'],
      sort: 'ranked',
      page: 1,
      page_size: 50,
      ab: 'holdout',
    });
  });
});
