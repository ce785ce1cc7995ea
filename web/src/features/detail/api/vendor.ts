import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const vendorDetailKey = (id: string) => ['detail', 'vendor', id] as const;

/** The vendor funnel modal's data: vendor, representatives, questions, content, reviews, stats. */
export function vendorDetailQuery(id: string) {
  return queryOptions({
    queryKey: vendorDetailKey(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendors/{id}', { params: { path: { id } }, signal })),
    staleTime: 5 * 60 * 1000,
    retry: 1,
  });
}

export function updateVendorQuestion(vendorId: string, number: number, questionText: string) {
  return unwrap(
    api.PUT('/api/vendors/{id}/questions/{number}', { params: { path: { id: vendorId, number } }, body: { question_text: questionText } }),
  );
}
