import type { components } from '../../lib/api/schema';
import { checkRule, type RuleError, type RuleSpec } from '../../lib/formRules';

export type FunnelContent = components['schemas']['FunnelContent'];
type Benefit = components['schemas']['Benefit'];
type Testimonial = components['schemas']['Testimonial'];
type CaseStudy = components['schemas']['CaseStudy'];
type CallToAction = components['schemas']['CallToAction'];
type TrustIndicators = components['schemas']['TrustIndicators'];
type FAQ = components['schemas']['FunnelFAQ'];

/** The ten benefit icons of 03§3 (the server sends the same list; this is the picker's order). */
export const BENEFIT_ICONS = ['check', 'star', 'zap', 'target', 'users', 'dollar', 'trend', 'award', 'shield', 'clock'] as const;

/** Defaults of 03§9: a new package costs $299, a testimonial rates 1 to 5. */
export const DEFAULT_PACKAGE_PRICE = '299';
export const MAX_MEDIA = 20;
export const MAX_BENEFITS = 10;
export const MAX_PACKAGES = 6;
export const MAX_TESTIMONIALS = 20;
export const SECTION_COUNT = 5;

export const TABS = ['hero', 'benefits', 'packages', 'proof', 'cta', 'media'] as const;
export type FunnelTabId = (typeof TABS)[number];

export interface PackageForm {
  id: string;
  name: string;
  description: string;
  /** Dollars as typed. */
  price: string;
  originalPrice: string;
  /** One feature a line. */
  features: string;
  popular: boolean;
}

/**
 * One media item. The media uploader (components/media/MediaUploader) can replace the URL
 * fields: it hands back the same {url, kind, title} list.
 */
export interface MediaItem {
  url: string;
  kind: string;
  title: string;
  thumbnail?: string;
}

export interface FunnelForm {
  headline: string;
  subHeadline: string;
  heroDescription: string;
  estimatedRoi: string;
  duration: string;
  /** The five detail sections (question-1..5), then any other FAQ entries as stored. */
  sections: FAQ[];
  otherFaqs: FAQ[];
  whyChooseUsTitle: string;
  benefits: Benefit[];
  packages: PackageForm[];
  introText: string;
  testimonialsEnabled: boolean;
  testimonials: Testimonial[];
  caseStudy: CaseStudy;
  verificationEnabled: boolean;
  /** Badges, comma separated. */
  badges: string;
  verificationText: string;
  cta: CallToAction;
  trust: TrustIndicators;
  urgencyEnabled: boolean;
  urgencyMessage: string;
  media: MediaItem[];
}

const dollars = (cents: number | undefined) => (cents == null ? '' : (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2));

