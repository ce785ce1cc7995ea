/**
 * The category blocks (03§9: 9 old-school, 16 digital-first, each a cat: tag) and the 35 product
 * categories, as the server defines them, with the i18n key of each name. Counts come from the
 * snapshot; these lists let names be translated and shown when counts are unavailable.
 */
export interface BlockDef {
  tag: string;
  key: string;
  group: 'old-school' | 'digital-first';
}

export const CATEGORY_BLOCKS: readonly BlockDef[] = [
  { tag: 'cat:client-event-kits', key: 'clientEventKits', group: 'old-school' },
  { tag: 'cat:client-gifting', key: 'clientGifting', group: 'old-school' },
  { tag: 'cat:open-house', key: 'openHouse', group: 'old-school' },
  { tag: 'cat:print-mail', key: 'printMail', group: 'old-school' },
  { tag: 'cat:signage-branding', key: 'signageBranding', group: 'old-school' },
  { tag: 'cat:presentations', key: 'presentations', group: 'old-school' },
  { tag: 'cat:lockboxes', key: 'lockboxes', group: 'old-school' },
  { tag: 'cat:pop-by-kits', key: 'popByKits', group: 'old-school' },
  { tag: 'cat:transaction-coordinator', key: 'transactionCoordinator', group: 'old-school' },
  { tag: 'cat:crms', key: 'crm', group: 'digital-first' },
  { tag: 'cat:ads-lead-gen', key: 'adsLeadGen', group: 'digital-first' },
  { tag: 'cat:website', key: 'website', group: 'digital-first' },
  { tag: 'cat:photography', key: 'photography', group: 'digital-first' },
  { tag: 'cat:seo', key: 'seo', group: 'digital-first' },
  { tag: 'cat:coaching', key: 'coaching', group: 'digital-first' },
  { tag: 'cat:automation', key: 'automation', group: 'digital-first' },
  { tag: 'cat:video-media', key: 'videoMedia', group: 'digital-first' },
  { tag: 'cat:listing-showing', key: 'listingShowing', group: 'digital-first' },
  { tag: 'cat:data-analytics', key: 'dataAnalytics', group: 'digital-first' },
  { tag: 'cat:finance-ops', key: 'financeOps', group: 'digital-first' },
  { tag: 'cat:productivity', key: 'productivity', group: 'digital-first' },
  { tag: 'cat:virtual-assistants-dialers', key: 'virtualAssistantsDialers', group: 'digital-first' },
  { tag: 'cat:team-recruiting', key: 'teamRecruiting', group: 'digital-first' },
  { tag: 'cat:insurance-compliance', key: 'insuranceCompliance', group: 'digital-first' },
  { tag: 'cat:ce-licensing', key: 'ceLicensing', group: 'digital-first' },
];

export const PRODUCT_CATEGORIES: ReadonlyArray<{ slug: string; key: string }> = [
  { slug: 'crm', key: 'crm' },
  { slug: 'lead-generation', key: 'leadGeneration' },
  { slug: 'coaching', key: 'coaching' },
  { slug: 'websites-idx', key: 'websitesIdx' },
  { slug: 'photography', key: 'photography' },
  { slug: 'video', key: 'video' },
  { slug: 'drone', key: 'drone' },
  { slug: 'virtual-tours', key: 'virtualTours' },
  { slug: 'staging', key: 'staging' },
  { slug: 'signage', key: 'signage' },
  { slug: 'print-marketing', key: 'printMarketing' },
  { slug: 'direct-mail', key: 'directMail' },
  { slug: 'social-media', key: 'socialMedia' },
  { slug: 'seo', key: 'seo' },
  { slug: 'paid-ads', key: 'paidAds' },
  { slug: 'email-marketing', key: 'emailMarketing' },
  { slug: 'automation', key: 'automation' },
  { slug: 'transaction-management', key: 'transactionManagement' },
  { slug: 'transaction-coordinators', key: 'transactionCoordinators' },
  { slug: 'showings', key: 'showings' },
  { slug: 'lockboxes', key: 'lockboxes' },
  { slug: 'open-house', key: 'openHouse' },
  { slug: 'client-gifts', key: 'clientGifts' },
  { slug: 'pop-bys', key: 'popBys' },
  { slug: 'client-events', key: 'clientEvents' },
  { slug: 'presentations', key: 'presentations' },
  { slug: 'data-analytics', key: 'dataAnalytics' },
  { slug: 'finance-ops', key: 'financeOps' },
  { slug: 'productivity', key: 'productivity' },
  { slug: 'virtual-assistants', key: 'virtualAssistants' },
  { slug: 'recruiting', key: 'recruiting' },
  { slug: 'insurance', key: 'insurance' },
  { slug: 'mortgage', key: 'mortgage' },
  { slug: 'title-escrow', key: 'titleEscrow' },
  { slug: 'education', key: 'education' },
];

/** Lobby category slug -> lobby.json key. */
export const LOBBY_KEYS: Readonly<Record<string, string>> = {
  'home-property': 'homeProperty',
  'business-professional': 'businessProfessional',
  'healthcare-wellness': 'healthcareWellness',
  'community-lifestyle': 'communityLifestyle',
  'growth-emerging': 'growthEmerging',
};

const blockByTag = new Map(CATEGORY_BLOCKS.map((b) => [b.tag, b]));
const productBySlug = new Map(PRODUCT_CATEGORIES.map((p) => [p.slug, p]));

export function blockKey(tag: string): string | undefined {
  return blockByTag.get(tag)?.key;
}

export function productKey(slug: string): string | undefined {
  return productBySlug.get(slug)?.key;
}

/** The empty state's suggestion chips (03§2). */
export const SUGGESTION_CHIPS = ['Facebook Ads', 'SEO', 'Photography', 'Direct Mail', 'CRM'] as const;
