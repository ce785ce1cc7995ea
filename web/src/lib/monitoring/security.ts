/**
 * Security monitoring rules of spec 01§4 (the wiring is in SecurityMonitor): where it runs, how
 * often, and the deduplication of security events.
 */

export const SECURITY_CHECK_INTERVAL_MS = 15 * 60 * 1000;
export const SECURITY_EVENT_BUCKET_MS = 10_000;
export const SECURITY_EVENT_RETENTION_MS = 30_000;
/** The rate indicator of check_security_operation_rate_limit: 100, or 50 when limited. */
export const RATE_INDICATOR_NORMAL = 100;
export const RATE_INDICATOR_LIMITED = 50;

/** Admin, command-center and compliance areas, and any path containing /test (spec 01§2). */
export function isAdminPath(pathname: string): boolean {
  const p = pathname.toLowerCase();
  return p.includes('/admin') || p.includes('/command-center') || p.includes('/compliance') || p.includes('/test');
}

/** Monitoring runs on admin paths, for admins, or everywhere when app_config says so. */
export function securityMonitoringActive(pathname: string, isAdmin: boolean, globalFlag = false): boolean {
  return globalFlag || isAdmin || isAdminPath(pathname);
}

/**
 * Security events are deduplicated per 10-second bucket; the memory of sent keys lasts 30 s.
 * Returns true when the event should be sent.
 */
export function createSecurityEventDeduper(now: () => number = () => Date.now()) {
  const seen = new Map<string, number>();
  return {
    shouldSend(eventType: string, userId = ''): boolean {
      const t = now();
      for (const [k, at] of seen) if (t - at >= SECURITY_EVENT_RETENTION_MS) seen.delete(k);
      const key = `${userId}|${eventType}|${Math.floor(t / SECURITY_EVENT_BUCKET_MS)}`;
      if (seen.has(key)) return false;
      seen.set(key, t);
      return true;
    },
    get size() {
      return seen.size;
    },
  };
}

/** The security event recorded for an auth state change. */
export function securityEventType(event: 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED'): string {
  return `auth_${event.toLowerCase()}`;
}
