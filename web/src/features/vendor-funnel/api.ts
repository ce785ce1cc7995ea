import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import type { FunnelContent } from './model';

export type FunnelAnswer = ResponseBody<'/api/vendor/services/{id}/funnel', 'get'>;
export type ServiceList = ResponseBody<'/api/vendor/services', 'get'>;

const KEY = ['vendor-funnel'] as const;

/** The caller's services, for the service picker (the same answer the Services tab reads). */
export function myServicesQuery() {
  return queryOptions({
    queryKey: ['vendor-services', 'list'] as const,
    staleTime: 15 * 1000,
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendor/services', { signal })),
  });
}

/** One of the caller's services' funnel (the defaults when it has none). */
export function funnelQuery(id: string) {
  return queryOptions({
    queryKey: [...KEY, id] as const,
    staleTime: 0,
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendor/services/{id}/funnel', { params: { path: { id } }, signal })),
  });
}

/** Save a funnel (sanitised and checked on the server) as the service's draft; the detail page shows it once published. */
export function useSaveFunnel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: FunnelContent }) =>
      unwrap(api.PUT('/api/vendor/services/{id}/funnel', { params: { path: { id } }, body: content })),
    onSuccess: (data, { id }) => {
      qc.setQueryData(funnelQuery(id).queryKey, data);
      void qc.invalidateQueries({ queryKey: ['vendor-services'] });
    },
  });
}
