import { useQuery } from '@tanstack/react-query';
import { BookOpen, Eye, Pencil, Plus, Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { LabelledControl } from '../../components/form/LabelledControl';
import { ButtonLink } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { currentLanguage } from '../../lib/i18n';
import { pick } from './api';
import { adminCoursesQuery, authoredCoursesQuery, type AdminCourseFilter, type AuthoredCourse } from './editorApi';
import { ProBadge, StatusBadge } from './Gate';

/**
 * The creator's courses on /creator-dashboard (the app composes it into the creators' screen):
 * each with its status, length, members and last save, a link to edit it and to its page, and
 * "New course".
 */
export function CreatorCoursesSection() {
  const { t } = useTranslation();
  const list = useQuery(authoredCoursesQuery);
  const courses = list.data?.courses ?? [];
  return (
    <section id="courses" aria-labelledby="creator-courses" className="flex scroll-mt-24 flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="creator-courses" className="text-lg font-semibold text-fg">
            {t('academy.authoring.creatorTitle')}
          </h2>
          <p className="text-sm text-fg-muted">{t('academy.authoring.creatorIntro')}</p>
        </div>
        <ButtonLink to="/academy/new" size="sm" className="min-h-11 sm:min-h-8">
          <Plus aria-hidden="true" className="size-4" />
          {t('academy.authoring.newCourse')}
        </ButtonLink>
      </div>
      <CourseRows loading={list.isPending} failed={list.isError} courses={courses} empty={t('academy.authoring.creatorEmpty')} />
    </section>
  );
}

const STATUSES = ['', 'published', 'draft'] as const;

/** The back office's course list (/admin/academy): every course, searched and filtered by status in the URL. */
export function AdminCoursesPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '';
  const status: AdminCourseFilter['status'] = raw === 'draft' || raw === 'published' ? raw : '';
  const q = params.get('q') ?? '';
  const list = useQuery(adminCoursesQuery({ status, q: q.trim() }));
  const searchId = useId();
  const statusId = useId();
  const setParam = (k: string, v: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v) next.set(k, v);
        else next.delete(k);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-fg-muted">{t('academy.authoring.adminIntro')}</p>
        <ButtonLink to="/academy/new" className="min-h-11">
          <Plus aria-hidden="true" className="size-4" />
          {t('academy.authoring.newCourse')}
        </ButtonLink>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <LabelledControl id={searchId} label={t('academy.authoring.search')} className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted" />
            <input id={searchId} type="search" value={q} onChange={(e) => setParam('q', e.target.value)} className={cn(inputClass, 'border-border-strong pl-9')} />
          </div>
        </LabelledControl>
        <LabelledControl id={statusId} label={t('academy.authoring.status')} className="flex flex-col gap-1.5 sm:w-48">
          <select id={statusId} value={status} onChange={(e) => setParam('status', e.target.value)} className={cn(inputClass, 'border-border-strong')}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s ? t(`academy.editor.status.${s}`) : t('academy.authoring.anyStatus')}
              </option>
            ))}
          </select>
        </LabelledControl>
      </div>
      <p aria-live="polite" className="text-sm text-fg-muted">
        {list.data ? t('academy.authoring.count', { count: list.data.courses?.length ?? 0 }) : '\u00a0'}
      </p>
      <CourseRows loading={list.isPending} failed={list.isError} courses={list.data?.courses ?? []} empty={t('academy.authoring.adminEmpty')} showAuthor />
    </div>
  );
}

function CourseRows({ loading, failed, courses, empty, showAuthor = false }: { loading: boolean; failed: boolean; courses: AuthoredCourse[]; empty: string; showAuthor?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  if (failed) {
    return (
      <p role="alert" className="text-sm text-danger">
        {t('academy.errors.load')}
      </p>
    );
  }
  if (loading) {
    return (
      <ul aria-busy="true" aria-label={t('academy.loading')} className="flex flex-col gap-3">
        {[0, 1].map((i) => (
          <li key={i} aria-hidden="true" className="h-28 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
        ))}
      </ul>
    );
  }
  if (courses.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-border p-6 text-center">
        <BookOpen aria-hidden="true" className="size-6 text-primary" />
        <p className="text-sm text-fg-muted">{empty}</p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label={t('academy.authoring.listLabel')}>
      {courses.map((c) => {
        const title = pick(c.title, lang);
        return (
          <li key={c.id} className="flex flex-col gap-3 rounded-card border border-border p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="authored-course">
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge published={c.status === 'published'} />
                {c.pro_only ? <ProBadge /> : null}
              </div>
              <Link to={`/academy/${c.slug}/edit`} className="font-semibold break-words text-fg hover:underline">
                {title}
              </Link>
              <p className="text-sm text-fg-muted">
                {[
                  showAuthor ? t('academy.authoring.by', { name: c.author_name }) : null,
                  t('academy.lessons', { count: c.lesson_count }),
                  t('academy.authoring.questions', { count: c.question_count }),
                  t('academy.authoring.members', { count: c.members }),
                  t('academy.authoring.certificates', { count: c.certificates }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p className="text-xs text-fg-muted">{t('academy.authoring.updated', { date: date.format(new Date(c.updated_at)) })}</p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <ButtonLink to={`/academy/${c.slug}/edit`} variant="secondary" size="sm" className="min-h-11 sm:min-h-8" aria-label={t('academy.authoring.editNamed', { title })}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('academy.authoring.edit')}
              </ButtonLink>
              <ButtonLink to={`/academy/${c.slug}`} variant="ghost" size="sm" className="min-h-11 sm:min-h-8" aria-label={t('academy.authoring.viewNamed', { title })}>
                <Eye aria-hidden="true" className="size-4" />
                {t('academy.authoring.view')}
              </ButtonLink>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
