import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';

export type OutboxAnswer = ResponseBody<'/api/admin/outbox', 'get'>;
export type OutboxEmail = NonNullable<OutboxAnswer['emails']>[number];

/** GET /api/admin/outbox?to= (administrators): the e-mails of the built-in outbox, newest first. */
export function outboxQuery(to: string) {
  return queryOptions({
    queryKey: ['admin', 'outbox', to],
    queryFn: () => unwrap(api.GET('/api/admin/outbox', { params: { query: { to: to || undefined, limit: 200 } } })),
    staleTime: 0,
    retry: false,
  });
}
