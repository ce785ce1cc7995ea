import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import type { BookingCalendar } from './api';
import { formatDateTime } from '../../lib/dates';

/** The agent's own time zone (the browser's). */
export function ownZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A time in a zone with its short name: "11:00 AM EST". */
export function timeIn(iso: string, zone: string, lang: string): string {
  return formatDateTime(iso, lang, { hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' });
}

/** A zone's long name at an instant, in the viewer's language: "Central Standard Time". */
export function zoneName(iso: string, zone: string, lang: string): string {
  const parts = new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: 'long' }).formatToParts(new Date(iso));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/** A calendar day (YYYY-MM-DD) as "Mon, Mar 15". */
export function dayLabel(date: string, lang: string, style: 'short' | 'long' = 'short'): string {
  const [y, m, d] = date.split('-').map(Number);
  return formatDateTime(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)), lang, {
    weekday: style,
    month: style === 'short' ? 'short' : 'long',
    day: 'numeric',
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/**
 * The calendar of selectable weekdays and the 12 slots of the chosen day (Central time), with the
 * chosen slot shown in the agent's own zone and the vendor's zone as well.
 */
export function SlotPicker({
  calendar,
  date,
  time,
  onDate,
  onTime,
  dateError,
}: {
  calendar: BookingCalendar;
  date: string;
  time: string;
  onDate: (d: string) => void;
  onTime: (t: string) => void;
  dateError?: string;
}) {
  const { t, i18n } = useTranslation();
  const days = calendar.days ?? [];
  const day = days.find((d) => d.date === date);
  const chosen = day?.slots?.find((s) => s.time === time);
  const zone = ownZone();
  return (
    <div className="flex flex-col gap-4">
      {/* min-w-0: a fieldset is as wide as its content by default, and the phone's row of dates would widen the page. */}
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-fg">{t('consultations.book.date')}</legend>
        <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2 md:grid md:grid-cols-5 md:overflow-visible" role="radiogroup" aria-label={t('consultations.book.date')}>
          {days.map((d) => (
            <Tile
              key={d.date}
              checked={d.date === date}
              disabled={!d.available}
              data-date={d.date}
              onClick={() => {
                onDate(d.date);
                onTime('');
              }}
              className="flex h-14 min-w-24 shrink-0 flex-col items-center justify-center rounded-control border text-sm"
            >
              <span className="font-semibold">{dayLabel(d.date, i18n.language)}</span>
            </Tile>
          ))}
        </div>
        {dateError ? <p className="text-sm font-medium text-danger">{dateError}</p> : null}
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-fg">{t('consultations.book.time')}</legend>
        {day ? (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6" role="radiogroup" aria-label={t('consultations.book.time')}>
            {(day.slots ?? []).map((s) => (
              <Tile
                key={s.time}
                checked={s.time === time}
                disabled={!s.available}
                title={s.available ? undefined : t(`consultations.book.reason.${s.reason || 'too_soon'}`)}
                onClick={() => onTime(s.time)}
                className="h-11 rounded-control border text-sm tabular-nums disabled:line-through"
              >
                {s.time}
              </Tile>
            ))}
          </div>
        ) : (
          <p className="text-sm text-fg-muted">{t('consultations.book.pickDateFirst')}</p>
        )}
        {chosen ? <ChosenTime startsAt={chosen.starts_at} vendorZone={calendar.vendor_time_zone || calendar.time_zone} viewerZone={zone} /> : null}
      </fieldset>
    </div>
  );
}

/**
 * The chosen slot's time (issue 28 item 11): the vendor's time once, then the agent's own time
 * with its zone by name; one line when both are the same.
 */
export function ChosenTime({ startsAt, vendorZone, viewerZone }: { startsAt: string; vendorZone: string; viewerZone: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const vendor = timeIn(startsAt, vendorZone, lang);
  const mine = timeIn(startsAt, viewerZone, lang);
  const named = t('consultations.book.zoneNamed', { time: mine, zone: zoneName(startsAt, viewerZone, lang) });
  return (
    <dl className="flex flex-col gap-1 rounded-control bg-surface-sunken p-3 text-sm text-fg" data-testid="slot-zones">
      {vendor === mine ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium">{t('consultations.book.sameTime')}</dt>
          <dd>{named}</dd>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium">{t('consultations.book.vendorTime')}</dt>
            <dd>{vendor}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium">{t('consultations.book.yourTime')}</dt>
            <dd>{named}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** Skeleton of the picker's final size. */
/** One radio tile of the picker, a day or a time: the chosen one filled, one that cannot be booked faded. */
function Tile({ checked, className, ...button }: { checked: boolean; className: string } & Omit<ComponentProps<'button'>, 'type' | 'role' | 'aria-checked' | 'className'>) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      className={cn(
        className,
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-40',
        checked ? 'border-primary bg-primary text-primary-fg' : 'border-border-strong bg-surface text-fg hover:bg-surface-sunken',
      )}
      {...button}
    />
  );
}

export function SlotPickerSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      <div className="flex gap-2 overflow-hidden md:grid md:grid-cols-5">
        {Array.from({ length: 10 }, (_, i) => (
          <div key={i} className="h-14 min-w-24 shrink-0 rounded-control bg-surface-sunken motion-safe:animate-pulse" />
        ))}
      </div>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6">
        {Array.from({ length: 12 }, (_, i) => (
          <div key={i} className="h-11 rounded-control bg-surface-sunken motion-safe:animate-pulse" />
        ))}
      </div>
    </div>
  );
}
