import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { listLang } from '../../../lib/localize';
import { makeCard, makeSnapshot } from '../testData';
import { loadMarketplaceData } from './get-marketplace-data';
import { searchServices } from './search-services';

let calls: URL[] = [];

function serve() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
      calls.push(url);
      const body =
        url.pathname === '/api/marketplace/data'
          ? makeSnapshot([makeCard()])
          : { services: [makeCard()], total: 1, page: 1, page_size: 50, pages: 1, lang: url.searchParams.get('lang') ?? 'en' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('F-CAT-06 list cards in the app language only', () => {
  it('maps the app language to the ?lang= of list requests (none for English)', () => {
    expect(listLang('en')).toBeUndefined();
    expect(listLang('es')).toBe('es');
    expect(listLang('fr-CA')).toBe('fr');
    expect(listLang('de')).toBeUndefined();
  });

  it('asks for English cards without ?lang=, so the snapshot URL is the preloaded one', async () => {
    serve();
    await loadMarketplaceData();
    await searchServices({ sort: 'newest', page: 1, page_size: 50 });
    expect(calls.map((u) => u.pathname + u.search)).toEqual([
      '/api/marketplace/data',
      '/api/marketplace/services?sort=newest&page=1&page_size=50',
    ]);
  });

  it('asks for Spanish cards with ?lang=es on the snapshot and on search pages', async () => {
    await i18n.changeLanguage('es');
    serve();
    await loadMarketplaceData();
    const page = await searchServices({ sort: 'newest', page: 1, page_size: 50 });
    expect(calls.map((u) => u.searchParams.get('lang'))).toEqual(['es', 'es']);
    expect(page.lang).toBe('es');
  });
});
