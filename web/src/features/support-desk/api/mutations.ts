import { api, unwrap } from '../../../lib/api/client';
import { useSendOnce } from '../../../lib/queryClient';
import { deskKeys } from './keys';
import type { TicketStatus } from './queries';

// After a change on the desk its lists and tickets are stale: each write below marks deskKeys.all stale.

/** POST /api/support/desk/tickets/{id}/replies (desk-reply). */
export function useReply(id: string) {
  return useSendOnce((body: { message: string; status?: TicketStatus }) => unwrap(api.POST('/api/support/desk/tickets/{id}/replies', { params: { path: { id } }, body })), deskKeys.all);
}

/** POST /api/support/desk/tickets/{id}/notes (desk-add-note). */
export function useAddNote(id: string) {
  return useSendOnce((body: { message: string }) => unwrap(api.POST('/api/support/desk/tickets/{id}/notes', { params: { path: { id } }, body })), deskKeys.all);
}

/** PATCH /api/support/desk/tickets/{id} (desk-update-ticket). */
export function useUpdateTicket(id: string) {
  return useSendOnce((body: { status?: TicketStatus; assignee_id?: string }) => unwrap(api.PATCH('/api/support/desk/tickets/{id}', { params: { path: { id } }, body })), deskKeys.all);
}

/** POST /api/support/desk/canned-answers (desk-create-canned-answer). */
export function useCreateCanned() {
  return useSendOnce((body: { title: string; body: string }) => unwrap(api.POST('/api/support/desk/canned-answers', { body })), deskKeys.all);
}

/** PUT /api/support/desk/canned-answers/{id} (desk-update-canned-answer). */
export function useUpdateCanned() {
  return useSendOnce(
    (v: { id: string; title: string; body: string }) => unwrap(api.PUT('/api/support/desk/canned-answers/{id}', { params: { path: { id: v.id } }, body: { title: v.title, body: v.body } })),
    deskKeys.all,
  );
}

/** DELETE /api/support/desk/canned-answers/{id} (desk-delete-canned-answer). */
export function useDeleteCanned() {
  return useSendOnce((id: string) => unwrap(api.DELETE('/api/support/desk/canned-answers/{id}', { params: { path: { id } } })), deskKeys.all);
}

/** POST /api/concierge/feedback (concierge-feedback): an administrator's correction of an answer. */
export function useCorrectAnswer() {
  return useSendOnce((body: { message_id: string; helpful: boolean; correction?: string }) => unwrap(api.POST('/api/concierge/feedback', { body })), deskKeys.all);
}