export function toCents(s: string): number | null {
  const t = s.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

export function formOf(c: FunnelContent): FunnelForm {
  const faqs = c.faqs ?? [];
  const sections = Array.from({ length: SECTION_COUNT }, (_, i) => {
    const id = `question-${i + 1}`;
    return faqs.find((f) => f.id === id) ?? { id, title: '', content: '' };
  });
  const p = c.proofItWorks;
  return {
    headline: c.headline,
    subHeadline: c.subHeadline,
    heroDescription: c.heroDescription,
    estimatedRoi: String(c.estimatedRoi),
    duration: c.duration,
    sections,
    otherFaqs: faqs.filter((f) => !/^question-[1-5]$/.test(f.id)),
    whyChooseUsTitle: c.whyChooseUsTitle,
    benefits: c.benefits ?? [],
    packages: (c.packages ?? []).map((x) => ({
      id: x.id,
      name: x.name,
      description: x.description,
      price: dollars(x.priceCents),
      originalPrice: dollars(x.originalPriceCents),
      features: (x.features ?? []).join('\n'),
      popular: x.popular,
    })),
    introText: p.introText,
    testimonialsEnabled: p.testimonialsEnabled,
    testimonials: p.testimonials ?? [],
    caseStudy: p.caseStudy,
    verificationEnabled: p.vendorVerificationEnabled,
    badges: (p.vendorVerificationBadges ?? []).join(', '),
    verificationText: p.vendorVerificationDescription,
    cta: c.callToAction,
    trust: c.trustIndicators,
    urgencyEnabled: c.urgency?.enabled ?? false,
    urgencyMessage: c.urgency?.message ?? '',
    media: (c.media ?? []).map((m) => ({ url: m.url, kind: m.type, title: m.title, ...(m.thumbnail ? { thumbnail: m.thumbnail } : {}) })),
  };
}

/** The funnel the form saves (the server sanitises and checks it again). */
export function contentOf(f: FunnelForm): FunnelContent {
  // All five sections are sent (an empty one falls back on the detail page), so faqs[i] is section i+1.
  const faqs = [...f.sections, ...f.otherFaqs];
  return {
    headline: f.headline,
    subHeadline: f.subHeadline,
    heroDescription: f.heroDescription,
    estimatedRoi: Number.parseInt(f.estimatedRoi, 10) || 0,
    duration: f.duration,
    faqs,
    whyChooseUsTitle: f.whyChooseUsTitle,
    benefits: f.benefits,
    packages: f.packages.map((p) => {
      const original = toCents(p.originalPrice);
      return {
        id: p.id,
        name: p.name,
        description: p.description,
        priceCents: toCents(p.price) ?? 0,
        ...(original != null && p.originalPrice.trim() ? { originalPriceCents: original } : {}),
        features: p.features
          .split('\n')
          .map((x) => x.trim())
          .filter(Boolean),
        popular: p.popular,
      };
    }),
    proofItWorks: {
      introText: f.introText,
      testimonialsEnabled: f.testimonialsEnabled,
      testimonials: f.testimonials,
      caseStudy: f.caseStudy,
      vendorVerificationEnabled: f.verificationEnabled,
      vendorVerificationBadges: f.badges
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
      vendorVerificationDescription: f.verificationText,
    },
    callToAction: f.cta,
    trustIndicators: f.trust,
    urgency: { enabled: f.urgencyEnabled, message: f.urgencyMessage },
    media: f.media.map((m) => ({ url: m.url, type: m.kind || 'image', title: m.title, ...(m.thumbnail ? { thumbnail: m.thumbnail } : {}) })),
  };
}

export const emptyBenefit = (): Benefit => ({ icon: 'check', title: '', description: '' });
export const emptyPackage = (): PackageForm => ({ id: '', name: '', description: '', price: DEFAULT_PACKAGE_PRICE, originalPrice: '', features: '', popular: false });
export const emptyTestimonial = (): Testimonial => ({ id: '', name: '', company: '', content: '', rating: 5 });
export const emptyMedia = (): MediaItem => ({ url: '', kind: 'image', title: '' });

/** A field error: a formRules key with the label key of the field, or a vendorFunnel key. */
export interface FieldProblem extends RuleError {
  /** i18n key of the field's label ({{field}} in the message). */
  label: string;
  /** The server's English words, shown when the key has no translation. */
  message?: string;
}

export type Problems = Record<string, FieldProblem>;

/** Which tab holds a field (server paths included), so errors can be counted per tab. */
export function tabOf(path: string): FunnelTabId {
  if (path.startsWith('benefits') || path.startsWith('whyChooseUsTitle')) return 'benefits';
  if (path.startsWith('packages')) return 'packages';
  if (path.startsWith('proofItWorks')) return 'proof';
  if (path.startsWith('callToAction') || path.startsWith('trustIndicators') || path.startsWith('urgency')) return 'cta';
  if (path.startsWith('media')) return 'media';
  return 'hero';
}

const L = 'vendorFunnel.fields.';

/**
 * The client's check of the form, by the generated 03§5 table and the funnel's own limits, with
 * the server's field names (its paths), so a server error lands on the same field.
 */
export function checkFunnel(f: FunnelForm): Problems {
  const out: Problems = {};
  const rule = (path: string, label: string, value: string, spec: RuleSpec) => {
    const e = checkRule(value, spec);
    if (e && !out[path]) out[path] = { ...e, label: L + label };
  };
  const own = (path: string, key: string, label: string) => {
    if (!out[path]) out[path] = { key, values: {}, label: L + label };
  };
  // The main headline is marked required; the spec shows no check, Circle checks it (docs/decisions.md).
  rule('headline', 'headline', f.headline, { kind: 'text', required: true, max: 120 });
  rule('subHeadline', 'subHeadline', f.subHeadline, { kind: 'text', max: 200 });
  rule('heroDescription', 'heroDescription', f.heroDescription, { kind: 'description', optional: true });
  rule('duration', 'duration', f.duration, { kind: 'text', max: 50 });
  const roi = Number(f.estimatedRoi);
  if (f.estimatedRoi.trim() !== '' && (!Number.isInteger(roi) || roi < 0 || roi > 100)) own('estimatedRoi', 'vendorFunnel.errors.roi', 'estimatedRoi');
  f.sections.forEach((s, i) => rule(`faqs[${i}].content`, 'sectionAnswer', s.content, { kind: 'text', max: 2000 }));
  rule('whyChooseUsTitle', 'whyChooseUsTitle', f.whyChooseUsTitle, { kind: 'text', max: 100 });
  f.benefits.forEach((b, i) => {
    rule(`benefits[${i}].title`, 'benefitTitle', b.title, { kind: 'name' });
    rule(`benefits[${i}].description`, 'benefitDescription', b.description, { kind: 'text', max: 500 });
  });
  let popular = 0;
  f.packages.forEach((p, i) => {
    rule(`packages[${i}].name`, 'packageName', p.name, { kind: 'name' });
    rule(`packages[${i}].description`, 'packageDescription', p.description, { kind: 'description', optional: true });
    const cents = toCents(p.price);
    if (cents == null || cents <= 0 || cents > 10_000_000) own(`packages[${i}].priceCents`, 'vendorFunnel.errors.price', 'packagePrice');
    if (p.originalPrice.trim()) {
      const o = toCents(p.originalPrice);
      if (o == null || cents == null || o <= cents || o > 10_000_000) own(`packages[${i}].originalPriceCents`, 'vendorFunnel.errors.originalPrice', 'originalPrice');
    }
    if (p.popular) popular++;
  });
  if (popular > 1) own('packages', 'vendorFunnel.errors.onePopular', 'packages');
  rule('proofItWorks.introText', 'introText', f.introText, { kind: 'description', optional: true });
  f.testimonials.forEach((q, i) => {
    const at = `proofItWorks.testimonials[${i}].`;
    rule(at + 'name', 'testimonialName', q.name, { kind: 'name' });
    rule(at + 'company', 'testimonialCompany', q.company, { kind: 'text', max: 100 });
    rule(at + 'content', 'testimonialContent', q.content, { kind: 'description', required: true });
    if (!Number.isInteger(q.rating) || q.rating < 1 || q.rating > 5) own(at + 'rating', 'vendorFunnel.errors.rating', 'rating');
  });
  rule('proofItWorks.caseStudy.description', 'caseDescription', f.caseStudy.description, { kind: 'description', optional: true });
  rule('proofItWorks.vendorVerificationDescription', 'verificationText', f.verificationText, { kind: 'description', optional: true });
  rule('callToAction.primaryHeadline', 'primaryHeadline', f.cta.primaryHeadline, { kind: 'text', max: 120 });
  rule('callToAction.primaryButtonText', 'primaryButtonText', f.cta.primaryButtonText, { kind: 'text', max: 50 });
  rule('callToAction.secondaryHeadline', 'secondaryHeadline', f.cta.secondaryHeadline, { kind: 'text', max: 120 });
  rule('callToAction.website', 'website', f.cta.website, { kind: 'url', optional: true });
  rule('callToAction.phone', 'phone', f.cta.phone, { kind: 'phone', optional: true });
  rule('callToAction.email', 'email', f.cta.email, { kind: 'email', optional: true });
  for (const k of ['guarantee', 'cancellation', 'certification'] as const) rule(`trustIndicators.${k}`, k, f.trust[k], { kind: 'text', max: 200 });
  rule('urgency.message', 'urgencyMessage', f.urgencyMessage, { kind: 'text', required: f.urgencyEnabled, max: 200 });
  f.media.forEach((m, i) => {
    if (m.url.startsWith('/') && !m.url.startsWith('//')) return;
    rule(`media[${i}].url`, 'mediaUrl', m.url, { kind: 'url', required: true });
  });
  return out;
}
