import { useQuery } from '@tanstack/react-query';
import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { ApiError } from '../../lib/api/client';
import { CourseEditor, useEditorHome } from './CourseEditor';
import { draftCourseQuery } from './editorApi';
import { AcademyGate } from './Gate';

/**
 * /academy/new and /academy/:slug/edit (F-AREA-05): the course editor for creators and
 * administrators. The address names the course (its slug); a save that changes the slug moves
 * the address with it.
 */
export default function CourseEditorPage() {
  return (
    <AcademyGate>
      <EditorRoute />
    </AcademyGate>
  );
}

function EditorRoute() {
  const { slug } = useParams();
  if (!slug) return <CourseEditor />;
  return <ExistingCourse slug={slug} />;
}

function ExistingCourse({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const home = useEditorHome();
  const draft = useQuery(draftCourseQuery(slug));
  if (draft.isPending) return <EditorSkeleton />;
  if (draft.isError) {
    const status = draft.error instanceof ApiError ? draft.error.status : 0;
    const notYours = status === 403;
    return (
      <Notice
        tone={notYours ? 'danger' : 'default'}
        icon={notYours ? <ShieldX className="size-6" /> : undefined}
        title={notYours ? t('academy.editor.notYours') : status === 404 ? t('academy.errors.notFound') : t('academy.errors.load')}
        actions={<ButtonLink to={home.replace('#courses', '')}>{t('academy.editor.backToCourses')}</ButtonLink>}
      >
        {notYours ? <p>{t('academy.editor.notYoursBody')}</p> : null}
      </Notice>
    );
  }
  // A new editor for another course (or the same course once saved under a new id).
  return <CourseEditor key={draft.data.id} course={draft.data} />;
}

/** The editor's shape while the course loads: header, details and a lesson card. */
function EditorSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 md:py-10" aria-busy="true" aria-label={t('academy.editor.loading')}>
      <div aria-hidden="true" className="h-5 w-32 animate-pulse rounded bg-surface-sunken motion-reduce:animate-none" />
      <div aria-hidden="true" className="h-9 w-2/3 animate-pulse rounded bg-surface-sunken motion-reduce:animate-none" />
      <div aria-hidden="true" className="h-96 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
      <div aria-hidden="true" className="h-64 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
    </div>
  );
}
