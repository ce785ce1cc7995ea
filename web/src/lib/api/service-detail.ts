import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { Viewer } from '../session';

export const serviceDetailKey = (id: string) => ['detail', 'service', id] as const;

/** Whose answer a detail query holds (its key's last part): the signed-in user's id, or 'visitor'. */
export const detailViewerKey = (viewer: Pick<Viewer, 'profile'>): string => viewer.profile?.user_id ?? 'visitor';

/**
 * Everything the funnel page, the sales-page dialog and the purchase dialogs show, in one request
 * (GET /api/services/{id}): the detail page and the cart layer share this query, so a purchase
 * from the detail page needs no second request.
 */
export function serviceDetailQuery(id: string, viewerKey: string) {
  return queryOptions({
    queryKey: [...serviceDetailKey(id), viewerKey] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/services/{id}', { params: { path: { id } }, signal })),
    staleTime: 5 * 60 * 1000,
    retry: (count, err) => count < 1 && !(err instanceof Error && 'status' in err && (err as { status: number }).status === 404),
  });
}
