import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';

export type NotificationsAnswer = ResponseBody<'/api/notifications', 'get'>;
export type NoticeView = NonNullable<NotificationsAnswer['notifications']>[number];

export const notificationsKey = ['notifications'] as const;

/** The caller's notices and unread count (issue 15): checked every minute while signed in. */
export function notificationsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: notificationsKey,
    enabled,
    staleTime: 30 * 1000,
    refetchInterval: 60 * 1000,
    queryFn: ({ signal }) => unwrap(api.GET('/api/notifications', { signal })),
  });
}

/** Marks one notice read, or all of them (id undefined). */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id?: string): Promise<void> => {
      if (id) await unwrap(api.POST('/api/notifications/{id}/read', { params: { path: { id } } }));
      else await unwrap(api.POST('/api/notifications/read-all'));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: notificationsKey }),
  });
}
