import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField, useErrorText } from '../../components/form/Field';
import { FormActions } from '../../components/form/FormDialog';
import { SERVER_ERROR } from '../../components/form/messages';
import { PlainTextArea } from '../../components/form/PlainField';
import { useZodForm } from '../../components/form/useZodForm';
import { Button } from '../../components/ui/Button';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { SectionHeading } from '../../components/ui/SectionHeading';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { questionsQuery, useAddQuestion, useEditQuestion, useRemoveQuestion, useReorderQuestions, type Question } from './api';
import { questionSchema, type QuestionValues } from './schema';
import { WithVendor } from './useVendor';

/** The question whose answer the funnel modal fills with the vendor's latest reviews (02§2). */
const REVIEWS_QUESTION = 5;

/** /vendor-dashboard?tab=questions: the evaluation questions agents read on the vendor's funnel modal (F-AREA-01). */
export function QuestionsTab() {
  return <WithVendor>{(v) => <Questions vendorId={v.vendor_id} />}</WithVendor>;
}

function Questions({ vendorId }: { vendorId: string }) {
  const { t } = useTranslation();
  const list = useQuery(questionsQuery(vendorId));
  const reorder = useReorderQuestions(vendorId);
  const remove = useRemoveQuestion(vendorId);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const failed = (err: unknown) => toast({ title: t('vendorProfile.failed'), description: err instanceof ApiError ? err.message : undefined, variant: 'error' });
  const qs = list.data?.questions ?? [];
  const maxQ = list.data?.max ?? 10;
  const move = (i: number, by: number) => {
    const order = qs.map((q) => q.question_number);
    const j = i + by;
    [order[i], order[j]] = [order[j]!, order[i]!];
    reorder.mutate(order, { onError: failed });
  };
  return (
    <section aria-labelledby="vendor-questions-heading" className="flex flex-col gap-4">
      <SectionHeading
        id="vendor-questions-heading"
        title={t('vendorProfile.questions.heading')}
        intro={t('vendorProfile.questions.intro', { max: maxQ, number: REVIEWS_QUESTION })}
        actions={
          <Button onClick={() => setEditing('new')} disabled={qs.length >= maxQ || list.isPending}>
            <Plus aria-hidden="true" className="size-4" />
            {t('vendorProfile.questions.add')}
          </Button>
        }
      />
      {list.isPending ? (
        <div aria-busy="true" aria-label={t('vendorProfile.loading')} className="flex flex-col gap-3">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="h-20 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
          ))}
        </div>
      ) : list.isError ? (
        <RetryAlert tone="plain" message={t('vendorProfile.loadError')} retryLabel={t('vendorProfile.retry')} onRetry={() => void list.refetch()} messageClassName="text-fg" />
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t('vendorProfile.questions.listLabel')}>
          {qs.map((q, i) => (
            <li key={q.question_number} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card">
              {editing === q.question_number ? (
                <QuestionForm vendorId={vendorId} question={q} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <div className="min-w-0">
                    <p className="font-semibold text-fg">
                      {q.question_number}. {q.question_text}
                    </p>
                    <p className="mt-1 line-clamp-3 text-sm text-fg-muted">
                      {q.question_number === REVIEWS_QUESTION ? t('vendorProfile.questions.reviewsAnswer') : q.answer_text || t('vendorProfile.questions.noAnswer')}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" size="sm" onClick={() => setEditing(q.question_number)} aria-label={t('vendorProfile.questions.editNamed', { number: q.question_number })}>
                      <Pencil aria-hidden="true" className="size-4" />
                      {t('vendorProfile.edit')}
                    </Button>
                    <Button variant="secondary" size="sm" disabled={i === 0 || reorder.isPending} onClick={() => move(i, -1)} aria-label={t('vendorProfile.questions.upNamed', { number: q.question_number })}>
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </Button>
                    <Button variant="secondary" size="sm" disabled={i === qs.length - 1 || reorder.isPending} onClick={() => move(i, 1)} aria-label={t('vendorProfile.questions.downNamed', { number: q.question_number })}>
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={qs.length <= 1 || remove.isPending}
                      onClick={() => {
                        if (window.confirm(t('vendorProfile.questions.confirmRemove', { number: q.question_number }))) remove.mutate(q.question_number, { onError: failed });
                      }}
                      aria-label={t('vendorProfile.questions.removeNamed', { number: q.question_number })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      {t('vendorProfile.remove')}
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {editing === 'new' ? (
        <div className="rounded-card border border-border bg-surface p-4 shadow-card">
          <QuestionForm vendorId={vendorId} onDone={() => setEditing(null)} />
        </div>
      ) : null}
    </section>
  );
}

function QuestionForm({ vendorId, question, onDone }: { vendorId: string; question?: Question; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const add = useAddQuestion(vendorId);
  const edit = useEditQuestion(vendorId);
  const busy = add.isPending || edit.isPending;
  const form = useZodForm(questionSchema, { defaultValues: { question_text: question?.question_text ?? '', answer_text: question?.answer_text ?? '' } });
  const submit = form.handleSubmit(async (v: QuestionValues) => {
    try {
      if (question) await edit.mutateAsync({ number: question.question_number, body: v });
      else await add.mutateAsync(v);
      toast({ title: t('vendorProfile.questions.saved'), variant: 'success' });
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : [];
      for (const f of fields) form.setError(f.field === 'answer_text' ? 'answer_text' : 'question_text', { type: SERVER_ERROR, message: f.message });
      if (fields.length === 0) toast({ title: t('vendorProfile.failed'), description: err instanceof ApiError ? err.message : undefined, variant: 'error' });
    }
  });
  const answerLabel = t('vendorProfile.questions.answer');
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" aria-busy={busy}>
      <FormTextField form={form} name="question_text" label={t('vendorProfile.questions.question')} required />
      <PlainTextArea label={answerLabel} rows={4} error={errorText(form.formState.errors.answer_text, answerLabel)} {...form.register('answer_text')} />
      <FormActions secondaryLabel={t('vendorProfile.cancel')} onSecondary={onDone} submitLabel={t('vendorProfile.save')} busyLabel={t('vendorProfile.saving')} busy={busy} />
    </form>
  );
}
