import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { ServiceDetailsProps } from '../../features/marketplace/MarketplacePage';
import { MarketplaceActionsProvider } from '../../features/marketplace/actions';
import { slugServiceId, withoutOpenService } from '../../lib/share';
import { detailViewerKey, serviceDetailQuery } from '../../lib/api/service-detail';
import { useDocumentTitle } from '../../lib/documentTitle';
import { localized } from '../../lib/localize';
import { readServicePageData, seedServicePage } from '../../lib/servicePage';
import { useViewer } from '../../lib/session';

/**
 * Names the tab after the page's service, as the server's page does, instead of the route's
 * "Marketplace". It reads the details' own query (they fetch it when the page did not carry it).
 */
function useServicePageTitle(serviceId: string) {
  const { i18n } = useTranslation();
  const viewer = useViewer();
  const { data } = useQuery({ ...serviceDetailQuery(serviceId, detailViewerKey(viewer)), enabled: false });
  const service = data?.service;
  useDocumentTitle(service ? localized(i18n.language, service.title, service.title_es, service.title_fr) : null);
}

/**
 * A service's page, /services/{slug} (issue 33): the server rendered it for link previews and
 * search engines; the app takes over with the service's funnel page open, as a shared link opens
 * it, starting from the detail answer the page carries (no second request). Closing it leaves for
 * the marketplace; a suggestion it opens (?service=) shows over it until closed, as on the
 * marketplace. The marketplace is not rendered under it: the details cover a phone's screen whole
 * and all but the margins of a wider one, and rendering it was most of the takeover's blocking
 * time on a phone and, on a desktop, a larger paint (its heading) after the page's own.
 */
export default function ServicePageScreen({ ServiceDetails }: { ServiceDetails: ComponentType<ServiceDetailsProps> }) {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const serviceId = slugServiceId(slug);
  // Seeded before the details mount (their query then starts from it), once per service.
  const [seeded] = useState(() => {
    seedServicePage(client, readServicePageData(), serviceId);
    return serviceId;
  });
  if (seeded !== serviceId) seedServicePage(client, readServicePageData(), serviceId);
  useServicePageTitle(serviceId);
  const leave = useCallback(() => navigate('/marketplace', { replace: true }), [navigate]);
  const closeSuggestion = useCallback(() => setParams(withoutOpenService, { replace: true, preventScrollReset: true }), [setParams]);
  const suggestion = params.get('service');
  return (
    <MarketplaceActionsProvider>
      {suggestion ? (
        <ServiceDetails key={suggestion} serviceId={suggestion} view={params.get('view')} onClose={closeSuggestion} />
      ) : (
        <ServiceDetails key={serviceId} serviceId={serviceId} view="funnel" onClose={leave} ownPage />
      )}
    </MarketplaceActionsProvider>
  );
}
