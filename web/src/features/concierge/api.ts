import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import { refetchAfterWrite, SEND_ONCE } from '../../lib/queryClient';

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
    // A first read of the threads may still be in flight, sent before the answer set the
    // visitor's anonymous id cookie.
    onSuccess: () => refetchAfterWrite(qc, threadsKey),
  });
}

export type Recommendations = ResponseBody<'/api/concierge/recommendations', 'get'>;
export type Market = ResponseBody<'/api/concierge/market', 'get'>;

/** Services recommended to the signed-in agent (enhanced-ai-recommendations), in the UI language. */
export function recommendationsQuery(lang: 'en' | 'es' | 'fr') {
  return queryOptions({
    queryKey: ['concierge', 'recommendations', lang] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/concierge/recommendations', { params: { query: { lang } }, signal })),
  });
}

/** The market figures of a state (ai-market-intelligence); the profile's state when empty. */
export function marketQuery(state: string) {
  return queryOptions({
    queryKey: ['concierge', 'market', state] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/concierge/market', { params: { query: state ? { state } : {} }, signal })),
  });
}
