import { useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../../../lib/storage';

/** Stuck detection and the help nudge (03§4, 03§9). */
export const IDLE_MS = 30_000;
export const FIRST_VIEW_MS = 60_000;
export const ERRORS_FOR_HELP = 2;
export const NUDGE_DELAY_MS = 3_000;
export const NUDGE_EVERY_MS = 5 * 60_000;

const DISMISSED_KEY = 'circle.helpNudge.dismissed';
const SHOWN_KEY = 'circle.helpNudge.shown';

export interface StuckState {
  now: number;
  lastActivity: number;
  enteredAt: number;
  firstView: boolean;
  errors: number;
}

/** Whether the user seems stuck: 30 s with no activity, 60 s on a first page view, or 2 or more errors. */
export function seemsStuck(s: StuckState): boolean {
  return s.now - s.lastActivity >= IDLE_MS || (s.firstView && s.now - s.enteredAt >= FIRST_VIEW_MS) || s.errors >= ERRORS_FOR_HELP;
}

/** Whether the nudge may show on a route: not dismissed for good, and not shown there in the last 5 minutes. */
export function nudgeAllowed(route: string, now: number, shown: Record<string, number>, dismissed: boolean): boolean {
  if (dismissed) return false;
  const last = shown[route];
  return last === undefined || now - last >= NUDGE_EVERY_MS;
}

function readShown(): Record<string, number> {
  try {
    return JSON.parse(readStorage('local', SHOWN_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Watches activity and errors on a route and answers true 3 s after the user seems stuck, when
 * the nudge may show there; dismiss() hides it for good.
 */
export function useHelpNudge(route: string, paused: boolean): { show: boolean; dismiss: () => void; hide: () => void } {
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (paused) return;
    const enteredAt = Date.now();
    const seen = readStorage('local', `circle.helpNudge.seen:${route}`) === '1';
    writeStorage('local', `circle.helpNudge.seen:${route}`, '1');
    let lastActivity = enteredAt;
    let errors = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const onError = () => {
      errors += 1;
    };
    const events = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, onActivity, { passive: true, capture: true });
    window.addEventListener('error', onError);
    const tick = setInterval(() => {
      if (pending) return;
      const now = Date.now();
      if (!seemsStuck({ now, lastActivity, enteredAt, firstView: !seen, errors })) return;
      if (!nudgeAllowed(route, now, readShown(), readStorage('local', DISMISSED_KEY) === '1')) return;
      pending = setTimeout(() => {
        writeStorage('local', SHOWN_KEY, JSON.stringify({ ...readShown(), [route]: Date.now() }));
        setShow(true);
      }, NUDGE_DELAY_MS);
    }, 1_000);
    return () => {
      clearInterval(tick);
      clearTimeout(pending);
      for (const e of events) window.removeEventListener(e, onActivity, { capture: true });
      window.removeEventListener('error', onError);
      setShow(false);
    };
  }, [route, paused]);
  return {
    show,
    hide: () => setShow(false),
    dismiss: () => {
      writeStorage('local', DISMISSED_KEY, '1');
      setShow(false);
    },
  };
}
