import { api, unwrap } from '../../../lib/api/client';
import { claimView, releaseClaim, TRACKING_KEYS, viewerKey } from '../../../lib/tracking';
import type { components } from '../../../lib/api/schema';

export type FunnelEvent = components['schemas']['EventInputBody']['event_type'];

/**
 * Records a funnel event (02§7) for a signed-in viewer; the server keeps them for signed-in users
 * only, so nothing is sent for visitors. Never fails the action that caused it.
 */
export function trackEvent(serviceId: string, signedIn: boolean, event: FunnelEvent, data: Record<string, string | number | boolean> = {}): void {
  if (!signedIn) return;
  void api
    .POST('/api/services/{id}/events', { params: { path: { id: serviceId } }, body: { event_type: event, event_data: data } })
    .catch(() => undefined);
}

/** Records a view when a service's details open (once per service per 15 minutes per session). */
export function recordView(serviceId: string): void {
  if (!claimView(serviceId)) return;
  const referrer = document.referrer.slice(0, 500);
  void unwrap(
    api.POST('/api/services/{id}/views', {
      params: { path: { id: serviceId } },
      body: { viewer_key: viewerKey(), ...(referrer ? { referrer } : {}) },
    }),
  ).catch(() => releaseClaim(TRACKING_KEYS.viewedServices, serviceId));
}
