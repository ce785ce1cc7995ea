import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { serviceDetailKey } from './api/service-detail';
import { readServicePageData, seedServicePage, SERVICE_PAGE_DATA_ID, type ServicePageData } from './servicePage';

function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (json !== null) {
    const el = doc.createElement('script');
    el.type = 'application/json';
    el.id = SERVICE_PAGE_DATA_ID;
    el.textContent = json;
    doc.body.appendChild(el);
  }
  return doc;
}

const data = {
  viewer: 'usr-1',
  lang: 'en',
  slug: 'hdr-listing-photography--svc-1',
  detail: { service: { id: 'svc-1', title: 'HDR Listing Photography' } },
} as unknown as ServicePageData;

describe('F-CAT-08 the service page hands the app its detail answer (issue 33)', () => {
  it('reads the page data, and nothing from a page without it or with broken JSON', () => {
    expect(readServicePageData(pageWith(JSON.stringify(data)))).toEqual(data);
    expect(readServicePageData(pageWith(null))).toBeNull();
    expect(readServicePageData(pageWith('{"viewer":'))).toBeNull();
    expect(readServicePageData(pageWith('{"viewer":"visitor","detail":{}}'))).toBeNull();
  });

  it("seeds the detail query under the page's viewer key, only for the page's own service and never over a newer answer", () => {
    const client = new QueryClient();
    const key = [...serviceDetailKey('svc-1'), 'usr-1'];
    seedServicePage(client, data, 'svc-2');
    expect(client.getQueryData([...serviceDetailKey('svc-2'), 'usr-1'])).toBeUndefined();
    seedServicePage(client, data, 'svc-1');
    expect(client.getQueryData(key)).toEqual(data.detail);
    const newer = { service: { id: 'svc-1', title: 'Renamed' } };
    client.setQueryData(key, newer);
    seedServicePage(client, data, 'svc-1');
    expect(client.getQueryData(key)).toEqual(newer);
    seedServicePage(client, null, 'svc-1');
    expect(client.getQueryData(key)).toEqual(newer);
  });
});
