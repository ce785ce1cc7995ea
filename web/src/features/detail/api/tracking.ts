import { api } from '../../../lib/api/client';

export type FunnelEvent = 'share' | 'share_completed' | 'click' | 'booking' | 'purchase' | 'outbound_click';

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
