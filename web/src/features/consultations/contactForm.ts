import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { useViewer } from '../../lib/session';

export type Fields = { name: string; email: string; phone: string; details: string };
export type Errors = Partial<Record<'date' | 'client_name' | 'client_email' | 'client_phone' | 'project_details', string>>;

type Translate = (key: string, options?: Record<string, unknown>) => string;
type FieldError = { field: string; key: string; message: string };

/** The key of a booking past the vendor's booking window (issue 27); its text names the window. */
export const WINDOW_KEY = 'consultations.errors.beyondWindow';
/** The keys of the open-booking limits (issue 27): a 409 naming service_id, not a slot just taken. */
export const LIMIT_KEYS = ['consultations.errors.limitService', 'consultations.errors.limitVendor'];

/** The weekdays a calendar takes bookings for: the window the server sends, else the days listed. */
export function windowOf(calendar: { booking_window_weekdays?: number; days?: unknown[] | null } | undefined): number | undefined {
  return calendar?.booking_window_weekdays || calendar?.days?.length || undefined;
}

/**
 * One server field error in the reader's language, by key (the window's message with the
 * calendar's window), else the server's English (which names the window itself).
 */
export function fieldMessage(f: FieldError, t: Translate, windowDays?: number): string {
  if (f.key === WINDOW_KEY && !windowDays) return f.message;
  const translated = t(f.key, { days: windowDays });
  return translated === f.key ? f.message : translated;
}

/** The server's field errors by field, translated by key (the server's English otherwise). */
export function serverErrors(err: unknown, t: Translate, windowDays?: number): Errors {
  const out: Errors = {};
  if (!(err instanceof ApiError)) return out;
  for (const f of err.fields) {
    const key = f.field === 'scheduled_date' || f.field === 'scheduled_time' ? 'date' : (f.field as keyof Errors);
    out[key] = fieldMessage(f, t, windowDays);
  }
  return out;
}

/** The message of a booking refused for the member's open bookings (issue 27), or undefined. */
export function limitMessage(err: unknown, t: Translate): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  const f = err.fields.find((x) => LIMIT_KEYS.includes(x.key));
  return f ? fieldMessage(f, t) : undefined;
}

/** The contact fields filled from the profile once it is known. */
export function useContactDefaults(): [Fields, (f: Fields) => void] {
  const viewer = useViewer();
  const [fields, set] = useState<Fields>({ name: '', email: '', phone: '', details: '' });
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || !viewer.profile) return;
    filled.current = true;
    const p = viewer.profile as { display_name?: string; email?: string; phone?: string };
    set((f) => ({ ...f, name: f.name || p.display_name || '', email: f.email || p.email || '', phone: f.phone || p.phone || '' }));
  }, [viewer.profile]);
  return [fields, set];
}

