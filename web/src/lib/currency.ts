/**
 * The viewer's currency (spec 01§9, 03§9; F-APP-06; docs/areas/currency.md). The server decides
 * every price: a member's currency comes from their profile, a visitor's from the choice kept in
 * local storage and sent as ?currency= (the server falls back to CAD in French, else USD). The
 * rule below mirrors pricing.ViewerCurrency only to label the header's switch and to format the
 * server's converted amounts; it never converts a price.
 */
import { isCanadianRegion, type Currency } from './money';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export const CURRENCIES: readonly Currency[] = ['USD', 'CAD'];

export function isCurrency(v: unknown): v is Currency {
  return v === 'USD' || v === 'CAD';
}

/** pricing.ViewerCurrency: the choice; else CAD for a Canadian province or French; else USD. */
export function viewerCurrency(state: string | null | undefined, language: string | null | undefined, chosen?: string | null): Currency {
  if (isCurrency(chosen)) return chosen;
  if (isCanadianRegion(state) || (language ?? '').toLowerCase().split(/[-_]/)[0] === 'fr') return 'CAD';
  return 'USD';
}

/** A visitor's own choice in the switch (local storage), if any. */
export function storedCurrency(): Currency | undefined {
  const v = readStorage('local', STORAGE_KEYS.currency);
  return isCurrency(v) ? v : undefined;
}

export function storeCurrency(c: Currency): void {
  writeStorage('local', STORAGE_KEYS.currency, c);
}

/** What a request for prices sends: the visitor's choice (members' profiles decide on the server). */
export function currencyParam(): { currency?: Currency } {
  const c = storedCurrency();
  return c ? { currency: c } : {};
}
