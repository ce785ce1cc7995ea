import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BookOpen, CheckCircle2, Circle, Download, ListChecks, PartyPopper } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ProgressTrack } from '../../components/ui/ProgressTrack';
import { Button, ButtonLink } from '../../components/ui/Button';
import { SkeletonHead } from '../../components/ui/Skeleton';
import { buttonClass } from '../../components/ui/button';
import { Notice } from '../../components/ui/Notice';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { completeModule, courseLang, guideHref, prepCourseQuery, type PrepCourse, type PrepModule } from './api';

/**
 * /consultation-prep/:consultationId — the consultation preparation course (03§2, F-ENG-03):
 * four modules, progress kept on the server, a module view with Back to Course and Mark as
 * Complete, Continue Later, and at 100% the completion message with Download Consultation Guide.
 */
export default function PrepCoursePage() {
  const { consultationId = '' } = useParams();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
      <PrepCoursePanel consultationId={consultationId} />
    </div>
  );
}

/**
 * The course of one consultation (the page's content; the cart consultation flow shows it in
 * its dialog). onContinueLater replaces Continue Later's way home (the flow moves on instead).
 */
export function PrepCoursePanel({ consultationId, onContinueLater }: { consultationId: string; onContinueLater?: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = courseLang(i18n.language);
  const q = useQuery(prepCourseQuery(consultationId, lang));
  const [openId, setOpenId] = useState<string | null>(null);

  if (q.isPending) return <CourseSkeleton />;
  if (q.isError) {
    const notFound = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400 || q.error.status === 422);
    return (
      <Notice
        tone="danger"
        title={notFound ? t('engage.prep.notFoundTitle') : t('engage.prep.errorTitle')}
        actions={notFound ? <ButtonLink to="/">{t('engage.admin.home')}</ButtonLink> : <Button onClick={() => void q.refetch()}>{t('engage.prep.retry')}</Button>}
      >
        <p>{notFound ? t('engage.prep.notFoundBody') : q.error.message}</p>
      </Notice>
    );
  }
  const course = q.data;
  const open = (course.modules ?? []).find((m) => m.id === openId);
  return open ? (
    <ModuleView course={course} module={open} consultationId={consultationId} lang={lang} onBack={() => setOpenId(null)} />
  ) : (
    <Overview course={course} consultationId={consultationId} lang={lang} onOpen={setOpenId} onContinueLater={onContinueLater} />
  );
}

function ProgressBar({ percent }: { percent: number }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-sm">
        <span id={labelId} className="font-medium text-fg">
          {t('engage.prep.progressLabel')}
        </span>
        <span className="tabular text-fg-muted" data-testid="prep-progress">
          {t('engage.prep.progress', { percent })}
        </span>
      </div>
      <ProgressTrack percent={percent} labelledBy={labelId} />
    </div>
  );
}

