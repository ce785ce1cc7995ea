/**
 * The marketplace filter state and its address-bar form (spec 03§2, 03§4, 03§5, 03§9).
 * The URL is the source of truth, so a filtered view can be shared and reloaded.
 */

export const SORTS = ['ranked', 'newest', 'price_low', 'price_high'] as const;
export type SortKey = (typeof SORTS)[number];

export const FEATURES = ['copay', 'instant', 'featured', 'top_pick', 'pro_discount'] as const;
export type Feature = (typeof FEATURES)[number];

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 50;

export const TABS = ['services', 'products', 'vendors'] as const;
export type Tab = (typeof TABS)[number];

export const LOBBY_SLUGS = [
  'home-property',
  'business-professional',
  'healthcare-wellness',
  'community-lifestyle',
  'growth-emerging',
] as const;

/** Server search ignores words shorter than this (03§5). */
export const MIN_SEARCH_TERM_CHARS = 3;
/** Search box debounce (03§9). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Minimum rating buttons 1 to 5 (03§9). */
export const RATINGS = [1, 2, 3, 4, 5] as const;

export interface Filters {
  q: string;
  /** Lobby category slug. */
  category: string;
  /** Category-block tag ("cat:crms"). */
  tag: string;
  /** Product-category slug (products view). */
  product: string;
  /** Whole dollars; null = no bound. */
  minPrice: number | null;
  maxPrice: number | null;
  minRating: number | null;
  features: Feature[];
  verified: boolean;
  copayEligible: boolean;
  sort: SortKey;
  page: number;
  pageSize: PageSize;
  tab: Tab;
  /** Vendors view search. */
  vq: string;
  /** Vendors view: bypass the location filter. */
  showAll: boolean;
}

export const DEFAULT_FILTERS: Filters = {
  q: '',
  category: '',
  tag: '',
  product: '',
  minPrice: null,
  maxPrice: null,
  minRating: null,
  features: [],
  verified: false,
  copayEligible: false,
  sort: 'ranked',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  tab: 'services',
  vq: '',
  showAll: false,
};

/**
 * Every query parameter this module owns; others (service, view, ab, qa, ff_*, utm_*) are left alone.
 * featured and copay are only read: they are the Featured Service and Co-Pay Available features.
 */
export const FILTER_PARAMS = [
  'q',
  'category',
  'tag',
  'product',
  'min_price',
  'max_price',
  'min_rating',
  'features',
  'featured',
  'verified',
  'copay',
  'copay_eligible',
  'sort',
  'page',
  'page_size',
  'tab',
  'vq',
  'show_all',
] as const;

function includes<T extends string | number>(list: readonly T[], v: unknown): v is T {
  return (list as readonly unknown[]).includes(v);
}

function bool(v: string | null): boolean {
  return v !== null && ['1', 'true', 'on', 'yes'].includes(v.toLowerCase());
}

function wholeNumber(v: string | null, min: number, max: number): number | null {
  if (v === null || !/^\d+$/.test(v.trim())) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/** Reads the filters from a query string; unknown or invalid values fall back to defaults. */
export function parseFilters(params: URLSearchParams): Filters {
  const category = params.get('category') ?? '';
  const sort = params.get('sort');
  const pageSize = wholeNumber(params.get('page_size'), 1, 1000);
  const tab = params.get('tab');
  const tag = (params.get('tag') ?? '').trim().toLowerCase();
  const features: Feature[] = [];
  for (const raw of params.getAll('features').flatMap((v) => v.split(','))) {
    const f = raw.trim();
    if (includes(FEATURES, f) && !features.includes(f)) features.push(f);
  }
  // Older links carry featured=1 and copay=1: the same rules as two of the five features (issue 18).
  if (bool(params.get('featured')) && !features.includes('featured')) features.push('featured');
  if (bool(params.get('copay')) && !features.includes('copay')) features.push('copay');
  let minPrice = wholeNumber(params.get('min_price'), 0, 10_000_000);
  let maxPrice = wholeNumber(params.get('max_price'), 0, 10_000_000);
  if (minPrice === 0) minPrice = null;
  if (maxPrice === 0) maxPrice = null;
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    category: includes(LOBBY_SLUGS, category) ? category : '',
    tag: /^(cat|tag):[a-z0-9-]{1,60}$/.test(tag) ? tag : '',
    product: /^[a-z0-9-]{1,80}$/.test(params.get('product') ?? '') ? (params.get('product') ?? '') : '',
    minPrice,
    maxPrice,
    minRating: wholeNumber(params.get('min_rating'), 1, 5),
    features,
    verified: bool(params.get('verified')),
    copayEligible: bool(params.get('copay_eligible')),
    sort: includes(SORTS, sort) ? sort : 'ranked',
    page: wholeNumber(params.get('page'), 1, 10_000) ?? 1,
    pageSize: includes(PAGE_SIZES, pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    tab: includes(TABS, tab) ? tab : 'services',
    vq: (params.get('vq') ?? '').slice(0, 200),
    showAll: bool(params.get('show_all')),
  };
}

/**
 * Writes the filters into a copy of params: defaults are left out, parameters this module does
 * not own are kept as they were.
 */
export function writeFilters(params: URLSearchParams, f: Filters): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const p of FILTER_PARAMS) out.delete(p);
  const set = (k: string, v: string | number | null | false) => {
    if (v !== null && v !== false && v !== '') out.set(k, String(v));
  };
  set('q', f.q);
  set('category', f.category);
  set('tag', f.tag);
  set('product', f.product);
  set('min_price', f.minPrice);
  set('max_price', f.maxPrice);
  set('min_rating', f.minRating);
  for (const feature of FEATURES) if (f.features.includes(feature)) out.append('features', feature);
  set('verified', f.verified && '1');
  set('copay_eligible', f.copayEligible && '1');
  set('sort', f.sort === 'ranked' ? null : f.sort);
  set('page', f.page === 1 ? null : f.page);
  set('page_size', f.pageSize === DEFAULT_PAGE_SIZE ? null : f.pageSize);
  set('tab', f.tab === 'services' ? null : f.tab);
  set('vq', f.vq);
  set('show_all', f.showAll && '1');
  return out;
}

