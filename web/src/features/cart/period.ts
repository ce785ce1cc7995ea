/**
 * Recurring services (docs/decisions.md, Hardening (issue 14), Recurring services): a monthly or
 * yearly line is charged at checkout for its first period only; the renewal is arranged with the
 * vendor. These pick the cart's copy for a line from its price suffix (/mo, /yr, none).
 */
export type LinePeriod = 'month' | 'year' | null;

export function periodOf(priceSuffix: string): LinePeriod {
  if (priceSuffix === '/mo') return 'month';
  if (priceSuffix === '/yr') return 'year';
  return null;
}

/** i18n key of a line's unit price text: "$129 first month", "$99 each, first month", "$225 each". */
export function unitPriceKey(period: LinePeriod, quantity: number): string {
  if (period === 'month') return quantity > 1 ? 'cart.firstMonthEach' : 'cart.firstMonth';
  if (period === 'year') return quantity > 1 ? 'cart.firstYearEach' : 'cart.firstYear';
  return 'cart.each';
}

/** i18n key of a recurring line's renewal note, or null for a one-time line. */
export function renewalKey(period: LinePeriod): string | null {
  if (period === 'month') return 'cart.renewsMonth';
  if (period === 'year') return 'cart.renewsYear';
  return null;
}
