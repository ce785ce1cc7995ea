import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import i18n from '../../../lib/i18n';
import { listLang } from '../../../lib/localize';
import { readPageData } from '../../../lib/pageData';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';
import { CircuitBreaker, CircuitOpenError } from '../model/circuitBreaker';
import { DEFAULT_PRICE_RANGE } from '../model/filters';
import {
  MARKETPLACE_GC_MS,
  MARKETPLACE_STALE_MS,
  QUERY_TIMEOUT_MS,
  retryDelay,
  shouldRetry,
  SNAPSHOT_TIMEOUT_MS,
  withTimeout,
} from '../model/retry';
import { MARKETPLACE_KEYS } from '../model/storageKeys';
import type { MarketplaceData, ServicePage, VendorCard } from './types';

export const ALL_SOURCES_FAILED = 'All marketplace data sources failed';

/** The breaker around the snapshot read (02§4): when open, the page loads directly instead. */
export const snapshotBreaker = new CircuitBreaker();

export const marketplaceDataKey = ['marketplace', 'data'] as const;

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Loading order of 02§4 on this API: (1) the snapshot (GET /api/marketplace/data, 30 s), unless
 * the circuit is open; (2) otherwise page 1 of the ranked services and the vendors, in parallel
 * (8 s each). fresh skips the browser's HTTP cache.
 */
export async function loadMarketplaceData(opts: { fresh?: boolean; signal?: AbortSignal } = {}): Promise<MarketplaceData> {
  // Cards come in the app's language only (changing it reloads the page, so no key needs it).
  const lang = listLang(i18n.language);
  let snapshotError: unknown;
  if (snapshotBreaker.canRequest()) {
    try {
      const snap = await withTimeout(
        'marketplace data',
        SNAPSHOT_TIMEOUT_MS,
        (signal) => unwrap(api.GET('/api/marketplace/data', { params: { query: { lang } }, signal, cache: opts.fresh ? 'reload' : 'default' })),
        opts.signal,
      );
      snapshotBreaker.recordSuccess();
      return { ...snap, partial: false };
    } catch (err) {
      // A load the page cancelled says nothing about the server.
      if (opts.signal?.aborted) throw err;
      snapshotBreaker.recordFailure();
      snapshotError = err;
    }
  } else {
    snapshotError = new CircuitOpenError();
  }

  const [services, vendors] = await Promise.allSettled([
    withTimeout(
      'services',
      QUERY_TIMEOUT_MS,
      (signal) => unwrap(api.GET('/api/marketplace/services', { params: { query: { sort: 'ranked', page: 1, page_size: 50, ab: 'ranked', lang } }, signal })),
      opts.signal,
    ),
    withTimeout('vendors', QUERY_TIMEOUT_MS, (signal) => unwrap(api.GET('/api/marketplace/vendors', { signal })), opts.signal),
  ]);
  if (services.status === 'rejected') {
    const reasons = [
      snapshotError ? errorText(snapshotError) : null,
      `Failed to fetch services: ${errorText(services.reason)}`,
      vendors.status === 'rejected' ? `Failed to fetch vendors: ${errorText(vendors.reason)}` : null,
    ].filter(Boolean);
    const err = new Error(ALL_SOURCES_FAILED);
    (err as Error & { reasons?: string[] }).reasons = reasons as string[];
    throw err;
  }
  const page: ServicePage = services.value;
  const vendorList: VendorCard[] = vendors.status === 'fulfilled' ? (vendors.value.vendors ?? []).slice(0, 20) : [];
  const now = new Date().toISOString();
  return {
    generated_at: now,
    expires_at: now,
    services_count: page.total,
    vendors_count: vendors.status === 'fulfilled' ? vendors.value.total : 0,
    category_blocks: [],
    lobby_categories: [],
    product_categories: [],
    top_deals: [],
    trending_ids: [],
    bestseller_ids: [],
    price_range: { ...DEFAULT_PRICE_RANGE },
    first_page: page,
    vendors: vendorList,
    partial: true,
  };
}

/** Makes the next marketplace load skip caches (?fresh=1 and auto-recovery, 03§4). */
export function requestFreshLoad(): void {
  writeStorage('session', MARKETPLACE_KEYS.forceFresh, '1');
}

function consumeFreshLoad(): boolean {
  const fresh = readStorage('session', MARKETPLACE_KEYS.forceFresh) === '1';
  if (fresh) removeStorage('session', MARKETPLACE_KEYS.forceFresh);
  return fresh;
}

/** The id of the script element holding the snapshot the server rendered the page from (internal/httpapi/first_screen.go). */
export const FIRST_SCREEN_DATA_ID = 'circle-marketplace-data';

let pageSnapshotTaken = false;

/**
 * The snapshot a server-rendered / or /marketplace carries (issue 33 item 4): the answer GET
 * /api/marketplace/data gives a visitor in the page's language, which the server rendered the
 * first cards from. Taken once (the query's first load), only in that language and when no fresh
 * load is asked for; later loads ask the server as before.
 */
export function takePageSnapshot(doc: Document = document): MarketplaceData | undefined {
  if (pageSnapshotTaken) return undefined;
  pageSnapshotTaken = true;
  if (readStorage('session', MARKETPLACE_KEYS.forceFresh) === '1') return undefined;
  const snap = readPageData(FIRST_SCREEN_DATA_ID, doc) as MarketplaceData | null | undefined;
  return snap?.first_page ? { ...snap, partial: false } : undefined;
}

/** Lets a test read the page's snapshot again. */
export function resetPageSnapshotForTests(): void {
  pageSnapshotTaken = false;
}

export function marketplaceDataQuery() {
  return queryOptions({
    queryKey: marketplaceDataKey,
    queryFn: ({ signal }) => loadMarketplaceData({ fresh: consumeFreshLoad(), signal }),
    // The page's own snapshot, when it has one: the app renders the cards the server rendered
    // without asking for them again. It is as fresh as the page.
    initialData: takePageSnapshot,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: MARKETPLACE_STALE_MS,
    gcTime: MARKETPLACE_GC_MS,
    retry: shouldRetry,
    retryDelay,
  });
}
