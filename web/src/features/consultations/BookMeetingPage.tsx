import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CalendarX } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { ApiError } from '../../lib/api/client';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ADVISORS_SERVICE_ID } from './advisors';
import { calendarQuery, consultationQuery, useBook, useCaptureLead, type BookingCalendar, type Consultation } from './api';
import { MeetingConfirmedDialog, ThankYouDialog } from './FlowDialogs';
import { SlotPicker, SlotPickerSkeleton } from './SlotPicker';
import { ContactFields } from './ContactFields';
import { limitMessage, serverErrors, useContactDefaults, windowOf, WINDOW_KEY, type Errors } from './contactForm';

/** Where a help request goes (03§8 Get Help / Need Help?). */
export const HELP_MAIL = 'mailto:support@circle.example?subject=Consultation%20booking';

/** /book-meeting?service={id}: internal booking or external lead capture of a service (03§2). */
export default function BookMeetingPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const serviceId = params.get('service') ?? '';
  const q = useQuery(calendarQuery(serviceId));
  // After paying (issue 28 item 1): the success page sends the agent here with the purchased
  // service the server said to book (?from=purchase&service=...&then=...).
  const fromPurchase = params.get('from') === 'purchase';
  const source = params.get('source') ?? (fromPurchase ? 'purchase' : '');

  if (!serviceId && fromPurchase) {
    return (
      <Notice
        icon={<CalendarCheck aria-hidden="true" className="size-8 text-primary" />}
        title={t('areas.bookMeeting.title')}
        actions={
          <>
            <ButtonLink to="/consultations">{t('journey.next.myConsultations')}</ButtonLink>
            <ButtonLink to="/orders" variant="secondary">
              {t('checkout.result.viewOrders')}
            </ButtonLink>
          </>
        }
      >
        <p className="text-fg-muted">{t('journey.next.nothingToBook')}</p>
      </Notice>
    );
  }
  if (!serviceId) {
    // Without a service the meeting is with Circle's own advisors (issue 32 item 7).
    return (
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8">
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg md:text-3xl">{t('areas.bookMeeting.title')}</h1>
          <p className="text-fg-muted">{t('areas.bookMeeting.body')}</p>
        </header>
        <AdvisorsBooking title={t('consultDemo.pickTime')} source={source} />
        <p className="text-sm text-fg-muted">
          {t('consultDemo.vendorHint')}{' '}
          <Link className="inline-flex min-h-11 items-center text-primary underline" to="/marketplace">
            {t('consultations.book.browse')}
          </Link>
        </p>
      </div>
    );
  }
  if (q.isError) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return (
      <Notice
        tone="danger"
        icon={<CalendarX aria-hidden="true" className="size-8" />}
        title={missing ? t('consultations.book.notFound') : t('consultations.book.loadFailed')}
        actions={
          missing ? (
            <ButtonLink to="/marketplace">{t('consultations.book.browse')}</ButtonLink>
          ) : (
            <Button onClick={() => void q.refetch()}>{t('consultations.book.retry')}</Button>
          )
        }
      />
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8">
      {q.data && fromPurchase ? <PurchaseBanner calendar={q.data} order={params.get('order') ?? ''} then={params.get('then') ?? ''} /> : null}
      {q.data ? (
        q.data.booking_type === 'external' ? (
          <LeadCapture calendar={q.data} source={source} />
        ) : (
          <InternalBooking calendar={q.data} source={source} />
        )
      ) : (
        <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-6">
          <div className="h-9 w-2/3 rounded-control bg-surface-sunken motion-safe:animate-pulse" />
          <SlotPickerSkeleton />
          <div className="h-64 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
        </div>
      )}
    </div>
  );
}

