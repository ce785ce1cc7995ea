import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import type { ServiceBody } from './rules';

export type ServicesAnswer = ResponseBody<'/api/vendor/services', 'get'>;
export type EditableService = NonNullable<ServicesAnswer['services']>[number];
export type Category = NonNullable<ServicesAnswer['categories']>[number];

const KEY = ['vendor-services'] as const;

/** The services of the vendors the caller owns, with the editor's choices (F-AREA-01). */
export function servicesQuery() {
  return queryOptions({
    queryKey: [...KEY, 'list'] as const,
    staleTime: 15 * 1000,
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendor/services', { signal })),
  });
}

/** Create a service for the caller's vendor; the list refreshes after. */
export function useCreateService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceBody & { vendor_id?: string }) => unwrap(api.POST('/api/vendor/services', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Save the form as one of the caller's services' draft (the marketplace keeps the live service until Publish). */
export function useUpdateService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ServiceBody }) =>
      unwrap(api.PUT('/api/vendor/services/{id}', { params: { path: { id } }, body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Activate or deactivate one of the caller's services. */
export function useSetServiceActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      unwrap(api.POST('/api/vendor/services/{id}/active', { params: { path: { id } }, body: { active } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Copy one of the caller's services as an inactive draft. */
export function useDuplicateService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/vendor/services/{id}/duplicate', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Publishing is shared with the funnel editor (lib/api/publish-vendor-service.ts). */
export { usePublishService } from '../../lib/api/publish-vendor-service';

/** Discarding a draft is shared with the funnel editor too (lib/api/discard-vendor-draft.ts). */
export { useDiscardDraft } from '../../lib/api/discard-vendor-draft';
