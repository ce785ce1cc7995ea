import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import { SEND_ONCE } from '../../lib/queryClient';

export type ConciergeAnswer = ResponseBody<'/api/concierge/respond', 'post'>;
export type ConciergeThreads = ResponseBody<'/api/concierge/threads', 'get'>;
export type ConciergeMessages = ResponseBody<'/api/concierge/threads/{id}/messages', 'get'>;

export const threadsKey = ['concierge', 'threads'] as const;

/** The caller's threads (a visitor's by the anonymous id cookie), latest first. */
export function threadsQuery() {
  return queryOptions({
    queryKey: threadsKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/concierge/threads', { signal })),
  });
}

/** The messages of one of the caller's threads. */
export function messagesQuery(id: string) {
  return queryOptions({
    queryKey: ['concierge', 'messages', id] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/concierge/threads/{id}/messages', { params: { path: { id } }, signal })),
  });
}

/** Asks the concierge (concierge-respond); a new thread when threadId is undefined. */
export function useRespond() {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (v: { text: string; threadId?: string }): Promise<ConciergeAnswer> =>
      unwrap(api.POST('/api/concierge/respond', { body: { text: v.text, ...(v.threadId ? { thread_id: v.threadId } : {}) } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: threadsKey }),
  });
}
