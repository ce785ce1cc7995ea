import { useMutation } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { SEND_ONCE, useSendOnce } from '../../lib/queryClient';

export type ContactInput = components['schemas']['ContactInput'];
export type DisputeInput = components['schemas']['DisputeInput'];
export type HelpEventInput = components['schemas']['HelpEventInput'];
export type Ticket = ResponseBody<'/api/support/tickets/{id}', 'get'>;
export type TicketList = ResponseBody<'/api/support/tickets', 'get'>;
export type TicketSummary = NonNullable<TicketList['tickets']>[number];
export type OrderList = ResponseBody<'/api/orders', 'get'>;
export type Order = NonNullable<OrderList['orders']>[number];

export const ticketsKey = ['support', 'tickets'] as const;

/** GET /api/support/tickets (list-support-tickets): the member's own tickets and disputes. */
export function ticketsQuery(signedIn: boolean) {
  return {
    queryKey: ticketsKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/support/tickets', { signal })),
    enabled: signedIn,
  };
}

/** GET /api/orders (list-orders): the member's orders, from which the dispute form offers the paid ones. */
export function disputableOrdersQuery(signedIn: boolean) {
  return {
    queryKey: ['orders', { includeEnded: false }] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/orders', { signal, params: { query: {} } })),
    enabled: signedIn,
  };
}

/** POST /api/support/tickets (create-support-ticket): the contact form and the help widget's. */
export function useCreateTicket() {
  return useSendOnce((body: ContactInput) => unwrap(api.POST('/api/support/tickets', { body })), ticketsKey);
}

/** POST /api/support/disputes (open-dispute). */
export function useOpenDispute() {
  return useSendOnce((body: DisputeInput) => unwrap(api.POST('/api/support/disputes', { body })), ticketsKey);
}

/** POST /api/help/analytics (record-help-event): a tour started, completed or skipped. Failures are only logged. */
export function useRecordHelpEvent() {
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: HelpEventInput) => unwrap(api.POST('/api/help/analytics', { body })),
  });
}

/** GET /api/support/tickets/{id} (get-support-ticket): one of the member's own requests with the replies. */
export function ticketQuery(id: string) {
  return {
    queryKey: [...ticketsKey, id] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/support/tickets/{id}', { signal, params: { path: { id } } })),
  };
}

/** POST /api/support/tickets/{id}/replies (reply-support-ticket): the member answers support. */
export function useReplyToTicket(id: string) {
  return useSendOnce((body: { message: string }) => unwrap(api.POST('/api/support/tickets/{id}/replies', { params: { path: { id } }, body })), ticketsKey);
}

export type RemoteFaq = ResponseBody<'/api/help/faq', 'get'>;
export type RemoteFaqItem = NonNullable<RemoteFaq['items']>[number];

/** GET /api/help/faq (list-faq-items): the remote FAQ items of a language, read only while app_config faq_remote_enabled is on. */
export function remoteFaqQuery(lang: 'en' | 'es' | 'fr', enabled: boolean) {
  return {
    queryKey: ['support', 'faq', lang] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/help/faq', { signal, params: { query: { lang } } })),
    enabled,
    staleTime: 5 * 60_000,
  };
}
