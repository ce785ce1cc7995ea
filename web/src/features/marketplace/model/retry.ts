import { ApiError } from '../../../lib/api/client';
import { CircuitOpenError } from './circuitBreaker';

/** Marketplace data: fresh 5 minutes, kept 15 (02§9). */
export const MARKETPLACE_STALE_MS = 5 * 60 * 1000;
export const MARKETPLACE_GC_MS = 15 * 60 * 1000;
/** A loading state longer than this is flagged as slow (03§4). */
export const SLOW_LOAD_MS = 8000;
/** Timeouts: the snapshot 30 s (02§4); paginated queries and vendors 8 s (03§9, 02§9). */
export const SNAPSHOT_TIMEOUT_MS = 30_000;
export const QUERY_TIMEOUT_MS = 8000;

/** Retry delay after failure n (0-based): min(1000 x 2^n, 5000) ms (02§9). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 5000);
}

export class TimeoutError extends Error {
  constructor(label: string) {
    super(`Request timed out: ${label}`);
    this.name = 'TimeoutError';
  }
}

/**
 * Retries: once after a timeout, otherwise twice (02§9); never for an open circuit or an answer
 * that will not change (4xx other than 408 and 429).
 */
export function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof CircuitOpenError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
    return false;
  }
  const max = error instanceof TimeoutError ? 1 : 2;
  return failureCount < max;
}

/** Rejects with TimeoutError when the promise takes longer than ms; aborts the request. */
export async function withTimeout<T>(label: string, ms: number, run: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeoutError(label));
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}
