import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormDialogHeading } from '../../components/form/FormDialog';
import { PlainTextArea } from '../../components/form/PlainField';
import { Modal } from '../../components/ui/Modal';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { useSetReviewNotes, type ReviewRow } from './api/reviews';
import { ADMIN_NOTES_MAX } from './AssignReviewDialog';

/** Edit the internal notes of any review (never shown to members; each change in the audit log). */
export function ReviewNotesDialog({ review, onClose }: { review: ReviewRow; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSetReviewNotes();
  const [notes, setNotes] = useState(review.admin_notes ?? '');
  const [problem, setProblem] = useState('');
  const serverError = save.error instanceof ApiError ? (save.error.fields[0]?.message ?? save.error.message) : save.error ? t('admin.error') : '';
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="flex max-w-lg! flex-col max-sm:p-4">
      <FormDialogHeading
        titleId={titleId}
        title={t('adminTools.reviews.notesTitle')}
        intro={`${review.service_title} · ${review.reviewer_name || review.reviewer_email} · ${t('admin.reviews.stars', { count: review.rating })}`}
        closeLabel={t('admin.reason.cancel')}
        onClose={onClose}
      />
      <form
        noValidate
        className="mt-5 flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const v = notes.trim();
          if (v.length > ADMIN_NOTES_MAX) return setProblem(t('adminTools.reviews.assign.errors.notes', { field: t('adminTools.reviews.notes'), max: ADMIN_NOTES_MAX }));
          setProblem('');
          save.mutate(
            { id: review.id, notes: v },
            {
              onSuccess: () => {
                toast({ title: t('adminTools.reviews.notesSaved'), variant: 'success' });
                onClose();
              },
            },
          );
        }}
      >
        <PlainTextArea
          label={t('adminTools.reviews.notes')}
          hint={t('adminTools.reviews.assign.notesHint')}
          rows={5}
          maxLength={ADMIN_NOTES_MAX}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          error={problem || serverError || undefined}
        />
        <FormActions secondaryLabel={t('admin.reason.cancel')} onSecondary={onClose} submitLabel={t('adminTools.reviews.saveNotes')} busyLabel={t('adminTools.reviews.assign.saving')} busy={save.isPending} />
      </form>
    </Modal>
  );
}
