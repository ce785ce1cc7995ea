import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';
import { deskKeys } from './keys';
import type { TicketStatus } from './queries';

/** After a change on the desk, its lists and tickets are stale. */
function useInvalidateDesk() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: deskKeys.all });
}

/** POST /api/support/desk/tickets/{id}/replies (desk-reply). */
export function useReply(id: string) {
  const onSuccess = useInvalidateDesk();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: { message: string; status?: TicketStatus }) =>
      unwrap(api.POST('/api/support/desk/tickets/{id}/replies', { params: { path: { id } }, body })),
    onSuccess,
  });
}

/** POST /api/support/desk/tickets/{id}/notes (desk-add-note). */
export function useAddNote(id: string) {
  const onSuccess = useInvalidateDesk();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: { message: string }) => unwrap(api.POST('/api/support/desk/tickets/{id}/notes', { params: { path: { id } }, body })),
    onSuccess,
  });
}

/** PATCH /api/support/desk/tickets/{id} (desk-update-ticket). */
export function useUpdateTicket(id: string) {
  const onSuccess = useInvalidateDesk();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: { status?: TicketStatus; assignee_id?: string }) =>
      unwrap(api.PATCH('/api/support/desk/tickets/{id}', { params: { path: { id } }, body })),
    onSuccess,
  });
}

/** POST /api/support/desk/canned-answers (desk-create-canned-answer). */
export function useCreateCanned() {
  const onSuccess = useInvalidateDesk();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: { title: string; body: string }) => unwrap(api.POST('/api/support/desk/canned-answers', { body })),
    onSuccess,
  });
}

/** PUT /api/support/desk/canned-answers/{id} (desk-update-canned-answer). */
export function useUpdateCanned() {
  const onSuccess = useInvalidateDesk();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (v: { id: string; title: string; body: string }) =>
      unwrap(api.PUT('/api/support/desk/canned-answers/{id}', { params: { path: { id: v.id } }, body: { title: v.title, body: v.body } })),
    onSuccess,
  });
}

/** DELETE /api/support/desk/canned-answers/{id} (desk-delete-canned-answer). */
export function useDeleteCanned() {
  const onSuccess = useInvalidateDesk();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (id: string) => unwrap(api.DELETE('/api/support/desk/canned-answers/{id}', { params: { path: { id } } })),
    onSuccess,
  });
}

/** POST /api/concierge/feedback (concierge-feedback): an administrator's correction of an answer. */
export function useCorrectAnswer() {
  const onSuccess = useInvalidateDesk();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: { message_id: string; helpful: boolean; correction?: string }) => unwrap(api.POST('/api/concierge/feedback', { body })),
    onSuccess,
  });
}
