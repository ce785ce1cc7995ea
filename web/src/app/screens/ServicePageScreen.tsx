import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import MarketplacePage, { type ServiceDetailsProps } from '../../features/marketplace/MarketplacePage';
import { slugServiceId } from '../../lib/share';
import { readServicePageData, seedServicePage } from '../../lib/servicePage';

/**
 * A service's page, /services/{slug} (issue 33): the server rendered it for link previews and
 * search engines; the app takes over with the marketplace and the service's details open over it,
 * as a shared link opens them, starting from the detail answer the page carries (no second
 * request). Closing the details leaves for the marketplace.
 */
export default function ServicePageScreen({ ServiceDetails }: { ServiceDetails: ComponentType<ServiceDetailsProps> }) {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const serviceId = slugServiceId(slug);
  // Seeded before the details mount (their query then starts from it), once per service.
  const [seeded] = useState(() => {
    seedServicePage(client, readServicePageData(), serviceId);
    return serviceId;
  });
  if (seeded !== serviceId) seedServicePage(client, readServicePageData(), serviceId);
  const onClose = useCallback(() => navigate('/marketplace', { replace: true }), [navigate]);
  const open = useMemo(() => ({ serviceId, onClose }), [serviceId, onClose]);
  return <MarketplacePage ServiceDetails={ServiceDetails} open={open} />;
}
