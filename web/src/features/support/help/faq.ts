/** The nine FAQ categories of 03§3, in the order the widget lists them. */
export const FAQ_CATEGORIES = [
  'gettingStarted',
  'membership',
  'agentWallet',
  'marketplace',
  'concierge',
  'marketingCoverage',
  'pricingBilling',
  'integrations',
  'roi',
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/**
 * A built-in FAQ item (03§3: id, question, answer, category, tags, keywords, last_updated,
 * cta_text, cta_href). Question, answer and CTA text are i18n keys under support.faq.items.{id};
 * tags and keywords (English) widen the search beyond the visible words.
 */
export interface FaqItem {
  id: string;
  category: FaqCategory;
  tags: readonly string[];
  keywords: readonly string[];
  lastUpdated: string;
  ctaHref?: string;
}

const UPDATED = '2026-11-22';

/** The 22 built-in items across the nine categories. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  { id: 'whatIsCircle', category: 'gettingStarted', tags: ['basics'], keywords: ['about', 'marketplace', 'vendors', 'agents'], lastUpdated: UPDATED, ctaHref: '/marketplace' },
  { id: 'createAccount', category: 'gettingStarted', tags: ['account'], keywords: ['sign up', 'register', 'join', 'free'], lastUpdated: UPDATED, ctaHref: '/auth?mode=signup' },
  { id: 'firstPurchase', category: 'gettingStarted', tags: ['buying'], keywords: ['buy', 'cart', 'checkout', 'order'], lastUpdated: UPDATED, ctaHref: '/marketplace' },
  { id: 'whatIsPro', category: 'membership', tags: ['pro'], keywords: ['circle pro', 'benefits', 'discount', 'member'], lastUpdated: UPDATED, ctaHref: '/pricing' },
  { id: 'proPrice', category: 'membership', tags: ['pro', 'price'], keywords: ['99', '49', 'seat', 'team', 'cost', 'monthly'], lastUpdated: UPDATED, ctaHref: '/pricing' },
  { id: 'cancelPro', category: 'membership', tags: ['pro', 'cancel'], keywords: ['cancel', 'pause', 'downgrade', 'subscription'], lastUpdated: UPDATED, ctaHref: '/billing' },
  { id: 'whatArePoints', category: 'agentWallet', tags: ['points'], keywords: ['wallet', 'points', 'balance', 'credit'], lastUpdated: UPDATED, ctaHref: '/wallet' },
  { id: 'usePoints', category: 'agentWallet', tags: ['points'], keywords: ['spend', 'pay with points', 'checkout'], lastUpdated: UPDATED, ctaHref: '/wallet' },
  { id: 'pointsExpire', category: 'agentWallet', tags: ['points'], keywords: ['expire', 'expiry', 'validity'], lastUpdated: UPDATED, ctaHref: '/wallet' },
  { id: 'findServices', category: 'marketplace', tags: ['search'], keywords: ['search', 'filter', 'category', 'find'], lastUpdated: UPDATED, ctaHref: '/marketplace' },
  { id: 'vettedVendors', category: 'marketplace', tags: ['vendors'], keywords: ['verified', 'vetted', 'reviews', 'trust'], lastUpdated: UPDATED, ctaHref: '/marketplace' },
  { id: 'saveServices', category: 'marketplace', tags: ['saved'], keywords: ['save', 'favorite', 'heart', 'later'], lastUpdated: UPDATED, ctaHref: '/saved' },
  { id: 'whatIsConcierge', category: 'concierge', tags: ['ai'], keywords: ['ai', 'assistant', 'chat', 'advice', 'recommend'], lastUpdated: UPDATED, ctaHref: '/ai-dashboard' },
  { id: 'humanAdvisor', category: 'concierge', tags: ['advisor'], keywords: ['human', 'advisor', 'call', 'meeting', 'book'], lastUpdated: UPDATED, ctaHref: '/book-meeting' },
  { id: 'whatIsCoPay', category: 'marketingCoverage', tags: ['copay'], keywords: ['co-pay', 'copay', 'split', 'partner', 'lender'], lastUpdated: UPDATED, ctaHref: '/marketplace' },
  { id: 'respa', category: 'marketingCoverage', tags: ['copay', 'compliance'], keywords: ['respa', 'compliance', 'legal', 'limit'], lastUpdated: UPDATED },
  { id: 'requestCoPay', category: 'marketingCoverage', tags: ['copay'], keywords: ['request', 'approve', 'decline', 'expire'], lastUpdated: UPDATED, ctaHref: '/marketplace' },
  { id: 'refunds', category: 'pricingBilling', tags: ['refund'], keywords: ['refund', 'money back', 'cancel order', 'dispute'], lastUpdated: UPDATED, ctaHref: '/refund-policy' },
  { id: 'disputes', category: 'pricingBilling', tags: ['dispute'], keywords: ['dispute', 'problem', 'complaint', 'not delivered'], lastUpdated: UPDATED, ctaHref: '/dispute-resolution' },
  { id: 'crm', category: 'integrations', tags: ['crm'], keywords: ['crm', 'highlevel', 'sync', 'contacts'], lastUpdated: UPDATED, ctaHref: '/integrations' },
  { id: 'calendar', category: 'integrations', tags: ['calendar'], keywords: ['calendar', 'ics', 'google', 'outlook', 'invite'], lastUpdated: UPDATED, ctaHref: '/consultations' },
  { id: 'measureRoi', category: 'roi', tags: ['roi'], keywords: ['roi', 'return', 'results', 'leads', 'savings'], lastUpdated: UPDATED, ctaHref: '/marketplace' },
];

/** Lower case without accents, so "reembolso", "Réembolsé" and "reembolse" meet. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * The items matching a query: every word of the query must appear in the item's question,
 * answer, category name, tags or keywords (accents and case ignored). An empty query keeps all.
 */
export function searchFaq<T extends { item: FaqItem; text: string }>(entries: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter(({ item, text }) => {
    const hay = fold([text, ...item.tags, ...item.keywords].join(' '));
    return words.every((w) => hay.includes(w));
  });
}

/** The UI language as the server's FAQ knows it (en, es, fr). */
export function uiLanguage(lang: string | undefined): 'en' | 'es' | 'fr' {
  const l = (lang ?? 'en').slice(0, 2);
  return l === 'es' || l === 'fr' ? l : 'en';
}

/** A remote faq_items row as the widget needs it (the server's ResponseBody shape, narrowed). */
export interface RemoteFaqRow {
  id: string;
  question: string;
  answer: string;
  category: string;
  updated_at: string;
}

/**
 * The remote items as FAQ entries: written in one language by an administrator, so question and
 * answer are shown as they are; an item of a category the widget does not know is left out.
 * Their ids are prefixed so they never meet a built-in id.
 */
export function remoteEntries(rows: readonly RemoteFaqRow[]): { item: FaqItem; question: string; answer: string }[] {
  return rows
    .filter((r) => (FAQ_CATEGORIES as readonly string[]).includes(r.category))
    .map((r) => ({
      item: { id: `remote-${r.id}`, category: r.category as FaqCategory, tags: [], keywords: [], lastUpdated: r.updated_at.slice(0, 10) },
      question: r.question,
      answer: r.answer,
    }));
}
