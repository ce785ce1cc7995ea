import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currencyQuery, PAGE_CURRENCY_ID, resetPageCurrencyForTests, takePageCurrency } from './currency';
import { pageWithData } from '../test/pageData';

const pageWith = (lang: string, body: string) => pageWithData(PAGE_CURRENCY_ID, lang, body);

const cad = { choice: 'auto', currency: 'CAD', usd_to_cad_rate_e4: 13800, stored_on_profile: false };

// F-APP-06 with issue 33 item 4: a server-rendered first screen says which currency its prices
// are in, and the visitor's currency query starts from it.
describe('F-APP-06 the currency of a server-rendered first screen', () => {
  beforeEach(() => resetPageCurrencyForTests());
  afterEach(() => resetPageCurrencyForTests());

  it('is taken once, in the app language', () => {
    const doc = pageWith('en', JSON.stringify(cad));
    expect(takePageCurrency(doc)).toEqual(cad);
    expect(takePageCurrency(doc)).toBeUndefined();
  });

  it('is not taken in another language (auto means CAD in French), nor when it does not parse or names no currency', () => {
    expect(takePageCurrency(pageWith('fr', JSON.stringify(cad)))).toBeUndefined();
    for (const body of ['{not json', JSON.stringify({ ...cad, currency: 'EUR' }), JSON.stringify({ ...cad, choice: 'x' }), 'null']) {
      resetPageCurrencyForTests();
      expect(takePageCurrency(pageWith('en', body)), body).toBeUndefined();
    }
    resetPageCurrencyForTests();
    expect(takePageCurrency(document)).toBeUndefined();
  });

  it("seeds only a visitor's query (a member's currency is their profile's)", () => {
    const el = pageWith('en', JSON.stringify(cad)).getElementById(PAGE_CURRENCY_ID)!;
    document.body.append(el);
    try {
      const seed = (userId: string) => (currencyQuery(userId).initialData as () => unknown)();
      expect(seed('user-1')).toBeUndefined();
      expect(seed('')).toEqual(cad);
    } finally {
      el.remove();
    }
  });
});
