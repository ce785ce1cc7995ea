/**
 * Areas that later issues build out. Until then each route shows the area's real title and what
 * it is for (areas.<id>.title / areas.<id>.body in src/locales/*\/areas.json).
 */
export const AREA_IDS = [
  'auth',
  'lender',
  'academy',
  'creatorDashboard',
  'creatorPaymentSetup',
  'creatorOnboarding',
  'admin',
  'adminAccounting',
  'adminCommissions',
  'profileSettings',
  'saved',
  'orders',
  'wallet',
  'pricing',
  'paymentSuccess',
  'paymentCanceled',
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
  'partnerPaymentSuccess',
  'partnerPaymentCanceled',
  'agentPaymentSuccess',
  'agentPaymentCanceled',
  'affiliate',
  'affiliateApply',
  'affiliateDashboard',
  'qa',
  'disputeResolution',
  'refundPolicy',
  'contact',
  'billing',
  'integrations',
  'bookMeeting',
] as const;

export type AreaId = (typeof AREA_IDS)[number];

/** Query parameters that switch an area's copy: /auth?mode=signup, /vendor-registration?type=... */
const VARIANTS: Partial<Record<AreaId, { param: string; values: Record<string, string> }>> = {
  auth: { param: 'mode', values: { signup: 'signup' } },
  vendorRegistration: {
    param: 'type',
    values: { service_provider: 'serviceProvider', co_marketing: 'coMarketing' },
  },
};

/** The i18n key prefix of an area's copy for the current query: "areas.auth" or "areas.auth.signup". */
export function areaKeyPrefix(id: AreaId, search: URLSearchParams): string {
  const v = VARIANTS[id];
  const variant = v ? v.values[search.get(v.param) ?? ''] : undefined;
  return variant ? `areas.${id}.${variant}` : `areas.${id}`;
}
