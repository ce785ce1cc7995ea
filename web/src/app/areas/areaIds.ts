/**
 * Areas that later issues build out (screens already built have left this list; their copy stays
 * in areas.json where those screens use it). Until then each route shows the area's real title and what
 * it is for (areas.<id>.title / areas.<id>.body in src/locales/*\/areas.json).
 */
export const AREA_IDS = [
  'lender',
  'academy',
  'creatorDashboard',
  'creatorPaymentSetup',
  'creatorOnboarding',
  'admin',
  'adminAccounting',
  'adminCommissions',
  'wallet',
  'consultationDemo',
  'vendorRegistration',
  'vendorDashboard',
  'vendorAnalytics',
  'commandCenter',
  'commandCenterTest',
  'compliance',
  'analytics',
  'support',
  'advancedFeatures',
  'aiDashboard',
  'ministry',
  'ministrySuccess',
  'welcome',
  'agentQuestionnaire',
  'discTest',
  'partnerCheckout',
  'affiliate',
  'affiliateApply',
  'affiliateDashboard',
  'qa',
  'disputeResolution',
  'refundPolicy',
  'contact',
  'integrations',
  'bookMeeting',
] as const;

export type AreaId = (typeof AREA_IDS)[number];

/** Query parameters that switch an area's copy: /vendor-registration?type=... */
const VARIANTS: Partial<Record<AreaId, { param: string; values: Record<string, string> }>> = {
  vendorRegistration: {
    param: 'type',
    values: { service_provider: 'serviceProvider', co_marketing: 'coMarketing' },
  },
};

/** The i18n key prefix of an area's copy for the current query: "areas.vendorRegistration" or "areas.vendorRegistration.serviceProvider". */
export function areaKeyPrefix(id: AreaId, search: URLSearchParams): string {
  const v = VARIANTS[id];
  const variant = v ? v.values[search.get(v.param) ?? ''] : undefined;
  return variant ? `areas.${id}.${variant}` : `areas.${id}`;
}
