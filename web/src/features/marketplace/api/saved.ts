import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';
import { savedQueryKey, unsaveService } from '../../../lib/saved';

/** The signed-in agent's saved service ids; fresh 2 minutes, kept 5 (02§9). */
export function savedQuery(enabled: boolean) {
  return queryOptions({
    queryKey: savedQueryKey,
    queryFn: async () => {
      const answer = await unwrap(api.GET('/api/saved'));
      return (answer.saved ?? []).map((s) => s.service_id);
    },
    staleTime: 2 * 60 * 1000,
    gcTime: 5 * 60 * 1000,
    enabled,
  });
}

async function setSaved(serviceId: string, saved: boolean): Promise<void> {
  if (saved) {
    await unwrap(api.PUT('/api/saved/{service_id}', { params: { path: { service_id: serviceId } }, body: {} }));
    return;
  }
  await unsaveService(serviceId);
}

/**
 * Saves or unsaves a service. The heart changes at once (the saved ids are updated before the
 * request) and changes back when the request fails.
 */
export function useSetSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: ({ serviceId, saved }: { serviceId: string; saved: boolean }) => setSaved(serviceId, saved),
    onMutate: ({ serviceId, saved }) => {
      queryClient.setQueryData<string[]>(savedQueryKey, (ids = []) => (saved ? [...ids.filter((id) => id !== serviceId), serviceId] : ids.filter((id) => id !== serviceId)));
    },
    onError: (_err, { serviceId, saved }) => {
      queryClient.setQueryData<string[]>(savedQueryKey, (ids = []) =>
        saved ? ids.filter((id) => id !== serviceId) : ids.includes(serviceId) ? ids : [...ids, serviceId],
      );
    },
    // The saved page's list (under the same key) is read again next time; the ids are already right.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedQueryKey, predicate: (q) => q.queryKey.length > savedQueryKey.length }),
  });
}
