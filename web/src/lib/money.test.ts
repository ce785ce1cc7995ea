import { describe, expect, it } from 'vitest';
import { currencyForRegion, formatCents, formatMoney, isCanadianRegion, moneyLocale, moneyText, usdCentsToCad } from './money';

// Intl uses narrow no-break spaces in French; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('F-CAT-07 money formatting (03§9)', () => {
  it('whole dollars, en-US', () => {
    expect(formatMoney(129900, { language: 'en' })).toBe('$1,299');
    expect(formatMoney(9950, { language: 'es' })).toBe('$100');
    expect(formatMoney(0, { language: 'en' })).toBe('$0');
  });

  it('fr-CA numbers for French', () => {
    expect(moneyLocale('fr')).toBe('fr-CA');
    expect(plain(formatMoney(129900, { language: 'fr' }))).toBe('1 299 $');
  });

  it('approximate C$ for Canadian viewers at the app-config rate', () => {
    expect(usdCentsToCad(10000, 13800)).toBe(13800);
    expect(formatMoney(129900, { language: 'en', currency: 'CAD', usdToCadRateE4: 13800 })).toBe('≈ C$1,793');
    expect(plain(formatMoney(129900, { language: 'fr', currency: 'CAD', usdToCadRateE4: 13800 }))).toBe('≈ 1 793 C$');
  });

  it('formats amounts already in a currency (plans, invoices): C$ without conversion, ≈ only when asked', () => {
    expect(formatCents(136600, { language: 'en', currency: 'CAD' })).toBe('C$1,366');
    expect(formatCents(136600, { language: 'en', currency: 'CAD', approximate: true })).toBe('≈ C$1,366');
    expect(formatCents(19700, { language: 'en', currency: 'USD' })).toBe('$197');
    expect(plain(formatCents(9900, { language: 'fr', currency: 'USD' }))).toBe('99 $');
  });

  it('knows Canadian provinces by code and name', () => {
    expect(isCanadianRegion('ON')).toBe(true);
    expect(isCanadianRegion(' québec ')).toBe(true);
    expect(isCanadianRegion('British Columbia')).toBe(true);
    expect(isCanadianRegion('TX')).toBe(false);
    expect(isCanadianRegion('')).toBe(false);
    expect(currencyForRegion('qc')).toBe('CAD');
    expect(currencyForRegion(undefined)).toBe('USD');
  });

  it('shows a server Money, marking converted amounts with ≈', () => {
    expect(moneyText({ display: '$129', approximate: false })).toBe('$129');
    expect(moneyText({ display: 'C$178', approximate: true })).toBe('≈ C$178');
    expect(moneyText({ display: '≈ C$178', approximate: true })).toBe('≈ C$178');
    expect(moneyText(null)).toBe('');
  });

  it('writes English amounts out exactly as Intl would (the first Intl formatter is slow on a phone)', () => {
    const intl = (cents: number, currency: 'USD' | 'CAD') =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 0, maximumFractionDigits: 0 })
        .formatToParts(cents / 100)
        .map((p) => (p.type === 'currency' && currency === 'CAD' ? 'C$' : p.value))
        .join('');
    const samples = [0, 1, 49, 50, 51, 99, 100, 149, 150, 9950, 99949, 99950, 129900, 100000000, 123456789012];
    for (const cents of [...samples, ...samples.map((c) => -c)]) {
      for (const currency of ['USD', 'CAD'] as const) {
        expect(formatCents(cents, { language: 'en', currency }), `${cents} ${currency}`).toBe(intl(cents, currency));
        expect(formatCents(cents, { language: 'es', currency }), `${cents} ${currency} es`).toBe(intl(cents, currency));
      }
    }
  });
});
