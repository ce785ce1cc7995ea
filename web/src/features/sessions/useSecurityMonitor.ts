import { useEffect, useRef } from 'react';
import { api, ApiError, unwrap } from '../../lib/api/client';
import { useAppConfig } from '../../lib/api/get-config';
import i18n from '../../lib/i18n';
import { setAnalyticsMode } from '../../lib/monitoring';
import {
  createSecurityEventDeduper,
  isAdminPath,
  RATE_INDICATOR_LIMITED,
  RATE_INDICATOR_NORMAL,
  SECURITY_CHECK_INTERVAL_MS,
  securityEventType,
  securityMonitoringActive,
} from '../../lib/monitoring/security';
import { onAuthEvent, onBeforeSignOut, type Viewer, type ViewerProfile } from '../../lib/session';
import { toast } from '../../lib/toast';

const deduper = createSecurityEventDeduper();

/** What the monitor last learned (admin pages may show it). */
export const securityState = { adminSessionValid: true as boolean, rateIndicator: RATE_INDICATOR_NORMAL as number };

function recordEvent(type: string, profile: ViewerProfile) {
  if (!deduper.shouldSend(type, profile.user_id)) return Promise.resolve();
  return api
    .POST('/api/security-events', {
      body: {
        event_type: type,
        event_data: { timestamp: new Date().toISOString(), user_agent: navigator.userAgent, url: window.location.href },
      },
    })
    .catch(() => undefined);
}

async function validateAdminSession() {
  try {
    const r = await unwrap(api.POST('/api/admin/validate-session'));
    securityState.adminSessionValid = r.valid;
  } catch (err) {
    // 401 is the session layer's business (recovery); unreachable is not a verdict.
    if (!(err instanceof ApiError) || err.status !== 403) return;
    securityState.adminSessionValid = false;
  }
  if (!securityState.adminSessionValid) {
    toast({ title: i18n.t('monitor.adminValidationFailed'), variant: 'error', duration: 10_000 });
    return;
  }
  try {
    const rate = await unwrap(api.GET('/api/admin/security-rate'));
    securityState.rateIndicator = rate.limited ? RATE_INDICATOR_LIMITED : RATE_INDICATOR_NORMAL;
  } catch {
    // keep the last value
  }
}

/**
 * Security monitoring of spec 01§4: on admin, command-center, compliance and test paths or for
 * admins, the admin session is validated now, every 15 minutes and when the tab becomes visible;
 * auth state changes in those contexts are recorded as security events (10 s buckets).
 */
export function useSecurityMonitor(pathname: string, viewer: Viewer) {
  const { data: config } = useAppConfig();
  const global = config?.security_monitoring_global === true;
  const context = useRef({ pathname, global });
  useEffect(() => {
    context.current = { pathname, global };
  }, [pathname, global]);

  const isAdmin = viewer.isAdmin;
  const signedIn = viewer.status === 'signed-in';
  const userId = viewer.profile?.user_id;
  const active = securityMonitoringActive(pathname, isAdmin, global);

  useEffect(() => {
    setAnalyticsMode(isAdmin || isAdminPath(pathname) ? 'strict' : 'normal');
  }, [isAdmin, pathname]);

  useEffect(() => {
    if (!active || !signedIn || !isAdmin) return;
    void validateAdminSession();
    const timer = setInterval(() => void validateAdminSession(), SECURITY_CHECK_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void validateAdminSession();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, signedIn, isAdmin, userId]);

  useEffect(() => {
    const inContext = (p: ViewerProfile | null) =>
      p !== null && securityMonitoringActive(context.current.pathname, p.is_admin_effective, context.current.global);
    const offEvents = onAuthEvent((event, profile) => {
      // A sign-out is recorded before it happens (the session is gone afterwards).
      if (event === 'SIGNED_OUT' || !profile || !inContext(profile)) return;
      void recordEvent(securityEventType(event), profile);
    });
    const offSignOut = onBeforeSignOut((profile) =>
      inContext(profile) ? recordEvent(securityEventType('SIGNED_OUT'), profile) : Promise.resolve(),
    );
    return () => {
      offEvents();
      offSignOut();
    };
  }, []);
}
