import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuizResult } from './api';

/**
 * A scored attempt: percent against the pass mark; after a fail, which questions were wrong
 * (not the right options: the server leaves them out so a retake is not a copy); after a pass,
 * the right options and explanations the server sends.
 */
export function QuizResultView({ result: r, prompts, options, actions }: { result: QuizResult; prompts: string[]; options: string[][]; actions?: ReactNode }) {
  const { t } = useTranslation();
  const review = r.review ?? [];
  return (
    <section aria-labelledby="quiz-result" className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-card" data-testid="quiz-result">
      <div role="status" className="flex flex-col gap-1">
        <h2 id="quiz-result" className={`text-xl font-semibold ${r.passed ? 'text-savings-strong' : 'text-danger'}`}>
          {r.passed ? t('academy.quiz.passed') : t('academy.quiz.failed')}
        </h2>
        <p className="text-fg">{t('academy.quiz.score', { percent: r.percent, correct: r.correct, total: r.total, passMark: r.pass_mark })}</p>
      </div>
      <ol className="flex flex-col gap-2">
        {review.map((q, i) => (
          <li key={q.id} className="flex gap-2 text-sm" data-testid="quiz-review">
            {q.right ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-savings-strong" aria-label={t('academy.quiz.right')} />
            ) : (
              <XCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-label={t('academy.quiz.wrong')} />
            )}
            <div className="flex flex-col gap-0.5">
              <span className="text-fg">
                {i + 1}. {prompts[i] ?? ''}
              </span>
              {q.correct_option !== null && options[i]?.[q.correct_option] !== undefined ? (
                <span className="text-fg-muted">{t('academy.quiz.answer', { option: options[i]?.[q.correct_option] })}</span>
              ) : null}
              {q.explanation ? <span className="text-fg-muted">{q.explanation}</span> : null}
            </div>
          </li>
        ))}
      </ol>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </section>
  );
}
