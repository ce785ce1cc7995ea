import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, PartyPopper } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressTrack } from '../../components/ui/ProgressTrack';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { LoadFailed } from '../../components/ui/RetryAlert';
import { api, ApiError, unwrap } from '../../lib/api/client';
import { cartQueryKey } from '../../lib/cart';
import type { CartConsultationItem } from '../../lib/cartConsultation';
import { SEND_ONCE } from '../../lib/queryClient';
import { toast } from '../../lib/toast';
import { calendarQuery, useBook, useCaptureLead, type BookingCalendar } from './api';
import { ContactFields } from './ContactFields';
import { limitMessage, serverErrors, useContactDefaults, windowOf, type Errors } from './contactForm';
import { SlotPicker, SlotPickerSkeleton } from './SlotPicker';

/** Links a cart line to the booking the flow made for it (PUT /api/cart/items/{id}/consultation). */
function useLinkLine() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: ({ id, booking_id }: { id: string; booking_id: string }) =>
      unwrap(api.PUT('/api/cart/items/{id}/consultation', { params: { path: { id } }, body: { booking_id } })),
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}

type Booked = { bookingId: string; external: boolean };

/** Progress of 03§4: 0-50% while booking, 50-100% through the courses. */
export function flowPercent(phase: 'booking' | 'courses' | 'complete', done: number, total: number): number {
  if (phase === 'complete' || total === 0) return 100;
  return Math.round((phase === 'booking' ? 0 : 50) + (50 * done) / total);
}

/**
 * The cart consultation flow (03§2, 03§4): each consultation item is booked in turn with the
 * booking service and its slot picker (each booking advances), then the preparation course of
 * each internal booking, then complete; Finish clears the flow. renderCourse draws a course
 * (features/prep-course, given by the app) and calls next when the agent moves on.
 */