/** The purchase this booking follows: what to book, and the next purchased service to book. */
function PurchaseBanner({ calendar, order, then }: { calendar: BookingCalendar; order: string; then: string }) {
  const { t } = useTranslation();
  const rest = then.split(',').filter(Boolean);
  const nextLink = rest[0]
    ? `/book-meeting?service=${encodeURIComponent(rest[0])}&from=purchase&order=${encodeURIComponent(order)}${rest.length > 1 ? `&then=${rest.slice(1).join(',')}` : ''}`
    : '';
  return (
    <div role="status" className="flex flex-col gap-2 rounded-card border border-savings/30 bg-savings-soft p-4 text-fg" data-testid="purchase-booking-banner">
      <p className="font-semibold text-savings-strong">{t('journey.next.bookTitle')}</p>
      <p className="text-sm">{t('journey.next.bookBody', { vendor: calendar.vendor_name, title: calendar.service_title })}</p>
      {nextLink ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {t('journey.next.bookMore', { count: rest.length })}
          <Link className="inline-flex min-h-11 items-center text-primary underline" to={nextLink}>
            {t('journey.next.bookNext')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function SignInBanner() {
  const { t } = useTranslation();
  return (
    <div role="note" className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-primary/30 bg-primary-soft p-4 text-primary-strong">
      <p>{t('consultations.book.signInBanner')}</p>
      <ButtonLink to="/auth" size="sm">
        {t('consultations.book.signIn')}
      </ButtonLink>
    </div>
  );
}

function signInToast(t: (k: string) => string, navigate: (to: string) => void) {
  toast({ title: t('consultations.book.signInRequired'), variant: 'error', action: { label: t('consultations.book.signIn'), onClick: () => navigate('/auth') } });
}

/**
 * The booking form of an internal calendar. `level` 2 and `title` put it under a page of its own
 * (the consultation demo); by default it is the page, its heading the service's.
 */
export function InternalBooking({ calendar, source, level = 1, title, subtitle }: { calendar: BookingCalendar; source: string; level?: 1 | 2; title?: string; subtitle?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [fields, setFields] = useContactDefaults();
  const [errors, setErrors] = useState<Errors>({});
  const [booked, setBooked] = useState<Consultation | null>(null);
  const book = useBook();
  const headingId = useId();
  const Heading = level === 1 ? 'h1' : 'h2';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!signedIn) return signInToast(t, (to) => void navigate(to));
    if (!date || !time) {
      setErrors({ date: t('consultations.errors.missingInformation') });
      toast({ title: t('consultations.book.missingTitle'), description: t('consultations.errors.missingInformation'), variant: 'error' });
      return;
    }
    setErrors({});
    try {
      const v = await book.mutateAsync({
        service_id: calendar.service_id,
        scheduled_date: date,
        scheduled_time: time,
        client_name: fields.name,
        client_email: fields.email,
        ...(fields.phone.trim() ? { client_phone: fields.phone } : {}),
        ...(fields.details.trim() ? { project_details: fields.details } : {}),
        source: source || 'booking_page',
      });
      setBooked(v);
    } catch (err) {
      const fe = serverErrors(err, t, windowOf(calendar));
      setErrors(fe);
      const limit = limitMessage(err, t);
      if (err instanceof ApiError && err.status === 401) return signInToast(t, (to) => void navigate(to));
      if (fe.date && err instanceof ApiError && err.fields.some((f) => f.key === 'consultations.errors.invalidDate' || f.key === WINDOW_KEY)) {
        toast({ title: t('consultations.book.invalidDateTitle'), description: fe.date, variant: 'error' });
      } else if (limit) {
        toast({ title: t('consultations.book.limitTitle'), description: limit, variant: 'error' });
      } else if (fe.date) {
        toast({ title: t('consultations.book.missingTitle'), description: fe.date, variant: 'error' });
      } else if (err instanceof ApiError && err.status === 409) {
        setTime('');
        toast({ title: t('consultations.book.slotTakenTitle'), description: t('consultations.errors.slotTaken'), variant: 'error' });
      } else if (Object.keys(fe).length === 0) {
        toast({
          title: t('consultations.book.failedTitle'),
          description: t('consultations.book.failedBody'),
          variant: 'error',
          action: { label: t('consultations.book.getHelp'), onClick: () => (window.location.href = HELP_MAIL) },
        });
      }
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <Heading id={headingId} className={level === 1 ? 'text-2xl font-bold tracking-tight text-fg md:text-3xl' : 'text-xl font-semibold tracking-tight text-fg md:text-2xl'}>
          {title ?? t('consultations.book.heading', { title: calendar.service_title })}
        </Heading>
        <p className="text-fg-muted">{subtitle ?? t('consultations.book.withVendor', { vendor: calendar.vendor_name })}</p>
      </header>
      {!signedIn && viewer.status !== 'loading' ? <SignInBanner /> : null}
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-6 rounded-card border border-border bg-surface p-4 shadow-card md:p-6">
        <SlotPicker calendar={calendar} date={date} time={time} onDate={setDate} onTime={setTime} dateError={errors.date} />
        <ContactFields fields={fields} set={setFields} errors={errors} withDetails />
        <ul className="list-disc pl-5 text-sm text-fg-muted">
          <li>{t('consultations.book.noteHours')}</li>
          <li>{t('consultations.book.noteNotice')}</li>
          <li>{t('consultations.book.noteZone')}</li>
        </ul>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => void navigate(-1)}>
            {t('consultations.book.cancel')}
          </Button>
          <Button type="submit" disabled={book.isPending}>
            {book.isPending ? t('consultations.book.booking') : t('consultations.book.submit')}
          </Button>
        </div>
      </form>
      {booked ? <BookedFlow booking={booked} onClose={() => setBooked(null)} /> : null}
    </section>
  );
}

/**
 * A meeting with Circle's own advisors (issue 32 item 7): their calendar (the service
 * ADVISORS_SERVICE_ID, which the marketplace does not list) in the booking form. A deployment
 * without it (no demo data) says so and points to the contact page.
 */
export function AdvisorsBooking({ title, source }: { title: string; source: string }) {
  const { t } = useTranslation();
  const q = useQuery(calendarQuery(ADVISORS_SERVICE_ID));
  if (q.isError) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return (
      <div role={missing ? 'status' : 'alert'} className="flex flex-col items-start gap-3 rounded-card border border-border bg-surface p-6 shadow-card">
        <CalendarX aria-hidden="true" className="size-8 text-fg-muted" />
        <h2 className="text-xl font-semibold text-fg">{missing ? t('consultDemo.unavailableTitle') : t('consultations.book.loadFailed')}</h2>
        {missing ? <p className="text-fg-muted">{t('consultDemo.unavailableBody')}</p> : null}
        {missing ? (
          <ButtonLink to="/contact">{t('consultDemo.contact')}</ButtonLink>
        ) : (
          <Button onClick={() => void q.refetch()}>{t('consultations.book.retry')}</Button>
        )}
      </div>
    );
  }
  if (!q.data) {
    return (
      <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-6">
        <div className="h-9 w-2/3 rounded-control bg-surface-sunken motion-safe:animate-pulse" />
        <SlotPickerSkeleton />
        <div className="h-64 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
      </div>
    );
  }
  return <InternalBooking calendar={q.data} source={source} level={2} title={title} subtitle={t('consultDemo.withAdvisors')} />;
}

const STEP_LABEL: Record<string, string> = {
  crm: 'consultations.integrations.crm',
  confirmation_email: 'consultations.integrations.confirmation_email',
  notification: 'consultations.integrations.notification',
  tracking: 'consultations.integrations.tracking',
};

/** After a booking: the success message, then any failed integration, then Meeting Confirmed. */
function BookedFlow({ booking, onClose }: { booking: Consultation; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(consultationQuery(booking.id));
  const reported = useRef(false);
  useEffect(() => {
    toast({ title: t('consultations.book.successTitle'), description: t('consultations.book.successBody'), variant: 'success' });
  }, [t]);
  const ints = q.data?.integrations;
  const settled = !!ints && ints.length > 0 && ints.every((i) => i.status !== 'pending');
  useEffect(() => {
    if (!settled || !ints || reported.current) return;
    reported.current = true;
    const failed = ints.filter((i) => i.status === 'failed').map((i) => t(STEP_LABEL[i.step] ?? i.step));
    if (failed.length > 0) {
      toast({
        title: t('consultations.book.partialTitle'),
        description: t('consultations.book.partialBody', { list: failed.join(', ') }),
        variant: 'error',
        duration: 0,
        action: { label: t('consultations.book.needHelp'), onClick: () => (window.location.href = HELP_MAIL) },
      });
    }
  }, [settled, ints, t]);
  return <MeetingConfirmedDialog booking={booking} onClose={onClose} />;
}

function LeadCapture({ calendar, source }: { calendar: BookingCalendar; source: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  const [fields, setFields] = useContactDefaults();
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const lead = useCaptureLead();
  const headingId = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!signedIn) return signInToast(t, (to) => void navigate(to));
    if (!fields.name.trim() || !fields.email.trim()) {
      const msg = t('consultations.errors.leadRequired');
      setErrors({ ...(fields.name.trim() ? {} : { client_name: msg }), ...(fields.email.trim() ? {} : { client_email: msg }) });
      toast({ title: t('consultations.lead.requiredTitle'), description: msg, variant: 'error' });
      return;
    }
    setErrors({});
    // Opened now, inside the click, so the browser lets the new tab open; pointed at the link after.
    const tab = window.open('', '_blank');
    try {
      const v = await lead.mutateAsync({
        service_id: calendar.service_id,
        client_name: fields.name,
        client_email: fields.email,
        ...(fields.phone.trim() ? { client_phone: fields.phone } : {}),
        source: source || 'booking_page',
      });
      if (tab) {
        tab.opener = null;
        tab.location.href = v.external_link;
      } else {
        window.open(v.external_link, '_blank', 'noopener,noreferrer');
      }
      setDone(true);
    } catch (err) {
      tab?.close();
      setErrors(serverErrors(err, t));
      if (err instanceof ApiError && err.status === 401) return signInToast(t, (to) => void navigate(to));
      toast({ title: t('consultations.lead.failedTitle'), description: t('consultations.lead.failedBody'), variant: 'error' });
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 id={headingId} className="text-2xl font-bold tracking-tight text-fg md:text-3xl">
          {t('consultations.lead.heading')}
        </h1>
        <p className="text-fg-muted">{t('consultations.lead.serviceProvider', { title: calendar.service_title, vendor: calendar.vendor_name })}</p>
      </header>
      {!signedIn && viewer.status !== 'loading' ? <SignInBanner /> : null}
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-6 rounded-card border border-border bg-surface p-4 shadow-card md:p-6">
        <ContactFields fields={fields} set={setFields} errors={errors} withDetails={false} />
        <p className="text-sm text-fg-muted">{t('consultations.lead.newTab')}</p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => void navigate(-1)}>
            {t('consultations.book.cancel')}
          </Button>
          <Button type="submit" disabled={lead.isPending}>
            {lead.isPending ? t('consultations.lead.processing') : t('consultations.lead.submit')}
          </Button>
        </div>
      </form>
      {done ? <ThankYouDialog onClose={() => void navigate('/consultations')} /> : null}
      <p className="text-sm text-fg-muted">
        <Link className="text-primary underline" to="/consultations">
          {t('consultations.mine.title')}
        </Link>
      </p>
    </section>
  );
}
