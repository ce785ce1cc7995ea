import type { QueryClient } from '@tanstack/react-query';
import { marketplaceDataQuery } from './get-marketplace-data';
import { searchServices } from './search-services';
import type { MarketplaceData, ServiceCard, ServicePage } from './types';

/** Pages of 100 looked through for a shared service that is not on screen. */
export const FIND_SERVICE_MAX_PAGES = 20;

/**
 * A service card by id. The API has no single-service read yet (the detail issue adds one), so
 * this looks in what is already loaded, then through the catalogue 100 at a time.
 */
export async function findService(id: string, queryClient: QueryClient, signal?: AbortSignal): Promise<ServiceCard | null> {
  // The page loads the snapshot anyway; a shared service is usually in it (first page, Top Deals).
  let data: MarketplaceData | undefined;
  try {
    data = await queryClient.ensureQueryData(marketplaceDataQuery());
  } catch {
    data = undefined;
  }
  const known: ServiceCard[] = [...(data?.top_deals ?? []), ...(data?.first_page.services ?? [])];
  for (const [, page] of queryClient.getQueriesData<ServicePage>({ queryKey: ['marketplace', 'services'] })) {
    known.push(...(page?.services ?? []));
  }
  const hit = known.find((c) => c.id === id);
  if (hit) return hit;
  for (let page = 1; page <= FIND_SERVICE_MAX_PAGES; page++) {
    const answer = await searchServices({ sort: 'newest', page, page_size: 100 }, signal);
    const found = (answer.services ?? []).find((c) => c.id === id);
    if (found) return found;
    if (page >= answer.pages) break;
  }
  return null;
}
