import type { QueryClient } from '@tanstack/react-query';
import type { components } from './api/schema';
import { serviceDetailKey } from './api/service-detail';

type ServiceDetail = components['schemas']['ServiceDetail'];

/** The id of the script element a server-rendered service page carries (internal/httpapi/share_pages.go). */
export const SERVICE_PAGE_DATA_ID = 'circle-service-page';

/** What a service's page hands the app: the detail answer it was rendered from, and for whom. */
export interface ServicePageData {
  viewer: string;
  lang: string;
  slug: string;
  detail: ServiceDetail;
}

/** The page's data, read once; null on every other page (or when it does not parse). */
export function readServicePageData(doc: Document = document): ServicePageData | null {
  const el = doc.getElementById(SERVICE_PAGE_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as ServicePageData;
    return data && typeof data.viewer === 'string' && data.detail?.service?.id ? data : null;
  } catch {
    return null;
  }
}

/**
 * Starts the detail query of the page's service from the answer the server rendered (issue 33),
 * so the app takes over without asking for it again. It is the viewer's own answer (the page was
 * rendered with the same session), keyed as serviceDetailQuery keys it.
 */
export function seedServicePage(client: QueryClient, data: ServicePageData | null, serviceId: string): void {
  if (!data || data.detail.service.id !== serviceId) return;
  const key = [...serviceDetailKey(serviceId), data.viewer] as const;
  if (client.getQueryData(key) === undefined) client.setQueryData(key, data.detail);
}
