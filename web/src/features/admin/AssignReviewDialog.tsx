import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FieldErrorMessage, FormTextField, useErrorText } from '../../components/form/Field';
import { FormActions, FormDialogHeading } from '../../components/form/FormDialog';
import { fieldMessage, SERVER_ERROR } from '../../components/form/messages';
import { PlainInput, PlainTextArea } from '../../components/form/PlainField';
import { useZodForm } from '../../components/form/useZodForm';
import { cn } from '../../components/ui/cn';
import { Modal } from '../../components/ui/Modal';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { reviewerQuery, reviewServiceOptionsQuery, useAssignReview } from './api/reviews';

/** The member review rules (internal/catalog): 1-5 stars, text at most 2000 characters. */
export const REVIEW_TEXT_MAX = 2000;
export const ADMIN_NOTES_MAX = 2000;

function httpURL(s: string): boolean {
  if (s === '') return true;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host !== '' && s.length <= 500 && !/\s/.test(s);
  } catch {
    return false;
  }
}

const assignSchema = z.object({
  service_id: z.string().min(1, fieldMessage('adminTools.reviews.assign.errors.service')),
  reviewer_email: z.string().trim().email(fieldMessage('adminTools.reviews.assign.errors.email')),
  rating: z.enum(['1', '2', '3', '4', '5'], { message: fieldMessage('adminTools.reviews.assign.errors.rating') }),
  review: z.string().trim().max(REVIEW_TEXT_MAX, fieldMessage('adminTools.reviews.assign.errors.text', { max: REVIEW_TEXT_MAX })),
  source_url: z.string().trim().refine(httpURL, fieldMessage('adminTools.reviews.assign.errors.sourceUrl')),
  admin_notes: z.string().trim().max(ADMIN_NOTES_MAX, fieldMessage('adminTools.reviews.assign.errors.notes', { max: ADMIN_NOTES_MAX })),
});
type AssignInput = z.input<typeof assignSchema>;
const FIELDS = ['service_id', 'reviewer_email', 'rating', 'review', 'source_url', 'admin_notes'] as const;

/** The search typed into the service picker, settled after a short pause (one request per pause). */
function useSettled(value: string, ms = 250) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

/**
 * Add a review on a member's behalf (issue 31 item 5, 02§3 admin_assigned): a testimonial
 * collected by phone or e-mail. The reviewer is a member found by e-mail; the server stores it
 * verified when that member bought the service. Admin notes stay in the back office.
 */
