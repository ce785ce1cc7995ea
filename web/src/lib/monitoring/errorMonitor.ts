/**
 * Client error monitoring of spec 01§4 and 01§9, without browser wiring (see install.ts):
 * noise suppression, the 1000/4000 caps, the error threshold with its window and the
 * timeout burst that asks for a soft recovery.
 */
import type { components } from '../api/schema';

export const MESSAGE_CAP = 1000;
export const STACK_CAP = 4000;
/** Errors inside the window that show the soft error notification (spec: threshold 15). */
export const ERROR_THRESHOLD = 15;
/** The spec reports the window as 10 without a unit; we read it as 10 minutes. */
export const ERROR_WINDOW_MS = 10 * 60 * 1000;
/** Timeout messages within TIMEOUT_WINDOW_MS that trigger a soft recovery. */
export const TIMEOUT_BURST = 8;
export const TIMEOUT_WINDOW_MS = 30_000;
/** The same error is sent at most once in this time. */
export const REPORT_DEDUPE_MS = 10_000;
/** At most this many reports per page load, so a loop cannot flood the server. */
export const MAX_REPORTS_PER_PAGE = 100;

/** The kinds the web app reports; the API also takes 'runtime', its default. */
export type ClientErrorType = Exclude<NonNullable<components['schemas']['ClientErrorInputBody']['error_type']>, 'runtime'>;

export interface CapturedError {
  type: ClientErrorType;
  message: string;
  stack?: string;
  component?: string;
  section?: string;
  metadata?: Record<string, unknown>;
  /** Where the script that failed came from (window error events). */
  source?: string;
}

export interface ClientErrorReport {
  error_type: ClientErrorType;
  message: string;
  stack?: string;
  component?: string;
  section: string;
  url: string;
  metadata?: Record<string, unknown>;
}

const NOISE: readonly RegExp[] = [
  /chrome-extension:\/\//i,
  /moz-extension:\/\//i,
  /safari(-web)?-extension:\/\//i,
  /webkit-masked-url:/i,
  /extension context invalidated/i,
  /^script error\.?$/i,
  /ResizeObserver loop/i,
  /Non-Error promise rejection captured/i,
  /__gCrWeb|__firefox__|ucbrowser|instantSearchSDKJSBridge/i,
  /top\.GLOBALS|originalCreateNotification|canvas\.contentDocument|atomicFindClose/i,
  /googletag|adsbygoogle|fbq is not defined|gtag is not defined/i,
  /Can't find variable: (ZiteReader|bmi_SafeAddOnload|EBCallBackMessageReceived)/i,
];

/** Browser-extension and third-party noise (spec 01§4): not counted, not reported. */
export function isNoise(e: Pick<CapturedError, 'message' | 'stack' | 'source'>, pageOrigin?: string): boolean {
  if (NOISE.some((re) => re.test(e.message) || (e.stack !== undefined && re.test(e.stack)))) return true;
  if (e.source && pageOrigin && /^https?:\/\//.test(e.source) && !e.source.startsWith(pageOrigin)) return true;
  return false;
}

export function capText(s: string | undefined, max: number): string | undefined {
  if (s === undefined) return undefined;
  return s.length > max ? s.slice(0, max) : s;
}

/** Timeouts of any kind: fetch aborts by timeout, "timed out", "timeout". */
export function isTimeoutMessage(message: string): boolean {
  return /time[ -]?out|timed out/i.test(message);
}

export interface ErrorMonitorOptions {
  now?: () => number;
  pageUrl?: () => string;
  pageOrigin?: string;
  send(report: ClientErrorReport): void;
  /** The threshold was reached inside the window: show the soft error notification. */
  onThreshold(): void;
  /** Eight timeouts within 30 s: revalidate queries and recover the session. */
  onTimeoutBurst(): void;
}

export interface ErrorMonitor {
  capture(e: CapturedError): 'suppressed' | 'reported' | 'deduplicated' | 'over_limit';
  readonly windowCount: number;
}

export function createErrorMonitor(opts: ErrorMonitorOptions): ErrorMonitor {
  const now = opts.now ?? (() => Date.now());
  const pageUrl = opts.pageUrl ?? (() => (typeof window === 'undefined' ? '' : window.location.href));
  let window_: number[] = [];
  let timeouts: number[] = [];
  const lastSent = new Map<string, number>();
  let sent = 0;

  return {
    capture(e) {
      if (isNoise(e, opts.pageOrigin)) return 'suppressed';
      const t = now();

      window_ = window_.filter((x) => t - x < ERROR_WINDOW_MS);
      window_.push(t);
      if (window_.length === ERROR_THRESHOLD) opts.onThreshold();
      // The window list resets at three times the threshold (spec 01§4).
      if (window_.length >= ERROR_THRESHOLD * 3) window_ = [];

      if (isTimeoutMessage(e.message)) {
        timeouts = timeouts.filter((x) => t - x < TIMEOUT_WINDOW_MS);
        timeouts.push(t);
        if (timeouts.length >= TIMEOUT_BURST) {
          timeouts = [];
          opts.onTimeoutBurst();
        }
      }

      const key = `${e.type}|${e.message}`;
      const prev = lastSent.get(key);
      if (prev !== undefined && t - prev < REPORT_DEDUPE_MS) return 'deduplicated';
      if (sent >= MAX_REPORTS_PER_PAGE) return 'over_limit';
      lastSent.set(key, t);
      sent += 1;
      opts.send({
        error_type: e.type,
        message: capText(e.message || 'Unknown error', MESSAGE_CAP) ?? 'Unknown error',
        stack: capText(e.stack, STACK_CAP),
        component: e.component,
        section: e.section ?? 'global_monitor',
        url: pageUrl(),
        metadata: e.metadata,
      });
      return 'reported';
    },
    get windowCount() {
      return window_.length;
    },
  };
}