export function CartConsultationFlow({
  items,
  onClose,
  onFinish,
  renderCourse,
}: {
  items: CartConsultationItem[];
  onClose: () => void;
  onFinish: () => void;
  renderCourse: (bookingId: string, next: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [booked, setBooked] = useState<Record<string, Booked>>(() =>
    Object.fromEntries(items.filter((i) => i.booking_id).map((i) => [i.id, { bookingId: i.booking_id ?? '', external: !!i.external }])),
  );
  const [courseIndex, setCourseIndex] = useState(0);
  const toBook = items.filter((i) => !booked[i.id]);
  const courses = items.filter((i) => booked[i.id] && !booked[i.id]?.external);
  const phase = toBook.length > 0 ? 'booking' : courseIndex < courses.length ? 'courses' : 'complete';
  const percent =
    phase === 'booking' ? flowPercent('booking', items.length - toBook.length, items.length) : flowPercent(phase, courseIndex, courses.length);
  const current = toBook[0];
  const course = courses[courseIndex];

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-h-full overflow-y-auto max-md:h-full max-md:max-w-none max-md:rounded-none md:max-w-3xl!">
      <div className="flex flex-col gap-5" data-testid="cart-consultation-flow">
        <header className="flex flex-col gap-3">
          <h2 id={titleId} className="flex items-center gap-2 text-xl font-bold text-fg">
            <CalendarCheck aria-hidden="true" className="size-5 text-primary" />
            {t('consultations.cartFlow.title')}
          </h2>
          <p className="text-sm text-fg-muted">
            {phase === 'booking' && current
              ? t('consultations.cartFlow.bookingStep', { n: items.length - toBook.length + 1, total: items.length })
              : phase === 'courses'
                ? t('consultations.cartFlow.courseStep', { n: courseIndex + 1, total: courses.length })
                : t('consultations.cartFlow.completeStep')}
          </p>
          <ProgressTrack percent={percent} label={t('consultations.cartFlow.progress')} />
          <p className="text-right text-xs tabular text-fg-muted" data-testid="cart-flow-percent">
            {t('consultations.cartFlow.percent', { percent })}
          </p>
        </header>
        {phase === 'booking' && current ? (
          <BookItem key={current.id} item={current} onBooked={(b) => setBooked((m) => ({ ...m, [current.id]: b }))} onCancel={onClose} />
        ) : phase === 'courses' && course ? (
          <section className="flex flex-col gap-3" key={course.id}>
            <p className="text-sm font-semibold text-fg">{course.title}</p>
            {renderCourse(booked[course.id]?.bookingId ?? '', () => setCourseIndex((i) => i + 1))}
          </section>
        ) : (
          <section role="status" className="flex flex-col items-center gap-3 text-center">
            <PartyPopper aria-hidden="true" className="size-10 text-savings" />
            <p className="text-lg font-semibold text-fg">{t('consultations.cartFlow.doneTitle')}</p>
            <p className="text-sm text-fg-muted">{t('consultations.cartFlow.doneBody')}</p>
            <Button onClick={onFinish} className="w-full sm:w-auto">
              {t('consultations.cartFlow.finish')}
            </Button>
          </section>
        )}
      </div>
    </Modal>
  );
}

/** One item's booking: the booking service's calendar, or its lead capture for an external vendor. */
function BookItem({ item, onBooked, onCancel }: { item: CartConsultationItem; onBooked: (b: Booked) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(calendarQuery(item.service_id));
  if (q.isError) {
    return (
      <LoadFailed message={t('consultations.book.loadFailed')} retryLabel={t('consultations.book.retry')} onRetry={() => void q.refetch()} className="flex flex-col gap-3" messageClassName="text-sm text-danger-strong" />
    );
  }
  if (!q.data) return <SlotPickerSkeleton />;
  return <BookForm item={item} calendar={q.data} onBooked={onBooked} onCancel={onCancel} />;
}

function BookForm({
  item,
  calendar,
  onBooked,
  onCancel,
}: {
  item: CartConsultationItem;
  calendar: BookingCalendar;
  onBooked: (b: Booked) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const external = calendar.booking_type === 'external';
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [fields, setFields] = useContactDefaults();
  const [errors, setErrors] = useState<Errors>({});
  const book = useBook();
  const lead = useCaptureLead();
  const link = useLinkLine();
  const busy = book.isPending || lead.isPending || link.isPending;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!external && (!date || !time)) {
      setErrors({ date: t('consultations.errors.missingInformation') });
      toast({ title: t('consultations.book.missingTitle'), description: t('consultations.errors.missingInformation'), variant: 'error' });
      return;
    }
    setErrors({});
    const tab = external ? window.open('', '_blank') : null;
    try {
      const contact = {
        service_id: item.service_id,
        client_name: fields.name,
        client_email: fields.email,
        ...(fields.phone.trim() ? { client_phone: fields.phone } : {}),
        source: 'cart',
      };
      const v = external
        ? await lead.mutateAsync(contact)
        : await book.mutateAsync({
            ...contact,
            scheduled_date: date,
            scheduled_time: time,
            ...(fields.details.trim() ? { project_details: fields.details } : {}),
          });
      if (tab && v.external_link) {
        tab.opener = null;
        tab.location.href = v.external_link;
      }
      await link.mutateAsync({ id: item.id, booking_id: v.id });
      toast({ title: t('consultations.book.successTitle'), description: t('consultations.cartFlow.bookedToast', { title: item.title }), variant: 'success' });
      onBooked({ bookingId: v.id, external });
    } catch (err) {
      tab?.close();
      setErrors(serverErrors(err, t, windowOf(calendar)));
      const limit = limitMessage(err, t);
      if (limit) {
        toast({ title: t('consultations.book.limitTitle'), description: limit, variant: 'error' });
      } else if (err instanceof ApiError && err.status === 409) {
        setTime('');
        toast({ title: t('consultations.book.slotTakenTitle'), description: t('consultations.errors.slotTaken'), variant: 'error' });
      } else {
        toast({ title: t('consultations.book.failedTitle'), description: t('consultations.book.failedBody'), variant: 'error' });
      }
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-5">
      <div>
        <p className="text-base font-semibold text-fg">{t('consultations.book.heading', { title: calendar.service_title })}</p>
        <p className="text-sm text-fg-muted">{t('consultations.book.withVendor', { vendor: calendar.vendor_name })}</p>
      </div>
      {external ? (
        <p className="text-sm text-fg-muted">{t('consultations.lead.newTab')}</p>
      ) : (
        <SlotPicker calendar={calendar} date={date} time={time} onDate={setDate} onTime={setTime} dateError={errors.date} />
      )}
      <ContactFields fields={fields} set={setFields} errors={errors} withDetails={!external} />
      {!external ? <p className="text-sm text-fg-muted">{t('consultations.book.noteHours')}</p> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('consultations.book.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {external
            ? busy
              ? t('consultations.lead.processing')
              : t('consultations.lead.submit')
            : busy
              ? t('consultations.book.booking')
              : t('consultations.book.submit')}
        </Button>
      </div>
    </form>
  );
}
