import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MessageForm } from '../../components/form/MessageForm';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button } from '../../components/ui/Button';
import { TitledSection } from '../../components/ui/TitledSection';
import { formatDateTime } from '../../lib/dates';
import { useViewer } from '../../lib/session';
import { feedbackQuery, type FeedbackRow } from './api/queries';
import { useCorrectAnswer } from './api/mutations';
import { errorText } from './CannedAnswers';

/** The concierge's feedback (administrators only): each verdict with its question and correction; a correction can be added. */
export function ConciergeFeedback() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const list = useQuery(feedbackQuery(viewer.isAdmin));
  if (!viewer.isAdmin) return <p className="text-sm text-fg-muted">{t('desk.feedback.adminsOnly')}</p>;
  return (
    <TitledSection id="feedback-title" title={t('desk.feedback.title')} className="flex flex-col gap-3">
      {list.isPending ? (
        <ul aria-hidden className="flex flex-col gap-2">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-24 animate-pulse rounded-card bg-surface-sunken" />
          ))}
        </ul>
      ) : list.isError ? <AlertLine>{t('desk.error')}</AlertLine> : (list.data.feedback ?? []).length === 0 ? (
        <p className="text-sm text-fg-muted">{t('desk.feedback.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {(list.data.feedback ?? []).map((f) => (
            <li key={f.id} className="rounded-card border border-border bg-surface p-3">
              <p className="text-xs text-fg-muted">
                {formatDateTime(f.created_at, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
                <span className={f.helpful ? 'text-savings-strong' : 'text-danger'}>{f.helpful ? t('desk.feedback.helpful') : t('desk.feedback.notHelpful')}</span>
              </p>
              <p className="mt-1 font-medium text-fg">{f.question || t('desk.feedback.noQuestion')}</p>
              {f.correction ? (
                <p className="mt-1 whitespace-pre-line text-sm text-fg">
                  <span className="font-medium">{t('desk.feedback.correction')}: </span>
                  {f.correction}
                </p>
              ) : (
                <Correction row={f} />
              )}
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

function Correction({ row }: { row: FeedbackRow }) {
  const { t } = useTranslation();
  const correct = useCorrectAnswer();
  return (
    <MessageForm
      label={t('desk.feedback.addCorrection')}
      rows={2}
      className="mt-2 flex flex-col gap-1.5"
      onSend={(text, sent) => correct.mutate({ message_id: row.message_id, helpful: false, correction: text.trim() }, { onSuccess: sent })}
      error={correct.isError ? errorText(correct.error, t) : null}
      submit={(text) => (
        <Button type="submit" size="sm" disabled={correct.isPending || text.trim() === ''}>
          {t('desk.feedback.saveCorrection')}
        </Button>
      )}
    />
  );
}
