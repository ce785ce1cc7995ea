/**
 * Session recovery of spec 01§4, as a small state machine without React or network code:
 * a trigger (a 401 from the API, or a sign-out nobody asked for) runs one attempt: a session
 * check, then a refresh, then a restore. Up to 3 attempts, 5 s apart; attempts closer than 5 s
 * or while one is running are skipped. When every attempt fails the session is given up.
 */

export const RECOVERY_MAX_ATTEMPTS = 3;
export const RECOVERY_COOLDOWN_MS = 5000;
/** The session-recovery toast hides after 8 s (spec 01§9). */
export const RECOVERY_TOAST_MS = 8000;

export type RecoveryReason = 'session_restore' | 'token_refresh' | 'auth_recovery' | 'general_recovery';

/** What a step learned: the session works, the server says it is gone, or it could not be asked. */
export type StepOutcome = 'ok' | 'unauthenticated' | 'unreachable';

export interface RecoverySteps {
  /** Is the current session still good? (GET the session.) */
  check(): Promise<StepOutcome>;
  /** Rotate the tokens with the refresh cookie. */
  refresh(): Promise<StepOutcome>;
  /** Read the session again from what the browser stores (another tab may have refreshed it). */
  restore(): Promise<StepOutcome>;
}

export interface RecoveryHooks {
  /**
   * The session works again. `how` is the step that succeeded: check (nothing was wrong),
   * refresh (new tokens) or restore (stored tokens).
   */
  onRecovered(how: 'check' | 'refresh' | 'restore', reason: RecoveryReason): void;
  /**
   * Every attempt failed. `lastOutcome` is unauthenticated when the server said the session is
   * gone, unreachable when it could not be asked.
   */
  onExhausted(lastOutcome: Exclude<StepOutcome, 'ok'>, reason: RecoveryReason): void;
}

export interface RecoveryClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: RecoveryClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export type TriggerResult = 'started' | 'skipped_running' | 'skipped_cooldown' | 'skipped_scheduled';

export interface SessionRecovery {
  trigger(reason: RecoveryReason): TriggerResult;
  /** Forgets attempts and cancels a scheduled one (after a sign-in or a sign-out). */
  reset(): void;
  readonly state: { running: boolean; attempts: number; scheduled: boolean };
}

export function createSessionRecovery(
  steps: RecoverySteps,
  hooks: RecoveryHooks,
  options: { maxAttempts?: number; cooldownMs?: number; clock?: RecoveryClock } = {},
): SessionRecovery {
  const maxAttempts = options.maxAttempts ?? RECOVERY_MAX_ATTEMPTS;
  const cooldownMs = options.cooldownMs ?? RECOVERY_COOLDOWN_MS;
  const clock = options.clock ?? realClock;
  let running = false;
  let attempts = 0;
  let lastStart = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  let generation = 0;

  async function attempt(reason: RecoveryReason, gen: number) {
    running = true;
    attempts += 1;
    lastStart = clock.now();
    let last: StepOutcome = 'unreachable';
    let how: 'check' | 'refresh' | 'restore' | null = null;
    for (const step of ['check', 'refresh', 'restore'] as const) {
      try {
        last = await steps[step]();
      } catch {
        last = 'unreachable';
      }
      if (gen !== generation) return; // reset while running
      if (last === 'ok') {
        how = step;
        break;
      }
    }
    running = false;
    if (how) {
      attempts = 0;
      hooks.onRecovered(how, reason);
      return;
    }
    if (attempts >= maxAttempts) {
      attempts = 0;
      hooks.onExhausted(last === 'ok' ? 'unreachable' : last, reason);
      return;
    }
    const wait = Math.max(0, lastStart + cooldownMs - clock.now());
    timer = clock.setTimeout(() => {
      timer = null;
      if (gen === generation) void attempt(reason, gen);
    }, wait);
  }

  return {
    trigger(reason) {
      if (running) return 'skipped_running';
      if (timer !== null) return 'skipped_scheduled';
      if (clock.now() - lastStart < cooldownMs) return 'skipped_cooldown';
      void attempt(reason, generation);
      return 'started';
    },
    reset() {
      generation += 1;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      running = false;
      attempts = 0;
      lastStart = Number.NEGATIVE_INFINITY;
    },
    get state() {
      return { running, attempts, scheduled: timer !== null };
    },
  };
}
