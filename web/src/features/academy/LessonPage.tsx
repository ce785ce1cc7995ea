import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, FileText, PlayCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { TitledSection } from '../../components/ui/TitledSection';
import { currentLanguage } from '../../lib/i18n';
import { lessonQuery, pick, useCompleteLesson, type LessonView, type Resource } from './api';
import { AcademyCrumbs, AcademyGate, LoadError, PageSkeleton, ProgressBar } from './Gate';

/** /academy/:slug/lessons/:lessonId (F-AREA-05): one lesson, its video and files, "Mark as done". */
export default function LessonPage() {
  return (
    <AcademyGate>
      <Lesson />
    </AcademyGate>
  );
}

function Lesson() {
  const { slug = '', lessonId = '' } = useParams();
  const lesson = useQuery(lessonQuery(slug, lessonId));
  if (lesson.isError) return <LoadError error={lesson.error} slug={slug} />;
  if (lesson.isPending) {
    return <PageSkeleton width="max-w-3xl" heights={['h-16', 'h-96']} />;
  }
  return <LessonBody key={lessonId} slug={slug} lesson={lesson.data} />;
}

function LessonBody({ slug, lesson: l }: { slug: string; lesson: LessonView }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const complete = useCompleteLesson(slug, l.id ?? '');
  const course = pick(l.course_title, lang);
  const files = l.files ?? [];
  const markDone = () =>
    complete.mutate(undefined, {
      onSuccess: () => void navigate(l.next_id ? `/academy/${slug}/lessons/${l.next_id}` : `/academy/${slug}`),
    });
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6">
      <AcademyCrumbs className="flex flex-wrap gap-1 text-sm" course={{ slug, title: course }} />
      <header className="flex flex-col gap-2">
        <p className="text-sm text-fg-muted">
          {t('academy.lessonOf', { n: l.position ?? 1, total: l.count })} · {t('academy.minutes', { count: l.minutes })}
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{pick(l.title, lang)}</h1>
        <ProgressBar percent={l.percent} label={t('academy.progressOf', { title: course })} />
      </header>
      {l.video ? <ResourceLink resource={l.video} /> : null}
      <article
        className="prose max-w-none text-fg [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-3 [&_ul]:list-disc"
        // The server sanitises lesson bodies (formrules.SanitizeHTML: an allow-list of text tags,
        // no attributes, docs/areas/academy.md), which is the only reason this HTML is trusted.
        dangerouslySetInnerHTML={{ __html: l.body }}
      />
      {files.length > 0 ? (
        <TitledSection id="lesson-files" title={t('academy.filesTitle')} className="flex flex-col gap-2">
          <ul className="flex flex-col gap-2">
            {files.map((f, i) => (
              <li key={`${f.url}-${i}`}>
                <ResourceLink resource={f} />
              </li>
            ))}
          </ul>
        </TitledSection>
      ) : null}
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
        {l.prev_id ? (
          <ButtonLink to={`/academy/${slug}/lessons/${l.prev_id}`} variant="ghost">
            {t('academy.previous')}
          </ButtonLink>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap items-center gap-3">
          {l.done ? (
            <>
              <span className="inline-flex items-center gap-1 text-sm text-savings-strong">
                <CheckCircle2 className="size-4" aria-hidden="true" />
                {t('academy.done')}
              </span>
              <ButtonLink to={l.next_id ? `/academy/${slug}/lessons/${l.next_id}` : `/academy/${slug}`}>
                {l.next_id ? t('academy.next') : t('academy.backToCourse')}
              </ButtonLink>
            </>
          ) : (
            <Button onClick={markDone} disabled={complete.isPending}>
              {l.next_id ? t('academy.markDoneNext') : t('academy.markDone')}
            </Button>
          )}
        </div>
        {complete.isError ? (
          <p role="alert" className="w-full text-sm text-danger">
            {t('academy.errors.save')}
          </p>
        ) : null}
      </footer>
    </div>
  );
}

function ResourceLink({ resource: r }: { resource: Resource }) {
  const { t } = useTranslation();
  if (!r.url) return null;
  const Icon = r.kind === 'video' ? PlayCircle : FileText;
  return (
    <a
      href={r.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center gap-2 rounded-control border border-border bg-surface px-3 py-2 text-sm font-medium text-primary hover:bg-surface-sunken"
    >
      <Icon className="size-4" aria-hidden="true" />
      {r.title || (r.kind === 'video' ? t('academy.watchVideo') : t('academy.openFile'))}
    </a>
  );
}