export function AssignReviewDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const ids = { search: useId(), services: useId(), serviceError: useId(), ratingError: useId() };
  const errorText = useErrorText();
  const assign = useAssignReview();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ id: string; title: string } | null>(null);
  const q = useSettled(search.trim());
  const options = useQuery(reviewServiceOptionsQuery(q));
  const form = useZodForm(assignSchema, {
    defaultValues: { service_id: '', reviewer_email: '', rating: undefined, review: '', source_url: '', admin_notes: '' },
  });
  const errors = form.formState.errors;
  const rating = form.watch('rating');
  const reviewerEmail = useSettled(form.watch('reviewer_email').trim());
  const reviewer = useQuery(reviewerQuery(reviewerEmail));
  const reviewerHint = reviewer.data
    ? t('adminTools.reviews.assign.member', { name: reviewer.data.display_name || reviewer.data.email })
    : reviewer.data === null
      ? t('adminTools.reviews.assign.noMember')
      : t('adminTools.reviews.assign.emailHint');
  const serviceError = errorText(errors.service_id, t('adminTools.reviews.assign.service'));
  const ratingError = errorText(errors.rating, t('adminTools.reviews.assign.rating'));

  const submit = form.handleSubmit((v) => {
    assign.mutate(
      {
        service_id: v.service_id,
        reviewer_email: v.reviewer_email,
        rating: Number(v.rating),
        review: v.review || undefined,
        source_url: v.source_url || undefined,
        admin_notes: v.admin_notes || undefined,
      },
      {
        onSuccess: (r) => {
          toast({ title: t('adminTools.reviews.assign.done', { service: r.service_title }), variant: 'success' });
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields.length > 0) {
            for (const f of err.fields) {
              const name = (FIELDS as readonly string[]).includes(f.field) ? (f.field as keyof AssignInput) : 'service_id';
              form.setError(name, { type: SERVER_ERROR, message: f.message });
            }
            return;
          }
          toast({ title: t('admin.error'), variant: 'error' });
        },
      },
    );
  });

  const list = options.data?.services ?? [];
  const choose = (id: string, title: string) => {
    setPicked({ id, title });
    form.setValue('service_id', id);
    form.clearErrors('service_id');
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-h-[92vh] max-w-2xl! overflow-y-auto max-sm:p-4">
      <FormDialogHeading titleId={titleId} title={t('adminTools.reviews.assign.title')} intro={t('adminTools.reviews.assign.intro')} closeLabel={t('admin.reason.cancel')} onClose={onClose} />
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 flex flex-col gap-4" aria-busy={assign.isPending}>
        <input type="hidden" {...form.register('service_id')} />
        <fieldset className="flex flex-col gap-2" aria-describedby={serviceError ? ids.serviceError : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-fg">
            {t('adminTools.reviews.assign.service')} <span aria-hidden="true">*</span>
          </legend>
          <PlainInput
            label={t('adminTools.reviews.assign.findService')}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            hint={picked ? t('adminTools.reviews.assign.picked', { service: picked.title }) : t('adminTools.reviews.assign.findHint')}
            autoComplete="off"
          />
          {q.length >= 2 ? (
            <ul id={ids.services} className="flex max-h-56 flex-col gap-1 overflow-y-auto" aria-label={t('adminTools.reviews.assign.matches')} aria-busy={options.isFetching}>
              {options.isPending ? (
                <li className="h-10 animate-pulse rounded bg-surface-muted" aria-hidden />
              ) : list.length === 0 ? (
                <li className="text-sm text-fg-muted">{t('adminTools.reviews.assign.noMatch')}</li>
              ) : (
                list.map((s) => (
                  <li key={s.id}>
                    <label
                      className={cn(
                        'flex min-h-11 cursor-pointer items-center gap-3 rounded-control border px-3 py-2 text-sm',
                        picked?.id === s.id ? 'border-primary bg-primary/5' : 'border-border',
                      )}
                    >
                      <input type="radio" name="assign-service" value={s.id} checked={picked?.id === s.id} onChange={() => choose(s.id, s.title)} />
                      <span className="flex min-w-0 flex-col">
                        <span className="truncate font-medium text-fg">{s.title}</span>
                        <span className="truncate text-xs text-fg-muted">
                          {s.vendor_name}
                          {s.active ? '' : ` · ${t('adminTools.reviews.assign.inactive')}`}
                        </span>
                      </span>
                    </label>
                  </li>
                ))
              )}
            </ul>
          ) : null}
          {serviceError ? <FieldErrorMessage id={ids.serviceError}>{serviceError}</FieldErrorMessage> : null}
        </fieldset>
        <FormTextField form={form} name="reviewer_email" type="email" autoComplete="off" label={t('adminTools.reviews.assign.email')} hint={reviewerHint} required maxLength={320} />
        <fieldset aria-describedby={ratingError ? ids.ratingError : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-fg">
            {t('adminTools.reviews.assign.rating')} <span aria-hidden="true">*</span>
          </legend>
          <div className="flex flex-wrap gap-1">
            {(['1', '2', '3', '4', '5'] as const).map((n) => (
              <label key={n} className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-control has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary">
                <input type="radio" value={n} className="sr-only" {...form.register('rating')} />
                <Star aria-hidden="true" className={cn('size-7', rating && Number(n) <= Number(rating) ? 'fill-pro text-pro' : 'text-border-strong')} />
                <span className="sr-only">{t('admin.reviews.stars', { count: Number(n) })}</span>
              </label>
            ))}
          </div>
          {ratingError ? <FieldErrorMessage id={ids.ratingError}>{ratingError}</FieldErrorMessage> : null}
        </fieldset>
        <PlainTextArea
          label={t('adminTools.reviews.assign.text')}
          rows={4}
          maxLength={REVIEW_TEXT_MAX}
          hint={t('adminTools.reviews.assign.textHint', { max: REVIEW_TEXT_MAX })}
          error={errorText(errors.review, t('adminTools.reviews.assign.text'))}
          {...form.register('review')}
        />
        <FormTextField form={form} name="source_url" type="url" label={t('adminTools.reviews.assign.sourceUrl')} hint={t('adminTools.reviews.assign.sourceUrlHint')} maxLength={500} />
        <PlainTextArea
          label={t('adminTools.reviews.assign.notes')}
          rows={3}
          maxLength={ADMIN_NOTES_MAX}
          hint={t('adminTools.reviews.assign.notesHint')}
          error={errorText(errors.admin_notes, t('adminTools.reviews.assign.notes'))}
          {...form.register('admin_notes')}
        />
        <FormActions
          secondaryLabel={t('admin.reason.cancel')}
          onSecondary={onClose}
          submitLabel={t('adminTools.reviews.assign.submit')}
          busyLabel={t('adminTools.reviews.assign.saving')}
          busy={assign.isPending}
        />
      </form>
    </Modal>
  );
}