function Overview({
  course,
  consultationId,
  lang,
  onOpen,
  onContinueLater,
}: {
  course: PrepCourse;
  consultationId: string;
  lang: 'en' | 'es' | 'fr';
  onOpen: (id: string) => void;
  onContinueLater?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const done = course.progress.completed_modules ?? [];
  const percent = course.progress.percentage;
  const when = course.meeting_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(course.meeting_at))
    : null;
  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{t('engage.prep.title')}</h1>
        <p className="text-base text-fg-muted">{course.service_title ? `${course.service_title} · ` : ''}{t('engage.prep.subtitle')}</p>
        {when ? <p className="text-sm font-medium text-fg">{t('engage.prep.meetingAt', { when })}</p> : null}
      </header>
      <ProgressBar percent={percent} />
      <p className="text-sm text-fg-muted">{t('engage.prep.modulesDone', { done: done.length, total: (course.modules ?? []).length })}</p>
      {percent >= 100 ? (
        <section role="status" className="flex flex-col gap-3 rounded-card border border-savings/30 bg-savings-soft p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
            <PartyPopper aria-hidden="true" className="size-5 text-savings" />
            {t('engage.prep.completeTitle')}
          </h2>
          <p className="text-sm text-fg">{t('engage.prep.completeBody')}</p>
          <a href={guideHref(consultationId, lang)} download className={buttonClass('primary', undefined, 'self-start')}>
            <Download aria-hidden="true" className="size-4" />
            {t('engage.prep.download')}
          </a>
        </section>
      ) : null}
      <ol className="flex flex-col gap-3">
        {(course.modules ?? []).map((m, i) => {
          const complete = done.includes(m.id);
          return (
            <li key={m.id} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-center">
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-pill bg-primary-soft text-primary-strong">
                {m.kind === 'checklist' ? <ListChecks className="size-5" /> : <BookOpen className="size-5" />}
              </span>
              <div className="min-w-0 flex-1">
                <h2 className="text-base font-semibold text-fg">
                  {i + 1}. {m.title}
                </h2>
                <p className="text-sm text-fg-muted">{m.summary}</p>
                <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-fg-muted">
                  <span>{t(`engage.prep.kinds.${m.kind}`)}</span>
                  <span>{t('engage.prep.minutes', { count: m.minutes })}</span>
                  {complete ? (
                    <span className="inline-flex items-center gap-1 font-medium text-savings">
                      <CheckCircle2 aria-hidden="true" className="size-3.5" />
                      {t('engage.prep.done')}
                    </span>
                  ) : null}
                </p>
              </div>
              <Button variant={complete ? 'secondary' : 'primary'} size="sm" onClick={() => onOpen(m.id)} aria-label={`${t('engage.prep.open')}: ${m.title}`}>
                {t('engage.prep.open')}
              </Button>
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-fg-muted">{t('engage.prep.reminder')}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            toast({ title: t('engage.prep.continueLater'), description: t('engage.prep.continueLaterToast'), variant: 'success' });
            if (onContinueLater) onContinueLater();
            else void navigate('/');
          }}
        >
          {t('engage.prep.continueLater')}
        </Button>
      </div>
    </>
  );
}

function ModuleView({
  course,
  module,
  consultationId,
  lang,
  onBack,
}: {
  course: PrepCourse;
  module: PrepModule;
  consultationId: string;
  lang: 'en' | 'es' | 'fr';
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const complete = (course.progress.completed_modules ?? []).includes(module.id);
  const mark = useMutation({
    mutationFn: () => completeModule(consultationId, module.id, lang),
    onSuccess: (next) => {
      queryClient.setQueryData(prepCourseQuery(consultationId, lang).queryKey, next);
      onBack();
    },
    onError: (err) => toast({ title: t('engage.prep.saveFailed'), description: err.message, variant: 'error' }),
  });
  return (
    <article aria-labelledby="prep-module-title" className="flex flex-col gap-5">
      <Button variant="ghost" size="sm" onClick={onBack} className="self-start">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('engage.prep.back')}
      </Button>
      <ProgressBar percent={course.progress.percentage} />
      <header className="flex flex-col gap-1">
        <p className="text-xs font-medium tracking-wide text-fg-muted uppercase">
          {t(`engage.prep.kinds.${module.kind}`)} · {t('engage.prep.minutes', { count: module.minutes })}
        </p>
        <h1 id="prep-module-title" className="text-2xl font-bold tracking-tight text-fg">
          {module.title}
        </h1>
        <p className="text-base text-fg-muted">{module.summary}</p>
      </header>
      <div className="flex flex-col gap-3 text-base leading-relaxed text-fg">
        {(module.body ?? []).map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      {(module.items ?? []).length > 0 ? (
        <ul className="flex flex-col gap-2">
          {(module.items ?? []).map((it) => (
            <li key={it} className="flex items-start gap-2 rounded-control bg-surface-sunken px-3 py-2 text-sm text-fg">
              <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-fg-muted" />
              {it}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        {complete ? (
          <p className="inline-flex items-center gap-1.5 text-sm font-medium text-savings">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {t('engage.prep.done')}
          </p>
        ) : (
          <Button onClick={() => mark.mutate()} disabled={mark.isPending}>
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {mark.isPending ? t('engage.prep.marking') : t('engage.prep.markComplete')}
          </Button>
        )}
        <Button variant="secondary" onClick={onBack}>
          {t('engage.prep.back')}
        </Button>
      </div>
    </article>
  );
}

/** The course's skeleton: header, progress bar and four module rows of their final size. */
function CourseSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10" aria-busy="true">
      <p role="status" className="sr-only">
        {t('engage.prep.title')}
      </p>
      <div className="flex flex-col gap-2">
        <div className="h-8 w-3/4 rounded-control bg-surface-sunken motion-safe:animate-pulse sm:h-9" />
        <div className="h-5 w-full rounded-control bg-surface-sunken motion-safe:animate-pulse" />
      </div>
      <div className="flex flex-col gap-2">
        <div className="h-5 w-full rounded-control bg-surface-sunken motion-safe:animate-pulse" />
        <div className="h-2.5 w-full rounded-pill bg-surface-sunken" />
      </div>
      <div className="h-5 w-40 rounded-control bg-surface-sunken motion-safe:animate-pulse" />
      <ol className="flex flex-col gap-3">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="h-[150px] rounded-card border border-border bg-surface p-4 shadow-card sm:h-[92px]">
            <SkeletonHead className="h-full" picture="size-10 shrink-0 rounded-pill" lines={['h-5 w-1/2 rounded-control', 'h-4 w-5/6 rounded-control']} />
          </li>
        ))}
      </ol>
    </div>
  );
}
