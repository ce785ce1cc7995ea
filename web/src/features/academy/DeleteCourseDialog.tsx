import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { useDeleteCourse, type DraftCourse } from './editorApi';
import { pick } from './api';

/**
 * Asks before deleting a course. The server deletes only a course nobody enrolled in; with
 * members it answers 409 (academy.errors.has_members), and the dialog says to unpublish instead.
 */
export function DeleteCourseDialog({ course, onClose, onDeleted }: { course: DraftCourse; onClose: () => void; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const remove = useDeleteCourse(course.id);
  const members = remove.error instanceof ApiError && remove.error.fields.some((f) => f.key === 'academy.errors.has_members');
  return (
    <Modal labelledBy={titleId} describedBy={bodyId} onClose={remove.isPending ? undefined : onClose} role="alertdialog" className="max-w-md">
      <div className="flex flex-col gap-4">
        <h2 id={titleId} className="text-xl font-bold text-fg">
          {t('academy.editor.delete.confirmTitle', { title: pick(course.title, i18n.language) })}
        </h2>
        <p id={bodyId} className="text-sm text-fg-muted">
          {t('academy.editor.delete.confirmBody')}
        </p>
        {remove.isError ? (
          <p role="alert" className="rounded-control border border-danger bg-danger-soft p-3 text-sm text-danger-strong">
            {members ? t('academy.errors.has_members') : t('academy.errors.save')}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-4">
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            {t('academy.editor.delete.keep')}
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending || members}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  toast({ title: t('academy.editor.delete.done'), variant: 'success' });
                  onDeleted();
                },
              })
            }
          >
            {remove.isPending ? t('academy.editor.delete.deleting') : t('academy.editor.delete.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
