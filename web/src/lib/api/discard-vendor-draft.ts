import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { vendorFunnelKey, vendorServicesKey } from './publish-vendor-service';

/**
 * Drop one of the caller's services' unpublished changes, fields and funnel (DELETE
 * /api/vendor/services/{id}/draft); the live service stays. Shared by the Services tab's rows
 * and the funnel editor, so both refresh the same screens.
 */
export function useDiscardDraft() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/vendor/services/{id}/draft', { params: { path: { id } } })),
    onSuccess: (_data, id) => {
      void qc.invalidateQueries({ queryKey: vendorServicesKey });
      void qc.invalidateQueries({ queryKey: vendorFunnelKey(id) });
    },
  });
}
