/**
 * Money display (spec 03§9): integer cents in, whole units out (no decimals), en-US numbers or
 * fr-CA for French, symbol $ or C$. Canadian viewers see an approximate C$ amount converted at
 * the admin-set rate (app_config usd_to_cad_rate_e4 / 10000), marked with "≈".
 */

export type Currency = 'USD' | 'CAD';

export interface MoneyOptions {
  /** The UI language ("en", "es", "fr"); French formats numbers as fr-CA. */
  language: string;
  currency?: Currency;
  /** USD -> CAD rate times 10,000 (13800 = 1.38). Needed for CAD. */
  usdToCadRateE4?: number;
}

/** Province and territory codes and names (English and French) that mean a Canadian viewer. */
const CANADIAN_REGIONS = new Set(
  [
    'AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT',
    'alberta', 'british columbia', 'colombie-britannique', 'manitoba', 'new brunswick', 'nouveau-brunswick',
    'newfoundland and labrador', 'terre-neuve-et-labrador', 'nova scotia', 'nouvelle-écosse',
    'northwest territories', 'territoires du nord-ouest', 'nunavut', 'ontario', 'prince edward island',
    'île-du-prince-édouard', 'quebec', 'québec', 'saskatchewan', 'yukon',
  ].map((s) => s.toLowerCase()),
);

/** Whether a profile's state or province (code or name) is Canadian. */
export function isCanadianRegion(state: string | null | undefined): boolean {
  if (!state) return false;
  return CANADIAN_REGIONS.has(state.trim().toLowerCase());
}

/** The currency a viewer sees: CAD for Canadian viewers, otherwise USD. */
export function currencyForRegion(state: string | null | undefined): Currency {
  return isCanadianRegion(state) ? 'CAD' : 'USD';
}

export function moneyLocale(language: string): 'fr-CA' | 'en-US' {
  return language.toLowerCase().startsWith('fr') ? 'fr-CA' : 'en-US';
}

/** USD cents converted to CAD cents at rateE4 / 10000, rounded half up. */
export function usdCentsToCad(cents: number, rateE4: number): number {
  return Math.round((cents * rateE4) / 10000);
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: Currency): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Formats cents that are already in `currency` (the one formatter every screen uses): whole units,
 * "$1,299" (en) or "1 299 $" (fr), "C$1,366" for CAD, with "≈ " in front when approximate.
 */
export function formatCents(cents: number, options: { language: string; currency: Currency; approximate?: boolean }): string {
  const locale = moneyLocale(options.language);
  const text =
    locale === 'en-US' && Number.isSafeInteger(cents)
      ? formatEnglishWholeUnits(cents, options.currency === 'CAD' ? 'C$' : '$')
      : formatter(locale, options.currency)
          .formatToParts(cents / 100)
          .map((p) => (p.type === 'currency' && options.currency === 'CAD' ? 'C$' : p.value))
          .join('');
  return options.approximate ? `≈ ${text}` : text;
}

/**
 * What Intl's en-US currency format with whole units gives ("-$1,299"), written out: the first
 * Intl.NumberFormat of a page load costs tens of milliseconds on a phone (it loads the locale's
 * data), and a marketplace page formats a few hundred prices (issue 18 item 5). Half a unit
 * rounds away from zero, as Intl does; money.test.ts compares the two.
 */
function formatEnglishWholeUnits(cents: number, symbol: string): string {
  const units = Math.floor((Math.abs(cents) + 50) / 100);
  const grouped = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // Intl keeps the sign of a negative amount that rounds to zero ("-$0"), and of -0.
  return `${cents < 0 || Object.is(cents, -0) ? '-' : ''}${symbol}${grouped}`;
}

/**
 * Formats USD cents for a viewer: "$1,299" (en), "1 299 $" (fr); for CAD the amount converted at
 * the rate, "≈ C$1,793" / "≈ 1 793 C$". Amounts are rounded to whole units.
 */
export function formatMoney(cents: number, options: MoneyOptions): string {
  const currency = options.currency ?? 'USD';
  if (currency === 'USD') return formatCents(cents, { language: options.language, currency });
  return formatCents(usdCentsToCad(cents, options.usdToCadRateE4 ?? 10000), { language: options.language, currency, approximate: true });
}

/** A server Money for display: "≈" marks an amount converted at the admin-set rate (CAD). */
export function moneyText(m: { display: string; approximate: boolean } | null | undefined): string {
  if (!m) return '';
  return m.approximate && !m.display.startsWith('≈') ? `≈ ${m.display}` : m.display;
}
