import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { SEND_ONCE } from '../../../lib/queryClient';
import { adminKeys } from './keys';

export type FaqItemRow = NonNullable<ResponseBody<'/api/admin/faq-items', 'get'>['items']>[number];
export type FaqItemInput = components['schemas']['FAQInput'];

/** GET /api/admin/faq-items (admin-list-faq-items): every remote FAQ item. */
export function faqItemsQuery() {
  return queryOptions({
    queryKey: adminKeys.faqItems(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/faq-items', { signal })),
  });
}

/** The back office's list and the help widget's remote FAQ read change together. */
function useInvalidateFaq() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: adminKeys.faqItems() }), qc.invalidateQueries({ queryKey: ['support', 'faq'] })]);
}

/** POST /api/admin/faq-items (admin-create-faq-item). */
export function useCreateFaqItem() {
  const onSuccess = useInvalidateFaq();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: FaqItemInput) => unwrap(api.POST('/api/admin/faq-items', { body })),
    onSuccess,
  });
}

/** PUT /api/admin/faq-items/{id} (admin-update-faq-item). */
export function useUpdateFaqItem() {
  const onSuccess = useInvalidateFaq();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (v: { id: string; body: FaqItemInput }) => unwrap(api.PUT('/api/admin/faq-items/{id}', { params: { path: { id: v.id } }, body: v.body })),
    onSuccess,
  });
}

/** DELETE /api/admin/faq-items/{id} (admin-delete-faq-item). */
export function useDeleteFaqItem() {
  const onSuccess = useInvalidateFaq();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (id: string) => unwrap(api.DELETE('/api/admin/faq-items/{id}', { params: { path: { id } } })),
    onSuccess,
  });
}

/** PATCH /api/admin/config (the faq_remote_enabled flag): shows or hides the remote items in the help widget. */
export function useSetRemoteFaq() {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (on: boolean) => unwrap(api.PATCH('/api/admin/config', { body: { changes: [{ key: 'faq_remote_enabled', value: String(on) }] } })),
    onSuccess: () => qc.invalidateQueries(),
  });
}
