import { api, unwrap } from '../../../lib/api/client';
import { getFeatureFlags } from '../../../lib/flags';
import { claimSponsored, releaseClaim, sponsoredClaimKey, TRACKING_KEYS, viewerKey } from '../../../lib/tracking';

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
  ).catch(() => releaseClaim(TRACKING_KEYS.sponsoredEvents, sponsoredClaimKey(event, placement, serviceId)));
}
