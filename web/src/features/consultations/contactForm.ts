import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { useViewer } from '../../lib/session';

export type Fields = { name: string; email: string; phone: string; details: string };
export type Errors = Partial<Record<'date' | 'client_name' | 'client_email' | 'client_phone' | 'project_details', string>>;

/** The server's field errors by field, translated by key (the server's English otherwise). */
export function serverErrors(err: unknown, t: (k: string) => string): Errors {
  const out: Errors = {};
  if (!(err instanceof ApiError)) return out;
  for (const f of err.fields) {
    const key = f.field === 'scheduled_date' || f.field === 'scheduled_time' ? 'date' : (f.field as keyof Errors);
    const translated = t(f.key);
    out[key] = translated === f.key ? f.message : translated;
  }
  return out;
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

