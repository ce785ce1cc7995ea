import { useQuery } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { cn } from '../../components/ui/cn';
import { Modal } from '../../components/ui/Modal';
import { Notice } from '../../components/ui/Notice';
import { ApiError } from '../../lib/api/client';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { prepCourseRoute } from './FlowDialogs';
import { calendarQuery, myConsultationsQuery, useCancel, useReschedule, type Consultation } from './api';
import { dayLabel, ownZone, SlotPicker, SlotPickerSkeleton, timeIn } from './SlotPicker';
import { fieldMessage, windowOf } from './contactForm';

const STATUS_STYLE: Record<string, string> = {
  pending: 'bg-primary-soft text-primary-strong',
  lead_captured: 'bg-savings-soft text-savings-strong',
  canceled: 'bg-surface-sunken text-fg-muted',
};

/** A consultation's card, shared by the agent's and the vendor's lists. */
export function ConsultationCard({ c, actions, vendorView }: { c: Consultation; actions?: React.ReactNode; vendorView?: boolean }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const failed = (c.integrations ?? []).filter((i) => i.status === 'failed');
  return (
    <article aria-labelledby={headingId} data-testid="consultation" data-id={c.id} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          {c.service_title}
        </h2>
        <span className={cn('rounded-pill px-2 py-0.5 text-xs font-semibold', STATUS_STYLE[c.status])}>{t(`consultations.status.${c.status}`)}</span>
      </div>
      {c.is_external ? (
        <p className="text-sm text-fg-muted">{t('consultations.mine.external', { vendor: c.vendor_name })}</p>
      ) : (
        <p className="text-fg tabular-nums" data-testid="consultation-when">
          {dayLabel(c.scheduled_date, i18n.language, 'long')} · {c.scheduled_time} CT
          {c.starts_at ? <span className="text-fg-muted"> ({timeIn(c.starts_at, ownZone(), i18n.language)})</span> : null}
        </p>
      )}
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-fg-muted">{vendorView ? t('consultations.mine.client') : t('consultations.mine.vendor')}: </dt>
          <dd className="inline text-fg">{vendorView ? `${c.client_name} · ${c.client_email}${c.client_phone ? ` · ${c.client_phone}` : ''}` : c.vendor_name}</dd>
        </div>
        {c.project_details ? (
          <div className="sm:col-span-2">
            <dt className="inline text-fg-muted">{t('consultations.book.details')}: </dt>
            <dd className="inline break-words text-fg">{c.project_details}</dd>
          </div>
        ) : null}
      </dl>
      {!vendorView && failed.length > 0 ? (
        <p className="text-sm text-danger-strong">{t('consultations.book.partialBody', { list: failed.map((i) => t(`consultations.integrations.${i.step}`)).join(', ') })}</p>
      ) : null}
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </article>
  );
}

export function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul role="status" aria-label={t('common.loading')} className="flex flex-col gap-4">
      {[0, 1, 2].map((i) => (
        <li key={i} className="h-40 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
      ))}
    </ul>
  );
}

/** /consultations: the agent's consultations and leads, with cancel and reschedule 24 hours ahead. */
export default function ConsultationsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const q = useQuery(myConsultationsQuery(viewer.status === 'signed-in'));
  const [params] = useSearchParams();
  const highlight = params.get('booking') ?? '';
  const [moving, setMoving] = useState<Consultation | null>(null);
  const cancel = useCancel();

  async function onCancel(c: Consultation) {
    try {
      await cancel.mutateAsync(c.id);
      toast({ title: t('consultations.mine.canceled'), variant: 'success' });
    } catch (err) {
      toast({ title: t('consultations.mine.changeFailed'), description: err instanceof ApiError ? err.message : undefined, variant: 'error' });
    }
  }

  const rows = q.data?.consultations ?? [];
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8">
      <PageHeader title={t('consultations.mine.title')} intro={t('consultations.mine.intro')} tight />
      {q.isError ? (
        <RetryAlert message={t('consultations.mine.loadFailed')} retryLabel={t('consultations.book.retry')} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <ListSkeleton />
      ) : rows.length === 0 ? (
        <Notice headingLevel={2} icon={<CalendarDays aria-hidden="true" className="size-8 text-fg-muted" />} title={t('consultations.mine.empty')} actions={<ButtonLink to="/marketplace">{t('consultations.book.browse')}</ButtonLink>} placement="section" className="w-full max-w-none!">
          <p className="text-fg-muted">{t('consultations.mine.emptyBody')}</p>
        </Notice>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t('consultations.mine.title')}>
          {rows.map((c) => (
            <li key={c.id} className={cn(c.id === highlight && 'rounded-card ring-2 ring-primary')}>
              <ConsultationCard
                c={c}
                actions={
                  c.status === 'pending' || c.can_change ? (
                    <>
                      {!c.is_external && c.status === 'pending' ? (
                        <ButtonLink size="sm" to={prepCourseRoute(c.id)}>
                          {t('consultations.mine.prepare')}
                        </ButtonLink>
                      ) : null}
                      {c.can_change ? (
                        <>
                          <Button size="sm" variant="secondary" onClick={() => setMoving(c)}>
                            {t('consultations.mine.reschedule')}
                          </Button>
                          <Button size="sm" variant="ghost" disabled={cancel.isPending} onClick={() => void onCancel(c)}>
                            {t('consultations.mine.cancel')}
                          </Button>
                        </>
                      ) : c.status === 'pending' ? (
                        <p className="text-sm text-fg-muted">{t('consultations.mine.tooLate')}</p>
                      ) : null}
                    </>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}
      {moving ? <RescheduleDialog c={moving} onClose={() => setMoving(null)} /> : null}
    </div>
  );
}

function RescheduleDialog({ c, onClose }: { c: Consultation; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const cal = useQuery(calendarQuery(c.service_id));
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState('');
  const move = useReschedule();

  async function onSave() {
    if (!date || !time) return setError(t('consultations.errors.missingInformation'));
    try {
      await move.mutateAsync({ id: c.id, date, time });
      toast({ title: t('consultations.mine.rescheduled'), variant: 'success' });
      onClose();
    } catch (err) {
      const f = err instanceof ApiError ? err.fields[0] : undefined;
      setError(f ? fieldMessage(f, t, windowOf(cal.data)) : err instanceof ApiError && err.status === 409 ? t('consultations.errors.slotTaken') : t('consultations.mine.changeFailed'));
    }
  }

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-h-full max-w-3xl overflow-y-auto max-md:h-full max-md:max-w-none max-md:rounded-none">
      <div className="flex flex-col gap-4">
        <h2 id={titleId} className="text-xl font-bold text-fg">
          {t('consultations.mine.rescheduleTitle', { title: c.service_title })}
        </h2>
        {cal.data ? <SlotPicker calendar={cal.data} date={date} time={time} onDate={setDate} onTime={setTime} /> : <SlotPickerSkeleton />}
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('consultations.book.cancel')}
          </Button>
          <Button onClick={() => void onSave()} disabled={move.isPending}>
            {move.isPending ? t('consultations.mine.saving') : t('consultations.mine.saveReschedule')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
