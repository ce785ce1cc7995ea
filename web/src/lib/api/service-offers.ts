import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from './client';
import { serviceDetailQuery } from './service-detail';

/** GET /api/services/{id}/offers: the purchase dialogs' offers of a service for the caller. */
export type ServiceOffers = ResponseBody<'/api/services/{id}/offers', 'get'>;

export const serviceOffersKey = (id: string) => ['offers', 'service', id] as const;

/**
 * What the purchase dialogs read (issue 26 item 4): the offers alone, without the detail page's
 * reviews and related services, and without counting a view of the page. The server answers
 * the detail's offers to the cent, so a detail answer already cached for the same viewer (a
 * purchase from the detail page) seeds this query: no second request, and its age counts.
 */
export function serviceOffersQuery(queryClient: QueryClient, id: string, viewerKey: string) {
  const detailKey = serviceDetailQuery(id, viewerKey).queryKey;
  return queryOptions({
    queryKey: [...serviceOffersKey(id), viewerKey] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/services/{id}/offers', { params: { path: { id } }, signal })),
    initialData: (): ServiceOffers | undefined => {
      const detail = queryClient.getQueryData(detailKey);
      return detail ? { service_id: id, offers: detail.offers } : undefined;
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(detailKey)?.dataUpdatedAt,
    staleTime: 5 * 60 * 1000,
    retry: (count, err) => count < 1 && !(err instanceof Error && 'status' in err && (err as { status: number }).status === 404),
  });
}
