/**
 * The analytics throttle of spec 01§9: 5 events per second and 50 per minute, a 500 ms debounce
 * per event name, tokens halved in normal mode and quartered in strict admin mode; search and
 * typing events are dropped.
 */

export const ANALYTICS_PER_SECOND = 5;
export const ANALYTICS_PER_MINUTE = 50;
export const ANALYTICS_DEBOUNCE_MS = 500;

export type ThrottleMode = 'normal' | 'strict';

const MODE_FACTOR: Record<ThrottleMode, number> = { normal: 0.5, strict: 0.25 };

/** The allowance of a mode: at least one event per window. */
export function limitsFor(mode: ThrottleMode): { perSecond: number; perMinute: number } {
  const f = MODE_FACTOR[mode];
  return {
    perSecond: Math.max(1, Math.floor(ANALYTICS_PER_SECOND * f)),
    perMinute: Math.max(1, Math.floor(ANALYTICS_PER_MINUTE * f)),
  };
}

/** Search and typing events are never sent. */
export function isDroppedEvent(name: string): boolean {
  return /search|typing|keystroke|keypress|keydown|input_change/i.test(name);
}

export interface ThrottleClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(h: unknown): void;
}

const realClock: ThrottleClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export type TrackResult = 'dropped' | 'debounced';

export interface AnalyticsThrottle {
  /** Queues an event; it is sent after 500 ms without another event of the same name. */
  track(name: string, payload?: Record<string, unknown>): TrackResult;
  setMode(mode: ThrottleMode): void;
  /** Sends whatever is waiting now (page hide). */
  flush(): void;
  readonly sentCount: number;
  readonly rejectedCount: number;
}

export function createAnalyticsThrottle(
  send: (name: string, payload: Record<string, unknown> | undefined) => void,
  options: { mode?: ThrottleMode; clock?: ThrottleClock } = {},
): AnalyticsThrottle {
  const clock = options.clock ?? realClock;
  let mode: ThrottleMode = options.mode ?? 'normal';
  let sentTimes: number[] = [];
  let sentCount = 0;
  let rejectedCount = 0;
  const pending = new Map<string, { timer: unknown; payload?: Record<string, unknown> }>();

  function emit(name: string, payload?: Record<string, unknown>) {
    const t = clock.now();
    sentTimes = sentTimes.filter((x) => t - x < 60_000);
    const { perSecond, perMinute } = limitsFor(mode);
    const lastSecond = sentTimes.filter((x) => t - x < 1000).length;
    if (lastSecond >= perSecond || sentTimes.length >= perMinute) {
      rejectedCount += 1;
      return;
    }
    sentTimes.push(t);
    sentCount += 1;
    send(name, payload);
  }

  return {
    track(name, payload) {
      if (isDroppedEvent(name)) return 'dropped';
      const prev = pending.get(name);
      if (prev) clock.clearTimeout(prev.timer);
      const timer = clock.setTimeout(() => {
        const p = pending.get(name);
        pending.delete(name);
        emit(name, p?.payload);
      }, ANALYTICS_DEBOUNCE_MS);
      pending.set(name, { timer, payload });
      return 'debounced';
    },
    setMode(m) {
      mode = m;
    },
    flush() {
      for (const [name, p] of [...pending]) {
        clock.clearTimeout(p.timer);
        pending.delete(name);
        emit(name, p.payload);
      }
    },
    get sentCount() {
      return sentCount;
    },
    get rejectedCount() {
      return rejectedCount;
    },
  };
}
