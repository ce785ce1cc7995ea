import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { useSendOnce } from '../../../lib/queryClient';
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
const FAQ_READS = [adminKeys.faqItems(), ['support', 'faq']];

/** POST /api/admin/faq-items (admin-create-faq-item). */
export function useCreateFaqItem() {
  return useSendOnce((body: FaqItemInput) => unwrap(api.POST('/api/admin/faq-items', { body })), ...FAQ_READS);
}

/** PUT /api/admin/faq-items/{id} (admin-update-faq-item). */
export function useUpdateFaqItem() {
  return useSendOnce(
    (v: { id: string; body: FaqItemInput }) => unwrap(api.PUT('/api/admin/faq-items/{id}', { params: { path: { id: v.id } }, body: v.body })),
    ...FAQ_READS,
  );
}

/** DELETE /api/admin/faq-items/{id} (admin-delete-faq-item). */
export function useDeleteFaqItem() {
  return useSendOnce((id: string) => unwrap(api.DELETE('/api/admin/faq-items/{id}', { params: { path: { id } } })), ...FAQ_READS);
}

/** PATCH /api/admin/config (the faq_remote_enabled flag): shows or hides the remote items in the help widget. */
export function useSetRemoteFaq() {
  return useSendOnce((on: boolean) => unwrap(api.PATCH('/api/admin/config', { body: { changes: [{ key: 'faq_remote_enabled', value: String(on) }] } })));
}
