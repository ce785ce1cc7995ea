import { useQuery } from '@tanstack/react-query';
import { Award, BookOpen, Clock, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/PageHeader';
import { currentLanguage } from '../../lib/i18n';
import { coursesQuery, pick, type CourseCard } from './api';
import { AcademyGate, LoadError, ProBadge, ProgressBar } from './Gate';

/** /academy (F-AREA-05): the published courses with the caller's enrolment and progress. */
export default function CataloguePage() {
  return (
    <AcademyGate>
      <Catalogue />
    </AcademyGate>
  );
}

function Catalogue() {
  const { t } = useTranslation();
  const list = useQuery(coursesQuery);
  const courses = list.data?.courses ?? [];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6">
      <PageHeader responsive title={t('areas.academy.title')} intro={t('academy.intro')} />
      {list.isError ? (
        <LoadError error={list.error} />
      ) : list.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('academy.loading')}>
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-64 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" aria-hidden="true" />
          ))}
        </ul>
      ) : courses.length === 0 ? (
        <p className="text-fg-muted">{t('academy.empty')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {courses.map((c) => (
            <li key={c.id}>
              <Card course={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Card({ course: c }: { course: CourseCard }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const title = pick(c.title, lang);
  return (
    <article
      data-testid="course-card"
      className="flex h-64 flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-card"
      aria-labelledby={`course-${c.id}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
        <span className="rounded-pill bg-surface-sunken px-2 py-0.5">{t(`academy.level.${c.level}`)}</span>
        {c.pro_only ? <ProBadge /> : null}
        {c.certificate_id ? (
          <span className="inline-flex items-center gap-1 rounded-pill bg-savings-soft px-2 py-0.5 font-semibold text-savings-strong">
            <Award className="size-3" aria-hidden="true" />
            {t('academy.certified')}
          </span>
        ) : null}
      </div>
      <h2 id={`course-${c.id}`} className="text-lg font-semibold text-fg">
        <Link to={`/academy/${c.slug}`} className="hover:underline focus-visible:underline">
          {title}
        </Link>
      </h2>
      <p className="line-clamp-3 flex-1 text-sm text-fg-muted">{pick(c.summary, lang)}</p>
      <p className="flex items-center gap-4 text-sm text-fg-muted">
        <span className="inline-flex items-center gap-1">
          <BookOpen className="size-4" aria-hidden="true" />
          {t('academy.lessons', { count: c.lesson_count })}
        </span>
        <span className="inline-flex items-center gap-1">
          <Clock className="size-4" aria-hidden="true" />
          {t('academy.minutes', { count: c.minutes })}
        </span>
      </p>
      {c.enrolled ? (
        <ProgressBar percent={c.percent} label={t('academy.progressOf', { title })} />
      ) : c.locked ? (
        <p className="inline-flex items-center gap-1 text-sm text-fg-muted">
          <Lock className="size-4" aria-hidden="true" />
          {t('academy.proOnly')}
        </p>
      ) : (
        <p className="text-sm text-fg-muted">{t('academy.notStarted')}</p>
      )}
    </article>
  );
}
