import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { SEND_ONCE } from '../../lib/queryClient';

/** A course in the editors' lists: its card, author, members, certificates and last save. */
export type AuthoredCourse = components['schemas']['AuthoredCourse'];
/** A course to edit: details, lessons with their text, and the quiz with its right answers. */
export type DraftCourse = components['schemas']['AcademyCourse'];
/** What the editor sends. */
export type CourseInput = components['schemas']['CourseInput'];
export type LessonInput = components['schemas']['Lesson'];
export type QuestionInput = components['schemas']['Question'];
export type ResourceInput = components['schemas']['Resource'];

const authoringKey = ['academy', 'authoring'] as const;

/** GET /api/academy/authoring/courses (list-authored-courses): a creator's courses (every course for administrators). */
export const authoredCoursesQuery = queryOptions({
  queryKey: [...authoringKey, 'mine'],
  queryFn: ({ signal }) => unwrap(api.GET('/api/academy/authoring/courses', { signal })),
});

export interface AdminCourseFilter {
  status: '' | 'draft' | 'published';
  q: string;
}

/** GET /api/admin/academy/courses (admin-list-academy-courses): every course for the back office, filtered. */
export function adminCoursesQuery(f: AdminCourseFilter) {
  return queryOptions({
    queryKey: [...authoringKey, 'admin', f.status, f.q],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/admin/academy/courses', { params: { query: { status: f.status || undefined, q: f.q || undefined } }, signal })),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/academy/authoring/courses/{id} (get-authored-course): by id or address name. */
export function draftCourseQuery(idOrSlug: string) {
  return queryOptions({
    queryKey: [...authoringKey, 'course', idOrSlug],
    queryFn: ({ signal }) => unwrap(api.GET('/api/academy/authoring/courses/{id}', { params: { path: { id: idOrSlug } }, signal })),
    retry: false,
    // The editor keeps what the author typed: no refetch under their hands.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** After a save: the draft under its id and its address name, and every list and course page fresh. */
function useSaved() {
  const queryClient = useQueryClient();
  return (course: DraftCourse) => {
    queryClient.setQueryData(draftCourseQuery(course.slug).queryKey, course);
    queryClient.setQueryData(draftCourseQuery(course.id).queryKey, course);
    void queryClient.invalidateQueries({ queryKey: [...authoringKey, 'mine'] });
    void queryClient.invalidateQueries({ queryKey: [...authoringKey, 'admin'] });
    void queryClient.invalidateQueries({ queryKey: ['academy', 'courses'] });
    void queryClient.invalidateQueries({ queryKey: ['academy', 'course'] });
  };
}

/** POST /api/academy/authoring/courses (create-academy-course). */
export function useCreateCourse() {
  const saved = useSaved();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: CourseInput) => unwrap(api.POST('/api/academy/authoring/courses', { body })),
    onSuccess: saved,
  });
}

/** PUT /api/academy/authoring/courses/{id} (update-academy-course): replaces details, lessons and quiz. */
export function useUpdateCourse(id: string) {
  const saved = useSaved();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: CourseInput) => unwrap(api.PUT('/api/academy/authoring/courses/{id}', { params: { path: { id } }, body })),
    onSuccess: saved,
  });
}

/** DELETE /api/academy/authoring/courses/{id} (delete-academy-course): only while nobody is enrolled. */
export function useDeleteCourse(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    // 204 has no body, which unwrap would take for a failure: the status alone answers.
    mutationFn: async () => {
      const result = await api.DELETE('/api/academy/authoring/courses/{id}', { params: { path: { id } } }).catch((err: unknown) => {
        throw new ApiError(0, null, err instanceof Error ? err.message : 'Network error');
      });
      if (!result.response.ok) throw new ApiError(result.response.status, result.error, result.response.statusText);
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...authoringKey, 'course'] });
      void queryClient.invalidateQueries({ queryKey: authoringKey });
      void queryClient.invalidateQueries({ queryKey: ['academy', 'courses'] });
    },
  });
}
