import type { AnalyticsFilters, Bucket } from './api';

export const BUCKETS: readonly Bucket[] = ['day', 'week', 'month'];
/** The longest range the server answers (both ends included). */
export const MAX_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the filters from the URL; unknown values fall back to the defaults. */
export function filtersFrom(params: URLSearchParams): AnalyticsFilters {
  const day = (k: string) => {
    const v = params.get(k) ?? '';
    return DAY.test(v) ? v : '';
  };
  const b = params.get('bucket');
  return { from: day('from'), to: day('to'), bucket: BUCKETS.includes(b as Bucket) ? (b as Bucket) : 'day', service: params.get('service') ?? '' };
}

/** Writes the filters to the URL (defaults left out, so the address stays short). */
export function paramsOf(f: AnalyticsFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.bucket !== 'day') p.set('bucket', f.bucket);
  if (f.service) p.set('service', f.service);
  return p;
}

/** The range rule the server applies, checked before asking: the i18n key of the problem, or null. */
export function rangeProblem(from: string, to: string): { field: 'from' | 'to'; key: string } | null {
  if (!from || !to) return null;
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a)) return { field: 'from', key: 'vendorAnalytics.errors.date' };
  if (Number.isNaN(b)) return { field: 'to', key: 'vendorAnalytics.errors.date' };
  if (a > b) return { field: 'from', key: 'vendorAnalytics.errors.order' };
  if ((b - a) / 86_400_000 + 1 > MAX_DAYS) return { field: 'to', key: 'vendorAnalytics.errors.tooLong' };
  return null;
}

/** Revenue in cents as the viewer's currency text (US dollars). */
export function money(cents: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** Conversion (a ratio) as a percentage with one decimal. */
export function percent(ratio: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ratio);
}
