import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';
import type { VendorDetail, VendorQuestion } from '../model/types';

const vendorDetailKey = (id: string) => ['detail', 'vendor', id] as const;

/** The vendor funnel modal's data: vendor, representatives, questions, content, reviews, stats. */
export function vendorDetailQuery(id: string) {
  return queryOptions({
    queryKey: vendorDetailKey(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendors/{id}', { params: { path: { id } }, signal })),
    staleTime: 5 * 60 * 1000,
    retry: 1,
  });
}

/** Saves the vendor's changed funnel questions one by one; the answers replace them in the cached vendor. */
export function useUpdateVendorQuestions(vendorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: async (changes: { number: number; text: string }[]) => {
      const results: VendorQuestion[] = [];
      for (const c of changes) {
        const r = await unwrap(
          api.PUT('/api/vendors/{id}/questions/{number}', { params: { path: { id: vendorId, number: c.number } }, body: { question_text: c.text } }),
        );
        results.push(r.question);
      }
      return results;
    },
    onSuccess: (results) =>
      queryClient.setQueryData<VendorDetail>(vendorDetailKey(vendorId), (d) =>
        d ? { ...d, questions: (d.questions ?? []).map((q) => results.find((r) => r.question_number === q.question_number) ?? q) } : d,
      ),
  });
}
