/** Invite Your Vendor and Refer Your Vendor: the lists of 03§3 and the field rules of 03§5 (the server checks them again). */

export type VendorKind = 'marketing' | 'settlement';

export const CATEGORIES: Record<VendorKind, readonly string[]> = {
  marketing: [
    'Digital Marketing Agency',
    'Social Media Management',
    'SEO/SEM Services',
    'Content Creation',
    'Photography/Videography',
    'Graphic Design',
    'Business Coaching',
    'CRM Solutions',
    'Lead Generation',
    'Marketing Automation',
  ],
  settlement: [
    'Mortgage Lender',
    'Title Company',
    'Insurance Provider',
    'Appraisal Services',
    'Home Inspection',
    'Real Estate Attorney',
    'Escrow Services',
    'Credit Repair',
    'Moving Services',
    'Home Warranty',
  ],
};

export const REFERRAL_VENDOR_TYPES = [
  'lender',
  'title_company',
  'inspector',
  'contractor',
  'service_provider',
  'software_provider',
  'marketing_company',
  'photographer',
  'stager',
  'general',
] as const;
export const RELATIONSHIPS = ['current_partner', 'preferred', 'recommended', 'past_client', 'colleague', 'referral'] as const;
export const DEFAULT_REFERRAL_TYPE = 'general';
export const DEFAULT_RELATIONSHIP = 'current_partner';

export const US_STATES = (
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA ' +
  'WA WV WI WY'
).split(' ');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ().-]+$/;

export const validEmail = (s: string) => s.length <= 255 && EMAIL.test(s);
export const validPhone = (s: string) => s.length <= 20 && PHONE.test(s);
export const validUrl = (s: string) => s.length <= 500 && /^https?:\/\/\S+$/i.test(s);

export interface InviteForm {
  name: string;
  category: string;
  description: string;
  contact_email: string;
  phone: string;
  website_url: string;
  location: string;
  logo_url: string;
  years_experience: string;
  specialties: string[];
  service_states: string;
  service_radius_miles: string;
  mls_areas: string;
}

export const EMPTY_INVITE: InviteForm = {
  name: '',
  category: '',
  description: '',
  contact_email: '',
  phone: '',
  website_url: '',
  location: '',
  logo_url: '',
  years_experience: '',
  specialties: [],
  service_states: '',
  service_radius_miles: '',
  mls_areas: '',
};

/** Field name to the engage.invite.errors key of its first failing rule. */
export type FieldErrors = Partial<Record<string, string>>;

export function checkInvite(kind: VendorKind, f: InviteForm): FieldErrors {
  const e: FieldErrors = {};
  const name = f.name.trim();
  if (!name) e.name = 'required';
  else if (name.length < 2 || name.length > 100) e.name = 'nameLength';
  const email = f.contact_email.trim();
  if (!email) e.contact_email = 'required';
  else if (!validEmail(email)) e.contact_email = 'email';
  if (!f.category) e.category = 'required';
  else if (!CATEGORIES[kind].includes(f.category)) e.category = 'category';
  if (f.description.trim().length > 1000) e.description = 'tooLong';
  if (f.phone.trim() && !validPhone(f.phone.trim())) e.phone = 'phone';
  if (f.website_url.trim() && !validUrl(f.website_url.trim())) e.website_url = 'url';
  if (f.logo_url.trim() && !validUrl(f.logo_url.trim())) e.logo_url = 'url';
  if (f.location.trim().length > 100) e.location = 'tooLong';
  if (f.years_experience.trim()) {
    const n = Number(f.years_experience);
    if (!Number.isInteger(n) || n < 0 || n > 100) e.years_experience = 'years';
  }
  if (f.service_radius_miles.trim()) {
    const n = Number(f.service_radius_miles);
    if (!Number.isInteger(n) || n < 1 || n > 3000) e.service_radius_miles = 'radius';
  }
  const states = f.service_states
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  if (states.some((s) => !US_STATES.includes(s))) e.service_states = 'states';
  if (f.mls_areas.trim().length > 500) e.mls_areas = 'tooLong';
  return e;
}

/** The server's field-error keys, as engage.invite.errors keys. */
export const SERVER_KEYS: Record<string, string> = {
  'vendorInvite.required': 'required',
  'vendorInvite.email': 'email',
  'vendorInvite.phone': 'phone',
  'vendorInvite.url': 'url',
  'vendorInvite.category': 'category',
  'vendorInvite.years': 'years',
  'vendorInvite.radius': 'radius',
  'vendorInvite.states': 'states',
  'vendorReferral.missing': 'required',
  'vendorInvite.self': 'self',
};
