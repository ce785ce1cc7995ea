import type { MarketplaceData, ServiceCard, VendorCard } from './api/types';

/** A service card as the API sends it, for component tests. */
export function makeCard(over: Partial<ServiceCard> = {}): ServiceCard {
  const id = over.id ?? 'svc-1';
  return {
    id,
    title: 'NestFlow CRM for Solo Agents',
    title_es: 'NestFlow CRM para agentes',
    title_fr: 'NestFlow CRM pour agents',
    description: 'A real estate CRM that texts new leads within a minute, reminds you who to call today and keeps every conversation in one place.',
    description_es: '',
    description_fr: '',
    category: 'CRM',
    lobby_category: 'business-professional',
    tags: ['cat:crms'],
    image_url: '',
    profile_image_url: '',
    vendor: { id: 'ven-1', name: 'NestFlow CRM', logo_url: '', website_url: 'https://nestflow.example', is_verified: true, support_hours: '24/7', rating: 0, review_count: 0 },
    price_text: '$129/mo',
    retail_price_cents: 12900,
    pro_price_cents: 9900,
    co_pay_price_cents: null,
    price_duration: 'monthly',
    price_suffix: '/mo',
    show_duration: true,
    displayed_price: { kind: 'pro', cents: 9900 },
    sort_price: { monthly_cents: 12900, cents: 12900, period: 'month', months: 1 },
    savings_percent: 23,
    offers: {
      member: { kind: 'retail', cents: 12900, retail_cents: null, pro_cents: 9900, copay_from_cents: null, savings_percent: 0 },
      pro: { kind: 'pro', cents: 9900, retail_cents: 12900, pro_cents: null, copay_from_cents: null, savings_percent: 23 },
    },
    respa_split_limit: null,
    copay_allowed: false,
    requires_quote: false,
    is_verified: true,
    is_featured: true,
    is_top_pick: false,
    is_sponsored: false,
    is_affiliate: false,
    discount_percentage: 20,
    rating: { service_id: id, average_rating: 4.3, total_reviews: 3 },
    badges: ['featured', 'trending', 'bestseller', 'support_24_7', 'instant'],
    sort_order: 10,
    created_at: '2026-11-14T01:04:11Z',
    ...over,
  };
}

export function makeVendor(over: Partial<VendorCard> = {}): VendorCard {
  return {
    id: 'ven-1',
    name: 'Harborline Home Loans',
    name_es: '',
    name_fr: '',
    description: 'A direct mortgage lender.',
    description_es: '',
    description_fr: '',
    logo_url: '',
    website_url: 'https://harborline.example',
    location: 'Austin, TX',
    phone: '(512) 555-0100',
    contact_email: 'hello@harborline.example',
    vendor_type: 'mortgage_lender',
    is_verified: true,
    approval_status: 'approved',
    specialties: ['First-time buyers', 'FHA & VA loans', 'Jumbo loans', 'DPA', 'DSCR'],
    service_states: ['TX'],
    license_states: ['TX'],
    nmls_id: '1839204',
    co_marketing_agents: 14,
    campaigns_funded: 212,
    local_representative: { name: 'Daniel Ortega', title: 'Senior Loan Officer', photo_url: '' },
    rating: 4.3,
    review_count: 7,
    service_count: 3,
    sort_order: 10,
    ...over,
  };
}

export function makeSnapshot(services: ServiceCard[], over: Partial<MarketplaceData> = {}): Omit<MarketplaceData, 'partial'> {
  const { partial: _partial, ...rest } = { partial: false, ...over };
  return {
    generated_at: '2026-11-22T01:00:00Z',
    expires_at: '2026-11-22T01:05:00Z',
    services_count: services.length,
    vendors_count: 1,
    category_blocks: [{ tag: 'cat:crms', name: 'CRM', group: 'digital-first', count: 1 }],
    lobby_categories: [{ slug: 'business-professional', name: 'Business & Professional Services', count: services.length }],
    product_categories: [{ slug: 'crm', name: 'CRM', count: 1 }],
    top_deals: services.slice(0, 1),
    trending_ids: [],
    bestseller_ids: [],
    price_range: { min: 0, max: 2750, step: 27 },
    first_page: { services, total: services.length, page: 1, page_size: 50, pages: 1, lang: 'en' },
    vendors: [makeVendor()],
    ...rest,
  };
}
