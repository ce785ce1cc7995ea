import { vi } from 'vitest';
import { DEFAULT_CONFIG } from '../../test/render';
import type { ServiceCard } from './api/types';
import { MARKETPLACE_KEYS } from './model/storageKeys';
import { makeCard, makeSnapshot } from './testData';

/** A JSON answer as the API sends it. */
export function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs fetch with the marketplace a signed-out visitor sees: the snapshot of the given cards (one
 * by default) and a search answering `results` (the same cards unless told); `overrides` answer
 * chosen paths instead. Puts the browser on the ranked arm of ranking_v1 unless `ranked` is false.
 * Returns the URLs requested, in order.
 */
export function serveMarketplace(
  cards: ServiceCard[] = [makeCard()],
  { results = cards, overrides = {}, ranked = true }: { results?: ServiceCard[]; overrides?: Record<string, (url: URL) => Response>; ranked?: boolean } = {},
): URL[] {
  if (ranked) window.localStorage.setItem(`${MARKETPLACE_KEYS.abPrefix}ranking_v1`, 'ranked');
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
      calls.push(url);
      const handler = overrides[url.pathname];
      if (handler) return handler(url);
      switch (url.pathname) {
        case '/api/config':
          return json(DEFAULT_CONFIG);
        case '/api/auth/session':
          return json({ code: 'unauthenticated', message: 'sign in' }, 401);
        case '/api/marketplace/data':
          return json(makeSnapshot(cards));
        case '/api/marketplace/services':
          return json({ services: results, total: results.length, page: 1, page_size: 50, pages: 1 });
        default:
          return json({ code: 'not_found', message: 'not found' }, 404);
      }
    }),
  );
  return calls;
}
