import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';

export type PrepCourse = ResponseBody<'/api/consultation-prep/{consultation_id}', 'get'>;
export type PrepModule = NonNullable<PrepCourse['modules']>[number];
export type CourseLang = 'en' | 'es' | 'fr';

export function courseLang(language: string): CourseLang {
  const l = language.slice(0, 2).toLowerCase();
  return l === 'es' || l === 'fr' ? l : 'en';
}

/** GET /api/consultation-prep/{id}: the four modules in the caller's language and the progress kept on the server. */
export function prepCourseQuery(consultationId: string, lang: CourseLang) {
  return queryOptions({
    queryKey: ['prep-course', consultationId, lang],
    queryFn: () =>
      unwrap(api.GET('/api/consultation-prep/{consultation_id}', { params: { path: { consultation_id: consultationId }, query: { lang } } })),
    retry: false,
  });
}

/** PUT /api/consultation-prep/{id}/modules/{module}: Mark as Complete. */
export function completeModule(consultationId: string, moduleId: string, lang: CourseLang) {
  return unwrap(
    api.PUT('/api/consultation-prep/{consultation_id}/modules/{module_id}', {
      params: { path: { consultation_id: consultationId, module_id: moduleId }, query: { lang } },
    }),
  );
}

/** The Consultation Guide PDF (a same-origin download: the session cookie goes with it). */
export function guideHref(consultationId: string, lang: CourseLang): string {
  return `/api/consultation-prep/${encodeURIComponent(consultationId)}/guide?lang=${lang}`;
}
