import { useQuery } from '@tanstack/react-query';
import { Award, CheckCircle2, Circle, FileText, Lock, Pencil, PlayCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { TitledSection } from '../../components/ui/TitledSection';
import { ApiError } from '../../lib/api/client';
import { currentLanguage } from '../../lib/i18n';
import { useViewer } from '../../lib/session';
import { courseQuery, pick, useEnroll, type CourseView } from './api';
import { AcademyCrumbs, AcademyGate, LoadError, PageSkeleton, ProBadge, ProgressBar, StatusBadge } from './Gate';

/** /academy/:slug (F-AREA-05): the outline, enrolment, progress, quiz and certificate. */
export default function CoursePage() {
  return (
    <AcademyGate>
      <Course />
    </AcademyGate>
  );
}

function Course() {
  const { slug = '' } = useParams();
  const course = useQuery(courseQuery(slug));
  if (course.isError) return <LoadError error={course.error} />;
  if (course.isPending) {
    return <PageSkeleton width="max-w-4xl" heights={['h-24', 'h-80']} />;
  }
  return <CourseBody course={course.data} />;
}

function CourseBody({ course: c }: { course: CourseView }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const title = pick(c.title, lang);
  const lessons = c.lessons ?? [];
  const next = lessons.find((l) => !l.done) ?? lessons[0];
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6">
      <AcademyCrumbs className="text-sm" />
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
          <span className="rounded-pill bg-surface-sunken px-2 py-0.5">{t(`academy.level.${c.level}`)}</span>
          {c.pro_only ? <ProBadge /> : null}
          {c.editable ? <StatusBadge published={c.status === 'published'} /> : null}
          {c.editable ? (
            <Link to={`/academy/${c.slug}/edit`} className="ml-auto inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary hover:underline">
              <Pencil className="size-4" aria-hidden="true" />
              {t('academy.authoring.editCourse')}
            </Link>
          ) : null}
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h1>
        <p className="max-w-3xl text-fg-muted">{pick(c.summary, lang)}</p>
        <p className="text-sm text-fg-muted">
          {t('academy.lessons', { count: c.lesson_count })} · {t('academy.minutes', { count: c.minutes })} ·{' '}
          {t('academy.passMark', { percent: c.pass_mark })}
        </p>
      </header>

      <section className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-card">
        {c.certificate_id ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="inline-flex items-center gap-2 font-semibold text-fg">
              <Award className="size-5 text-savings-strong" aria-hidden="true" />
              {t('academy.completed')}
            </p>
            <ButtonLink to={`/academy/certificates/${c.certificate_id}`}>{t('academy.viewCertificate')}</ButtonLink>
          </div>
        ) : null}
        {c.enrolled ? (
          <>
            <ProgressBar percent={c.percent} label={t('academy.progressOf', { title })} />
            <div className="flex flex-wrap gap-3">
              {next && !c.locked ? (
                <ButtonLink to={`/academy/${c.slug}/lessons/${next.id}`}>{c.percent > 0 ? t('academy.continue') : t('academy.start')}</ButtonLink>
              ) : null}
              {c.question_count > 0 && !c.locked ? (
                <ButtonLink to={`/academy/${c.slug}/quiz`} variant="secondary">
                  {c.passed ? t('academy.quiz.retake') : t('academy.quiz.take')}
                </ButtonLink>
              ) : null}
            </div>
            {c.best_percent !== null ? (
              <p className="text-sm text-fg-muted">{t('academy.bestScore', { percent: c.best_percent, count: c.attempts })}</p>
            ) : null}
            {c.locked ? <Locked /> : null}
          </>
        ) : (
          <EnrolPanel course={c} />
        )}
      </section>

      <TitledSection id="outline" title={t('academy.outline')} className="flex flex-col gap-3">
        <ol className="flex flex-col divide-y divide-border rounded-card border border-border bg-surface">
          {lessons.map((l, i) => {
            const name = pick(l.title, lang);
            const open = c.enrolled && !c.locked;
            return (
              <li key={l.id} className="flex items-center gap-3 p-4" data-testid="outline-lesson">
                {l.done ? (
                  <CheckCircle2 className="size-5 shrink-0 text-savings-strong" aria-label={t('academy.done')} />
                ) : (
                  <Circle className="size-5 shrink-0 text-fg-muted" aria-hidden="true" />
                )}
                <span className="w-6 shrink-0 text-sm tabular-nums text-fg-muted">{i + 1}.</span>
                <span className="flex-1">
                  {open ? (
                    <Link to={`/academy/${c.slug}/lessons/${l.id}`} className="font-medium text-fg hover:underline">
                      {name}
                    </Link>
                  ) : (
                    <span className="font-medium text-fg">{name}</span>
                  )}
                </span>
                <span className="flex shrink-0 items-center gap-2 text-sm text-fg-muted">
                  {l.has_video ? <PlayCircle className="size-4" aria-label={t('academy.video')} /> : null}
                  {l.files > 0 ? <FileText className="size-4" aria-label={t('academy.files', { count: l.files })} /> : null}
                  {t('academy.minutes', { count: l.minutes })}
                </span>
              </li>
            );
          })}
        </ol>
      </TitledSection>
    </div>
  );
}

function Locked() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-control bg-pro-soft p-3">
      <p className="inline-flex items-center gap-2 text-sm text-fg">
        <Lock className="size-4" aria-hidden="true" />
        {t('academy.locked.body')}
      </p>
      <ButtonLink to="/pricing" size="sm">
        {t('academy.locked.upgrade')}
      </ButtonLink>
    </div>
  );
}

function EnrolPanel({ course: c }: { course: CourseView }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { pathname } = useLocation();
  const enrol = useEnroll(c.slug);
  if (viewer.status === 'signed-out') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-fg-muted">{t('academy.signIn.body')}</p>
        <ButtonLink to={`/auth?redirect=${encodeURIComponent(pathname)}`}>{t('academy.signIn.action')}</ButtonLink>
      </div>
    );
  }
  if (c.locked) return <Locked />;
  const refused = enrol.error instanceof ApiError && enrol.error.fields.some((f) => f.key === 'academy.errors.pro_required');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-fg-muted">{t('academy.enrolPitch')}</p>
        <Button onClick={() => enrol.mutate()} disabled={enrol.isPending || viewer.status === 'loading'}>
          {t('academy.enrol')}
        </Button>
      </div>
      {refused ? <Locked /> : enrol.isError ? <p role="alert" className="text-sm text-danger">{t('academy.errors.save')}</p> : null}
    </div>
  );
}
