import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { serviceDetailKey } from './service-detail';

/** The query keys a publish refreshes: the Services tab's list and the funnel editor's funnel. */
export const vendorServicesKey = ['vendor-services'] as const;
export const vendorFunnelKey = (id: string) => ['vendor-funnel', id] as const;

/**
 * Make one of the caller's services' draft live (POST /api/vendor/services/{id}/publish: the
 * catalogue write path, one change record, every replica at once). Shared by the Services tab's
 * rows and the funnel editor, so both publish the same way and refresh the same screens.
 */
export function usePublishService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/vendor/services/{id}/publish', { params: { path: { id } } })),
    onSuccess: (_data, id) => {
      void qc.invalidateQueries({ queryKey: vendorServicesKey });
      void qc.invalidateQueries({ queryKey: vendorFunnelKey(id) });
      void qc.invalidateQueries({ queryKey: serviceDetailKey(id) });
    },
  });
}
