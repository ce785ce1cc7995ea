import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { SEND_ONCE } from '../../lib/queryClient';

export type CourseCard = components['schemas']['CourseCard'];
export type CourseView = components['schemas']['CourseView'];
export type LessonView = components['schemas']['LessonView'];
export type Quiz = components['schemas']['Quiz'];
export type QuizResult = components['schemas']['QuizResult'];
export type Certificate = components['schemas']['Certificate'];
export type Resource = components['schemas']['Resource'];
export type Text = components['schemas']['Text'];

/** The course text in the app's language; the server falls back to English when empty. */
export function pick(text: Text, language: string): string {
  const lang = language.slice(0, 2);
  if (lang === 'es' && text.es) return text.es;
  if (lang === 'fr' && text.fr) return text.fr;
  return text.en;
}

const academyKey = ['academy'] as const;

/** GET /api/academy/courses (list-academy-courses): the catalogue with the caller's progress. */
export const coursesQuery = queryOptions({
  queryKey: [...academyKey, 'courses'],
  queryFn: ({ signal }) => unwrap(api.GET('/api/academy/courses', { signal })),
  staleTime: 30_000,
});

/** GET /api/academy/courses/{slug} (get-academy-course): outline, pass mark and the caller's progress. */
export function courseQuery(slug: string) {
  return queryOptions({
    queryKey: [...academyKey, 'course', slug],
    queryFn: ({ signal }) => unwrap(api.GET('/api/academy/courses/{slug}', { params: { path: { slug } }, signal })),
    retry: false,
  });
}

/** GET /api/academy/courses/{slug}/lessons/{lessonId} (get-academy-lesson). */
export function lessonQuery(slug: string, lessonId: string) {
  return queryOptions({
    queryKey: [...academyKey, 'lesson', slug, lessonId],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/academy/courses/{slug}/lessons/{lessonId}', { params: { path: { slug, lessonId } }, signal })),
    retry: false,
  });
}

/** GET /api/academy/courses/{slug}/quiz (get-academy-quiz): questions without answers. */
export function quizQuery(slug: string) {
  return queryOptions({
    queryKey: [...academyKey, 'quiz', slug],
    queryFn: ({ signal }) => unwrap(api.GET('/api/academy/courses/{slug}/quiz', { params: { path: { slug } }, signal })),
    retry: false,
  });
}

/** GET /api/academy/certificates/{id} (get-academy-certificate): public, printable. */
export function certificateQuery(id: string) {
  return queryOptions({
    queryKey: [...academyKey, 'certificate', id],
    queryFn: ({ signal }) => unwrap(api.GET('/api/academy/certificates/{id}', { params: { path: { id } }, signal })),
    retry: false,
  });
}

/** POST /api/academy/courses/{slug}/enroll (enroll-academy-course). */
export function useEnroll(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: () => unwrap(api.POST('/api/academy/courses/{slug}/enroll', { params: { path: { slug } } })),
    onSuccess: (course) => {
      queryClient.setQueryData(courseQuery(slug).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: coursesQuery.queryKey });
    },
  });
}

/** POST /api/academy/courses/{slug}/lessons/{lessonId}/complete (complete-academy-lesson). */
export function useCompleteLesson(slug: string, lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: () =>
      unwrap(api.POST('/api/academy/courses/{slug}/lessons/{lessonId}/complete', { params: { path: { slug, lessonId } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: academyKey }),
  });
}

/** POST /api/academy/courses/{slug}/quiz (submit-academy-quiz): scored on the server. */
export function useSubmitQuiz(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (answers: number[]) => unwrap(api.POST('/api/academy/courses/{slug}/quiz', { params: { path: { slug } }, body: { answers } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...academyKey, 'course', slug] });
      void queryClient.invalidateQueries({ queryKey: coursesQuery.queryKey });
    },
  });
}
