/** Lockout rules of the sign-in screen (spec 01§2, 01§4, 01§8, 01§9). */

/** Attempts before the account locks (the server's rule; the status answer carries the count). */
export const LOCKOUT_ATTEMPTS = 5;
/** The lock status is checked this long after the e-mail changes in sign-in mode. */
export const LOCK_CHECK_DELAY_MS = 500;
/** ... and re-read this long after a failed sign-in. */
export const LOCK_RECHECK_AFTER_FAILURE_MS = 100;
/** The warning shows when this many attempts or fewer remain. */
export const LOCK_WARNING_AT = 2;

/** N of "Try again in N minutes": seconds / 60 rounded up (at least 1). */
export function lockMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(Math.max(0, seconds) / 60));
}

/** The countdown as m:ss (or h:mm:ss from an hour). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The attempts warning shows after at least one failure, while 1 or 2 attempts remain. */
export function shouldWarnAttempts(attemptsRemaining: number | null | undefined): boolean {
  return typeof attemptsRemaining === 'number' && attemptsRemaining > 0 && attemptsRemaining <= LOCK_WARNING_AT;
}

/** Seconds left at time `now` of a lock that had `seconds` left at `since`. */
export function secondsLeft(seconds: number, since: number, now: number): number {
  return Math.max(0, Math.ceil(seconds - (now - since) / 1000));
}
