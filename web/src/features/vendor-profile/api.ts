import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import { SEND_ONCE, useSendOnce } from '../../lib/queryClient';
import type { components } from '../../lib/api/schema';

type S = components['schemas'];
export type ProfilesAnswer = ResponseBody<'/api/vendor/profiles', 'get'>;
export type VendorProfile = S['VendorProfile'];
export type Representative = S['Representative'];
export type Question = S['VendorQuestion'];
export type RepresentativeBody = S['RepresentativeInput'];
export type QuestionBody = S['VendorQuestionInput'];
export type ProfileBody = S['VendorProfileInput'];

const KEY = ['vendor-profile'] as const;

/** The profiles of the vendors the caller owns, with the state choices (F-AREA-01). */
export function profilesQuery() {
  return queryOptions({
    queryKey: [...KEY, 'profiles'] as const,
    staleTime: 30 * 1000,
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendor/profiles', { signal })),
  });
}

/** A vendor's representatives, primary first. */
export function representativesQuery(vendorId: string) {
  return queryOptions({
    queryKey: [...KEY, 'reps', vendorId] as const,
    staleTime: 15 * 1000,
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendor/profiles/{id}/representatives', { params: { path: { id: vendorId } }, signal })),
  });
}

/** A vendor's evaluation questions by number, with the most it may ask. */
export function questionsQuery(vendorId: string) {
  return queryOptions({
    queryKey: [...KEY, 'questions', vendorId] as const,
    staleTime: 15 * 1000,
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendor/profiles/{id}/questions', { params: { path: { id: vendorId } }, signal })),
  });
}

/** Change what the vendor may change alone. */
export function useUpdateProfile() {
  return useSendOnce(({ id, body }: { id: string; body: ProfileBody }) => unwrap(api.PUT('/api/vendor/profiles/{id}', { params: { path: { id } }, body })), [...KEY, 'profiles']);
}

/** Add a representative. */
export function useAddRepresentative(vendorId: string) {
  return useSendOnce((body: RepresentativeBody) => unwrap(api.POST('/api/vendor/profiles/{id}/representatives', { params: { path: { id: vendorId } }, body })), [...KEY, 'reps', vendorId]);
}

/** Change a representative. */
export function useUpdateRepresentative(vendorId: string) {
  return useSendOnce(({ id, body }: { id: string; body: RepresentativeBody }) => unwrap(api.PUT('/api/vendor/representatives/{id}', { params: { path: { id } }, body })), [...KEY, 'reps', vendorId]);
}

/** Make a representative the vendor's primary. */
export function useSetPrimary(vendorId: string) {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (id: string) => unwrap(api.POST('/api/vendor/representatives/{id}/primary', { params: { path: { id } } })),
    onSuccess: (data) => qc.setQueryData(representativesQuery(vendorId).queryKey, data),
  });
}

/** Remove a representative. */
export function useRemoveRepresentative(vendorId: string) {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (id: string) => unwrap(api.DELETE('/api/vendor/representatives/{id}', { params: { path: { id } } })),
    onSuccess: (data) => qc.setQueryData(representativesQuery(vendorId).queryKey, data),
  });
}

/** Add an evaluation question after the last. */
export function useAddQuestion(vendorId: string) {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: QuestionBody) => unwrap(api.POST('/api/vendor/profiles/{id}/questions', { params: { path: { id: vendorId } }, body })),
    onSuccess: (data) => qc.setQueryData(questionsQuery(vendorId).queryKey, data),
  });
}

/** Change a question and its answer. */
export function useEditQuestion(vendorId: string) {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: ({ number, body }: { number: number; body: QuestionBody }) =>
      unwrap(api.PUT('/api/vendor/profiles/{id}/questions/{number}', { params: { path: { id: vendorId, number } }, body })),
    onSuccess: (data) => qc.setQueryData(questionsQuery(vendorId).queryKey, data),
  });
}

/** Put the questions in a new order. */
export function useReorderQuestions(vendorId: string) {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (order: number[]) => unwrap(api.POST('/api/vendor/profiles/{id}/questions/order', { params: { path: { id: vendorId } }, body: { order } })),
    onSuccess: (data) => qc.setQueryData(questionsQuery(vendorId).queryKey, data),
  });
}

/** Remove a question. */
export function useRemoveQuestion(vendorId: string) {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (number: number) => unwrap(api.DELETE('/api/vendor/profiles/{id}/questions/{number}', { params: { path: { id: vendorId, number } } })),
    onSuccess: (data) => qc.setQueryData(questionsQuery(vendorId).queryKey, data),
  });
}