/**
 * Changes that do not send the visitor back to page 1: the page itself, the tab, and the
 * vendors view's own search. Spec 03§4 names search, category, featured, verified, co-pay, sort
 * and page size; every other results filter resets too, or a page past the new end could show.
 */
const KEEPS_PAGE: ReadonlyArray<keyof Filters> = ['page', 'tab', 'vq', 'showAll'];

function same(a: Filters[keyof Filters], b: Filters[keyof Filters]): boolean {
  return Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;
}

/** Applies a change; the page goes back to 1 when a results filter changed (03§4). */
export function changeFilters(prev: Filters, patch: Partial<Filters>): Filters {
  const next: Filters = { ...prev, ...patch };
  const resets = (Object.keys(patch) as Array<keyof Filters>).some(
    (k) => !KEEPS_PAGE.includes(k) && !same(prev[k], next[k]),
  );
  if (resets && patch.page === undefined) next.page = 1;
  return next;
}

/** Clear all filters: search and every filter go; sort, page size and tab stay. */
export function clearFilters(f: Filters): Filters {
  return { ...DEFAULT_FILTERS, sort: f.sort, pageSize: f.pageSize, tab: f.tab, vq: f.vq, showAll: f.showAll };
}

/** The words the server will use: at least 3 characters each (03§5), in order, lower-cased. */
export function searchTerms(q: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of q.toLowerCase().split(/[^\p{L}\p{N}&/-]+/u)) {
    if ([...w].length >= MIN_SEARCH_TERM_CHARS && !seen.has(w)) {
      seen.add(w);
      out.push(w);
    }
  }
  return out;
}

/** Whether anything narrows the results (sort, page and page size do not). */
export function hasActiveFilters(f: Filters): boolean {
  return (
    searchTerms(f.q).length > 0 ||
    f.category !== '' ||
    f.tag !== '' ||
    f.product !== '' ||
    f.minPrice !== null ||
    f.maxPrice !== null ||
    f.minRating !== null ||
    f.features.length > 0 ||
    f.verified ||
    f.copayEligible
  );
}

export type AbVariant = 'ranked' | 'holdout';

/** The snapshot's first page is page 1 of 50 ranked services with no filter (02§4). */
export function canUseSnapshotPage(f: Filters, variant: AbVariant): boolean {
  return (
    !hasActiveFilters(f) && f.sort === 'ranked' && f.page === 1 && f.pageSize === DEFAULT_PAGE_SIZE && variant === 'ranked'
  );
}

/** The query of GET /api/marketplace/services for these filters. */
export interface ServiceQuery {
  q?: string;
  category?: string;
  tag?: string;
  product?: string;
  min_price?: number;
  max_price?: number;
  min_rating?: number;
  features?: Feature[];
  verified?: boolean;
  copay_eligible?: boolean;
  sort?: SortKey;
  page?: number;
  page_size?: number;
  ab?: AbVariant;
}

export function toServiceQuery(f: Filters, ab: AbVariant): ServiceQuery {
  const q: ServiceQuery = { sort: f.sort, page: f.page, page_size: f.pageSize, ab };
  const terms = searchTerms(f.q);
  if (terms.length > 0) q.q = terms.join(' ');
  if (f.category) q.category = f.category;
  if (f.tag) q.tag = f.tag;
  if (f.product) q.product = f.product;
  if (f.minPrice !== null) q.min_price = f.minPrice;
  if (f.maxPrice !== null) q.max_price = f.maxPrice;
  if (f.minRating !== null) q.min_rating = f.minRating;
  if (f.features.length > 0) q.features = FEATURES.filter((x) => f.features.includes(x));
  if (f.verified) q.verified = true;
  if (f.copayEligible) q.copay_eligible = true;
  return q;
}

/** Price slider bounds before the data arrives (03§9). */
export const DEFAULT_PRICE_RANGE = { min: 0, max: 5000, step: 50 } as const;
