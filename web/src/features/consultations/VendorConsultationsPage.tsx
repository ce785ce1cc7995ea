import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { LabelledControl } from '../../components/form/LabelledControl';
import { Button } from '../../components/ui/Button';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { cn } from '../../components/ui/cn';
import { Notice } from '../../components/ui/Notice';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { availabilityQuery, useBlock, useSetBookingWindow, useSetTimeZone, useUnblock, vendorConsultationsQuery } from './api';
import { ConsultationCard, ListSkeleton } from './ConsultationsPage';
import { dayLabel } from './SlotPicker';

const SLOTS = ['10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '12:00 PM', '12:30 PM', '1:00 PM', '1:30 PM', '2:00 PM', '2:30 PM', '3:00 PM', '3:30 PM'];
/** The booking windows offered, in weekdays (the server takes 5 to 60): two to twelve weeks. */
const WINDOWS = [10, 15, 20, 30, 40, 60];
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'America/Toronto', 'America/Vancouver'];

function apiMessage(err: unknown, t: (k: string) => string): string {
  const f = err instanceof ApiError ? err.fields[0] : undefined;
  if (f) return t(f.key) === f.key ? f.message : t(f.key);
  return err instanceof ApiError ? err.message : t('consultations.mine.changeFailed');
}

/** /vendor-dashboard/consultations: the vendor's bookings and leads, and its availability. */
export default function VendorConsultationsPage() {
  const { t } = useTranslation();
  const q = useQuery(vendorConsultationsQuery());
  const rows = q.data?.consultations ?? [];
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-1">
        {/* The way back to the dashboard's tabs, which link here. */}
        <Link to="/vendor-dashboard" className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-medium text-primary hover:underline">
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t('areas.vendorDashboard.title')}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight text-fg">{t('consultations.vendor.title')}</h1>
        <p className="text-fg-muted">{t('consultations.vendor.intro')}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-label={t('consultations.vendor.bookings')} className="flex flex-col gap-4">
          {q.isError ? (
            <RetryAlert message={t('consultations.mine.loadFailed')} retryLabel={t('consultations.book.retry')} onRetry={() => void q.refetch()} />
          ) : !q.data ? (
            <ListSkeleton />
          ) : rows.length === 0 ? (
            <Notice headingLevel={2} icon={<CalendarDays aria-hidden="true" className="size-8 text-fg-muted" />} title={t('consultations.vendor.empty')} placement="section" className="w-full max-w-none!">
              <p className="text-fg-muted">{t('consultations.vendor.emptyBody')}</p>
            </Notice>
          ) : (
            <ul className="flex flex-col gap-4">
              {rows.map((c) => (
                <li key={c.id}>
                  <ConsultationCard c={c} vendorView />
                </li>
              ))}
            </ul>
          )}
        </section>
        <AvailabilityPanel />
      </div>
    </div>
  );
}

