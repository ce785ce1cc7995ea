import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { deskKeys } from './keys';

export type DeskPage = ResponseBody<'/api/support/desk/tickets', 'get'>;
export type DeskTicket = NonNullable<DeskPage['tickets']>[number];
export type DeskView = ResponseBody<'/api/support/desk/tickets/{id}', 'get'>;
export type StaffMember = NonNullable<ResponseBody<'/api/support/desk/staff', 'get'>['staff']>[number];
export type CannedAnswer = NonNullable<ResponseBody<'/api/support/desk/canned-answers', 'get'>['answers']>[number];
export type FeedbackRow = NonNullable<ResponseBody<'/api/admin/concierge/feedback', 'get'>['feedback']>[number];
export type TicketStatus = 'open' | 'pending' | 'solved';
export type AssigneeFilter = 'mine' | 'unassigned' | 'all';

export interface QueueQuery {
  page: number;
  page_size: number;
  status?: TicketStatus;
  assignee: AssigneeFilter;
  q?: string;
}

/** GET /api/support/desk/tickets (desk-list-tickets): one page of the queue. */
export function queueQuery(query: QueueQuery) {
  return queryOptions({
    queryKey: deskKeys.tickets({ ...query }),
    queryFn: ({ signal }) => unwrap(api.GET('/api/support/desk/tickets', { signal, params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/support/desk/tickets/{id} (desk-get-ticket). */
export function deskTicketQuery(id: string) {
  return queryOptions({
    queryKey: deskKeys.ticket(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/support/desk/tickets/{id}', { signal, params: { path: { id } } })),
  });
}

/** GET /api/support/desk/staff (desk-list-staff). */
export function staffQuery() {
  return queryOptions({
    queryKey: deskKeys.staff(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/support/desk/staff', { signal })),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/support/desk/canned-answers (desk-list-canned-answers). */
export function cannedQuery() {
  return queryOptions({
    queryKey: deskKeys.canned(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/support/desk/canned-answers', { signal })),
  });
}

/** GET /api/admin/concierge/feedback (admin-concierge-feedback): administrators only. */
export function feedbackQuery(enabled: boolean) {
  return queryOptions({
    queryKey: deskKeys.feedback(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/concierge/feedback', { signal })),
    enabled,
  });
}
