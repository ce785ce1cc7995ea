import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { quizQuery, useSubmitQuiz, type Quiz } from './api';
import { AcademyGate, LoadError, PageSkeleton } from './Gate';
import { QuizResultView } from './QuizResultView';

/** /academy/:slug/quiz (F-AREA-05): the questions, scored on the server, then the result. */
export default function QuizPage() {
  return (
    <AcademyGate>
      <QuizScreen />
    </AcademyGate>
  );
}

function QuizScreen() {
  const { slug = '' } = useParams();
  const quiz = useQuery(quizQuery(slug));
  if (quiz.isError) return <LoadError error={quiz.error} slug={slug} />;
  if (quiz.isPending) {
    return <PageSkeleton width="max-w-3xl" heights={['h-12', 'h-96']} />;
  }
  return <QuizForm slug={slug} quiz={quiz.data} />;
}

function QuizForm({ slug, quiz }: { slug: string; quiz: Quiz }) {
  const { t } = useTranslation();
  const questions = quiz.questions ?? [];
  const [answers, setAnswers] = useState<(number | null)[]>(() => questions.map(() => null));
  const [missing, setMissing] = useState(false);
  const submit = useSubmitQuiz(slug);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (answers.some((a) => a === null)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    submit.mutate(answers.map((a) => a ?? 0));
  };

  const retake = () => {
    submit.reset();
    setAnswers(questions.map(() => null));
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6">
      <nav aria-label={t('academy.breadcrumb')} className="text-sm">
        <Link to={`/academy/${slug}`} className="text-primary hover:underline">
          {t('academy.backToCourse')}
        </Link>
      </nav>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{t('areas.academyQuiz.title')}</h1>
        <p className="text-fg-muted">{t('academy.passMark', { percent: quiz.pass_mark })}</p>
      </header>
      {submit.data ? (
        <QuizResultView
          result={submit.data}
          prompts={questions.map((q) => q.prompt)}
          options={questions.map((q) => q.options ?? [])}
          actions={
            submit.data.progress.certificate_id ? (
              <ButtonLink to={`/academy/certificates/${submit.data.progress.certificate_id}`}>{t('academy.viewCertificate')}</ButtonLink>
            ) : submit.data.passed ? (
              <ButtonLink to={`/academy/${slug}`}>{t('academy.backToCourse')}</ButtonLink>
            ) : (
              <Button onClick={retake}>{t('academy.quiz.retake')}</Button>
            )
          }
        />
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
          {questions.map((q, qi) => (
            <fieldset key={q.id} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4">
              <legend className="px-1 font-semibold text-fg">
                {qi + 1}. {q.prompt}
              </legend>
              {(q.options ?? []).map((o, oi) => (
                <label key={oi} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control px-2 hover:bg-surface-sunken">
                  <input
                    type="radio"
                    name={`q-${q.id}`}
                    value={oi}
                    checked={answers[qi] === oi}
                    onChange={() => setAnswers((a) => a.map((v, i) => (i === qi ? oi : v)))}
                    className="size-4 accent-primary"
                  />
                  <span className="text-fg">{o}</span>
                </label>
              ))}
            </fieldset>
          ))}
          {missing ? (
            <p role="alert" className="text-sm text-danger">
              {t('academy.quiz.answerAll')}
            </p>
          ) : null}
          {submit.isError ? (
            <p role="alert" className="text-sm text-danger">
              {t('academy.errors.save')}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={submit.isPending}>
              {t('academy.quiz.submit')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