function AvailabilityPanel() {
  const { t, i18n } = useTranslation();
  const q = useQuery(availabilityQuery());
  const setZone = useSetTimeZone();
  const setWindow = useSetBookingWindow();
  const block = useBlock();
  const unblock = useUnblock();
  const id = useId();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');

  async function onBlock(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (!date) return setError(t('consultations.vendor.dateRequired'));
    try {
      await block.mutateAsync({ date, ...(time ? { time } : {}), ...(note.trim() ? { note } : {}) });
      setDate('');
      setTime('');
      setNote('');
    } catch (err) {
      setError(apiMessage(err, t));
    }
  }

  if (q.isError) {
    return (
      <aside className="rounded-card border border-border bg-surface p-4 text-sm text-fg-muted">
        {q.error instanceof ApiError && q.error.status === 404 ? t('consultations.vendor.noVendor') : t('consultations.mine.loadFailed')}
      </aside>
    );
  }
  if (!q.data) return <div role="status" aria-label={t('common.loading')} className="h-96 rounded-card bg-surface-sunken motion-safe:animate-pulse" />;
  const zones = ZONES.includes(q.data.time_zone) ? ZONES : [q.data.time_zone, ...ZONES];
  const ahead = q.data.booking_window_weekdays;
  const windows = WINDOWS.includes(ahead) ? WINDOWS : [...WINDOWS, ahead].sort((a, b) => a - b);
  return (
    <aside aria-labelledby={`${id}-h`} className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-fg">
        {t('consultations.vendor.availability')}
      </h2>
      <LabelledControl id={`${id}-tz`} label={t('consultations.vendor.timeZone')}>
        <select
          id={`${id}-tz`}
          value={q.data.time_zone}
          disabled={setZone.isPending}
          onChange={(e) =>
            void setZone.mutateAsync(e.target.value).then(
              () => toast({ title: t('consultations.vendor.saved'), variant: 'success' }),
              (err: unknown) => toast({ title: apiMessage(err, t), variant: 'error' }),
            )
          }
          className={cn(inputClass, 'border-border-strong')}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace('_', ' ')}
            </option>
          ))}
        </select>
        <p className="text-xs text-fg-muted">{t('consultations.vendor.timeZoneHint')}</p>
      </LabelledControl>
      <LabelledControl id={`${id}-window`} label={t('consultations.vendor.window')}>
        <select
          id={`${id}-window`}
          value={ahead}
          disabled={setWindow.isPending}
          onChange={(e) =>
            void setWindow.mutateAsync(Number(e.target.value)).then(
              () => toast({ title: t('consultations.vendor.saved'), variant: 'success' }),
              (err: unknown) => toast({ title: apiMessage(err, t), variant: 'error' }),
            )
          }
          className={cn(inputClass, 'border-border-strong')}
        >
          {windows.map((n) => (
            <option key={n} value={n}>
              {t('consultations.vendor.windowOption', { n })}
            </option>
          ))}
        </select>
        <p className="text-xs text-fg-muted">{t('consultations.vendor.windowHint')}</p>
      </LabelledControl>
      <form onSubmit={(e) => void onBlock(e)} noValidate className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-fg">{t('consultations.vendor.block')}</h3>
        <label htmlFor={`${id}-date`} className="text-sm font-medium text-fg">
          {t('consultations.book.date')}
        </label>
        <input id={`${id}-date`} type="date" value={date} onChange={(e) => setDate(e.target.value)} className={cn(inputClass, 'border-border-strong')} />
        <label htmlFor={`${id}-time`} className="text-sm font-medium text-fg">
          {t('consultations.book.time')}
        </label>
        <select id={`${id}-time`} value={time} onChange={(e) => setTime(e.target.value)} className={cn(inputClass, 'border-border-strong')}>
          <option value="">{t('consultations.vendor.wholeDay')}</option>
          {SLOTS.map((s) => (
            <option key={s} value={s}>
              {s} CT
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-note`} className="text-sm font-medium text-fg">
          {t('consultations.vendor.note')}
        </label>
        <input id={`${id}-note`} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} className={cn(inputClass, 'border-border-strong')} />
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={block.isPending}>
          {t('consultations.vendor.blockSubmit')}
        </Button>
      </form>
      <ul className="flex flex-col gap-2" aria-label={t('consultations.vendor.blocked')}>
        {(q.data.blocked ?? []).map((b) => (
          <li key={b.id} className="flex items-center justify-between gap-2 rounded-control bg-surface-sunken px-3 py-2 text-sm">
            <span>
              {dayLabel(b.date, i18n.language)} · {b.time ? `${b.time} CT` : t('consultations.vendor.wholeDay')}
              {b.note ? <span className="text-fg-muted"> · {b.note}</span> : null}
            </span>
            <Button size="sm" variant="ghost" aria-label={t('consultations.vendor.unblock')} disabled={unblock.isPending} onClick={() => void unblock.mutateAsync(b.id)}>
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
