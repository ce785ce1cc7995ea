import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api/client';
import { SEND_ONCE } from '../../lib/queryClient';
import { savedQueryKey, unsaveService } from '../../lib/saved';

/** Under the key the marketplace hearts read (ids only), refreshed after changes here. */
const savedListKey = [...savedQueryKey, 'list'] as const;

/** Saved services with notes, and the cards of those still listed (two requests, in sequence). */
export function savedListQuery(enabled: boolean) {
  return queryOptions({
    queryKey: savedListKey,
    enabled,
    staleTime: 2 * 60 * 1000,
    gcTime: 5 * 60 * 1000,
    queryFn: async ({ signal }) => {
      const saved = (await unwrap(api.GET('/api/saved', { signal }))).saved ?? [];
      if (saved.length === 0) return { saved, cards: [], missing: [] as string[] };
      const ids = saved.map((s) => s.service_id).slice(0, 50);
      const cards = await unwrap(api.GET('/api/service-cards', { params: { query: { ids } }, signal }));
      return { saved, cards: cards.services ?? [], missing: cards.missing ?? [] };
    },
  });
}

/** A change to a saved service; afterwards the list and the marketplace hearts' ids are read again. */
function useSavedChange<V>(mutationFn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: savedListKey });
      void queryClient.invalidateQueries({ queryKey: savedQueryKey, exact: true });
    },
  });
}

export function useSaveNotes() {
  return useSavedChange(({ serviceId, notes }: { serviceId: string; notes: string }) =>
    unwrap(api.PUT('/api/saved/{service_id}', { params: { path: { service_id: serviceId } }, body: { notes } })),
  );
}

export function useUnsave() {
  return useSavedChange((serviceId: string) => unsaveService(serviceId));
}
