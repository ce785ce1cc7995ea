import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';

export type PartnerList = components['schemas']['PartnerList'];
export type Partner = components['schemas']['Partner'];
export type CoPayQuote = components['schemas']['Quote'];
export type CoPayRequestView = components['schemas']['AgentView'];
export type { CreateCoPayBody } from '../../lib/api/create-copay-request';
export type Lang = 'en' | 'es' | 'fr';

export interface Target {
  serviceId: string;
  packageId: string;
  yearly: boolean;
}

export { copayRequestsKey, useCreateCoPayRequest } from '../../lib/api/create-copay-request';

/** The partner vendors a Pro agent may ask (GET /api/copay/partners), searched on the server. */
export function partnersQuery(target: Target, q: string, lang: Lang) {
  return queryOptions({
    queryKey: ['copay', 'partners', target.serviceId, target.packageId, target.yearly, q, lang],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/copay/partners', {
          params: { query: { service_id: target.serviceId, package_id: target.packageId, yearly: target.yearly, q, lang } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: 1,
  });
}

/** The split for one partner with its RESPA explanation (GET /api/copay/quote). */
export function quoteQuery(target: Target, vendorId: string, split: number, lang: Lang) {
  return queryOptions({
    queryKey: ['copay', 'quote', target.serviceId, target.packageId, target.yearly, vendorId, split, lang],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/copay/quote', {
          params: { query: { service_id: target.serviceId, package_id: target.packageId, yearly: target.yearly, vendor_id: vendorId, split, lang } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

