/**
 * Profile fetch rules of spec 01§4 and 01§9: a result is reused for 30 s (the query's staleTime),
 * calls closer than 2 s apart are skipped (the last result is returned), a timeout of 12 s (15 s
 * for admins), one retry after 1 s on other errors, and a circuit breaker that opens after a
 * timeout or after the retry failed and closes again after 5 s.
 */

export const PROFILE_CACHE_MS = 30_000;
export const PROFILE_THROTTLE_MS = 2_000;
export const PROFILE_TIMEOUT_MS = 12_000;
export const PROFILE_ADMIN_TIMEOUT_MS = 15_000;
export const PROFILE_BREAKER_RESET_MS = 5_000;
export const PROFILE_RETRY_DELAY_MS = 1_000;

export class ProfileFetchError extends Error {
  readonly kind: 'timeout' | 'breaker_open' | 'failed';

  constructor(kind: 'timeout' | 'breaker_open' | 'failed', cause?: unknown) {
    super(kind === 'timeout' ? 'Profile fetch timeout' : kind === 'breaker_open' ? 'Profile fetch paused' : 'Profile fetch failed');
    this.name = 'ProfileFetchError';
    this.kind = kind;
    if (cause !== undefined) (this as { cause?: unknown }).cause = cause;
  }
}

export interface FetcherClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(h: unknown): void;
}

const realClock: FetcherClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function createProfileFetcher<T>(
  load: (signal: AbortSignal) => Promise<T>,
  opts: { clock?: FetcherClock; timeoutMs?: () => number } = {},
) {
  const clock = opts.clock ?? realClock;
  const timeoutMs = opts.timeoutMs ?? (() => PROFILE_TIMEOUT_MS);
  let last: { at: number; value: T } | null = null;
  let openUntil = 0;
  let failures = 0;

  function once(): Promise<T> {
    const ctrl = new AbortController();
    return new Promise<T>((resolve, reject) => {
      const timer = clock.setTimeout(() => {
        ctrl.abort();
        reject(new ProfileFetchError('timeout'));
      }, timeoutMs());
      load(ctrl.signal).then(
        (v) => {
          clock.clearTimeout(timer);
          resolve(v);
        },
        (err: unknown) => {
          clock.clearTimeout(timer);
          reject(err);
        },
      );
    });
  }

  const fetcher = {
    /** One fetch under the rules; `retryable(err)` says which errors get the one retry. */
    async fetch(retryable: (err: unknown) => boolean = () => true): Promise<T> {
      const t = clock.now();
      if (last && t - last.at < PROFILE_THROTTLE_MS) return last.value;
      if (t < openUntil) {
        if (last) return last.value;
        throw new ProfileFetchError('breaker_open');
      }
      try {
        const v = await once();
        last = { at: clock.now(), value: v };
        failures = 0;
        return v;
      } catch (err) {
        if (err instanceof ProfileFetchError && err.kind === 'timeout') {
          openUntil = clock.now() + PROFILE_BREAKER_RESET_MS;
          throw err;
        }
        if (!retryable(err)) throw err;
        failures += 1;
        await new Promise<void>((r) => clock.setTimeout(r, PROFILE_RETRY_DELAY_MS));
        try {
          const v = await once();
          last = { at: clock.now(), value: v };
          failures = 0;
          return v;
        } catch (err2) {
          openUntil = clock.now() + PROFILE_BREAKER_RESET_MS;
          throw err2 instanceof ProfileFetchError ? err2 : new ProfileFetchError('failed', err2);
        }
      }
    },
    /** Forget the last result (after an update or a sign-out). */
    reset() {
      last = null;
      openUntil = 0;
      failures = 0;
    },
    get breakerOpen() {
      return clock.now() < openUntil;
    },
    get failures() {
      return failures;
    },
  };
  return fetcher;
}
