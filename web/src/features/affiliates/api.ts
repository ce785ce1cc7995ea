import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { SEND_ONCE } from '../../lib/queryClient';

export type Affiliate = components['schemas']['Affiliate'];
export type AffiliateApplication = components['schemas']['AffiliateApplication'];
export type AffiliateDashboard = ResponseBody<'/api/affiliates/dashboard', 'get'>;
export type AffiliateDay = components['schemas']['AffiliateDay'];
export type Conversion = components['schemas']['Conversion'];

/** The affiliates feature's one query-key factory. */
export const affiliateKeys = {
  all: ['affiliates'] as const,
  programme: () => [...affiliateKeys.all, 'programme'] as const,
  mine: () => [...affiliateKeys.all, 'mine'] as const,
  dashboard: () => [...affiliateKeys.all, 'dashboard'] as const,
};

/** GET /api/affiliates/programme (get-affiliate-programme): attribution days and rates. */
export function programmeQuery() {
  return queryOptions({
    queryKey: affiliateKeys.programme(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/affiliates/programme', { signal })),
    staleTime: Infinity,
  });
}

/** GET /api/affiliates/me (get-my-affiliate): the member's application, if any. */
export function myAffiliateQuery(signedIn: boolean) {
  return queryOptions({
    queryKey: affiliateKeys.mine(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/affiliates/me', { signal })),
    enabled: signedIn,
  });
}

/** GET /api/affiliates/dashboard (get-affiliate-dashboard). */
export function dashboardQuery(enabled: boolean) {
  return queryOptions({
    queryKey: affiliateKeys.dashboard(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/affiliates/dashboard', { signal })),
    enabled,
  });
}

/** POST /api/affiliates/applications (apply-affiliate). */
export function useApply() {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: AffiliateApplication) => unwrap(api.POST('/api/affiliates/applications', { body })),
    onSuccess: (a) => qc.setQueryData(affiliateKeys.mine(), { application: a }),
  });
}

/** The body of track-affiliate-click (03§7). */
export interface ClickBody {
  affiliate_code: string;
  url: string;
  referrer: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_content?: string;
  utm_term?: string;
}

/** POST /api/affiliates/clicks (track-affiliate-click): the server sets the attribution cookie. */
export function trackAffiliateClick(body: ClickBody) {
  return unwrap(api.POST('/api/affiliates/clicks', { body }));
}
