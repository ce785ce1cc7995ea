import { api, unwrap } from '../../../lib/api/client';
import { getFeatureFlags } from '../../../lib/flags';
import { claimSponsored, claimView, releaseClaim, sponsoredClaimKey, viewerKey } from '../model/tracking';
import { MARKETPLACE_KEYS } from '../model/storageKeys';

/** Records a view when a service's details open (once per service per 15 minutes per session). */
export function recordView(serviceId: string): void {
  if (!claimView(serviceId)) return;
  const referrer = document.referrer.slice(0, 500);
  void unwrap(
    api.POST('/api/services/{id}/views', {
      params: { path: { id: serviceId } },
      body: { viewer_key: viewerKey(), ...(referrer ? { referrer } : {}) },
    }),
  ).catch(() => releaseClaim(MARKETPLACE_KEYS.viewedServices, serviceId));
}

/**
 * Records a sponsored impression or click in Top Deals, only with the sponsoredPlacements flag on,
 * at most once per 5 minutes per service and placement per session (02§4).
 */
export function recordSponsored(serviceId: string, event: 'impression' | 'click'): void {
  if (!getFeatureFlags().sponsoredPlacements) return;
  const placement = 'top_deals';
  if (!claimSponsored(event, placement, serviceId)) return;
  void unwrap(
    api.POST('/api/services/{id}/sponsored', {
      params: { path: { id: serviceId } },
      body: {
        event,
        placement,
        context: event === 'impression' ? 'carousel_view' : 'carousel_click',
        viewer_key: viewerKey(),
      },
    }),
  ).catch(() => releaseClaim(MARKETPLACE_KEYS.sponsoredEvents, sponsoredClaimKey(event, placement, serviceId)));
}
