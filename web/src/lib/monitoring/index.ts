import type { QueryClient } from '@tanstack/react-query';
import type { Middleware } from 'openapi-fetch';
import { api, ApiError } from '../api/client';
import { appConfigQuery } from '../api/get-config';
import i18n from '../i18n';
import { reloadWithReason } from '../reload';
import { INTERNAL_REQUEST_HEADER } from '../session';
import { toast } from '../toast';
import { createAnalyticsThrottle, type ThrottleMode } from './analytics';
import { reportBootFailure, reportConnectivityProblem } from './connectivity';
import { createErrorMonitor, type CapturedError } from './errorMonitor';
import type { components } from '../api/schema';

/** The product events the server records (app_events). */
export type AppEventName = components['schemas']['AppEventInputBody']['name'];
const APP_EVENTS: readonly string[] = ['login_success', 'signup_success', 'logout', 'session_restored'];

const internal = { headers: { [INTERNAL_REQUEST_HEADER]: '1' } };

// ---------------------------------------------------------------------------------------------
// Analytics: app events go through the throttle of 01§9.

const analytics = createAnalyticsThrottle((name, payload) => {
  if (!APP_EVENTS.includes(name)) return;
  void api
    .POST('/api/app-events', { body: { name: name as AppEventName, payload }, keepalive: true, ...internal })
    .catch(() => undefined);
});

export function trackEvent(name: string, payload?: Record<string, unknown>): void {
  analytics.track(name, payload);
}

export function setAnalyticsMode(mode: ThrottleMode): void {
  analytics.setMode(mode);
}

// ---------------------------------------------------------------------------------------------
// Error monitoring.

let onTimeoutBurst: () => void = () => undefined;

const monitor = createErrorMonitor({
  pageOrigin: typeof window === 'undefined' ? undefined : window.location.origin,
  send(report) {
    void api.POST('/api/client-errors', { body: report, keepalive: true, ...internal }).catch(() => undefined);
  },
  onThreshold() {
    toast({
      title: i18n.t('monitor.softError.title'),
      description: i18n.t('monitor.softError.body'),
      action: { label: i18n.t('monitor.softError.reload'), onClick: () => reloadWithReason('manual') },
      duration: 10_000,
    });
  },
  onTimeoutBurst() {
    onTimeoutBurst();
  },
});

/** Reports an error the app caught itself (error boundaries, failed work). */
export function reportError(e: CapturedError): void {
  monitor.capture(e);
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** network_error for answers of 500 or above and for requests that never reached the server. */
const networkMiddleware: Middleware = {
  onResponse({ request, response }) {
    const path = pathOf(request.url);
    if (response.status >= 500 && path !== '/api/client-errors') {
      monitor.capture({
        type: 'network_error',
        message: `${response.status} ${response.statusText || 'Server Error'}: ${request.method} ${path}`,
        metadata: { status: response.status, path },
      });
    }
    return undefined;
  },
  onError({ request, error }) {
    const path = pathOf(request.url);
    const name = error instanceof Error ? error.name : '';
    if (name === 'AbortError') return undefined; // a cancelled query, not a failure
    if (path !== '/api/client-errors') {
      monitor.capture({
        type: 'network_error',
        message: `${error instanceof Error ? error.message : String(error)}: ${request.method} ${path}`,
        stack: error instanceof Error ? error.stack : undefined,
        metadata: { path, status: 0 },
      });
    }
    reportConnectivityProblem();
    return undefined;
  },
};

let installed = false;

/**
 * Installs the global error handlers, the network-error hook of the API client and the boot
 * check. `recover` runs on a timeout burst (the session half of the soft recovery).
 */
export function installMonitoring(queryClient: QueryClient, recover: () => void): () => void {
  if (installed || typeof window === 'undefined') return () => undefined;
  installed = true;
  onTimeoutBurst = () => {
    void queryClient.invalidateQueries();
    recover();
  };

  const onError = (ev: ErrorEvent) => {
    const err: unknown = ev.error;
    monitor.capture({
      type: 'runtime_error',
      message: ev.message || (err instanceof Error ? err.message : 'Script error.'),
      stack: err instanceof Error ? err.stack : undefined,
      source: ev.filename,
      metadata: ev.filename ? { filename: ev.filename, line: ev.lineno, column: ev.colno } : undefined,
    });
  };
  const onRejection = (ev: PromiseRejectionEvent) => {
    const r: unknown = ev.reason;
    if (r instanceof Error && r.name === 'AbortError') return;
    monitor.capture({
      type: 'unhandled_promise',
      message: r instanceof Error ? r.message : typeof r === 'string' ? r : JSON.stringify(r ?? null),
      stack: r instanceof Error ? r.stack : undefined,
    });
  };
  const onOffline = () => reportConnectivityProblem();

  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('offline', onOffline);
  api.use(networkMiddleware);

  // Boot check: the first read of the app config must reach the server.
  queryClient.fetchQuery(appConfigQuery).catch((err: unknown) => {
    if (err instanceof ApiError && (err.status === 0 || err.status >= 500)) reportBootFailure();
  });

  return () => {
    installed = false;
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('offline', onOffline);
    api.eject(networkMiddleware);
  };
}
