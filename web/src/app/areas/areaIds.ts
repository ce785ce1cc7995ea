/**
 * Areas that later issues build out (screens already built have left this list; their copy stays
 * in areas.json where those screens use it). Until then each route shows the area's real title and what
 * it is for (areas.<id>.title / areas.<id>.body in src/locales/*\/areas.json).
 */
export const AREA_IDS = [
  'creatorDashboard',
  'creatorPaymentSetup',
  'creatorOnboarding',
  'admin',
  'adminAccounting',
  'adminCommissions',
  'consultationDemo',
  'vendorAnalytics',
  'commandCenter',
  'commandCenterTest',
  'compliance',
  'analytics',
  'support',
  'advancedFeatures',
  'ministry',
  'ministrySuccess',
  'welcome',
  'partnerCheckout',
  'affiliate',
  'affiliateApply',
  'affiliateDashboard',
  'qa',
] as const;

export type AreaId = (typeof AREA_IDS)[number];

/** The i18n key prefix of an area's copy: "areas.lender". */
export function areaKeyPrefix(id: AreaId): string {
  return `areas.${id}`;
}
