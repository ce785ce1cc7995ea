import type { FunnelFAQ, Section } from './types';

/** The five collapsible sections of the funnel page, in order (02§2). */
export const SECTION_NUMBERS = [1, 2, 3, 4, 5] as const;

/** What one section shows: words written by the vendor, or one of our default texts. */
export type SectionBody =
  | { kind: 'text'; text: string }
  | { kind: 'message'; key: string; params: Record<string, string> };

export interface SectionSources {
  faqs: readonly FunnelFAQ[];
  heroDescription: string;
  description: string;
}

const has = (s: string | undefined | null): s is string => Boolean(s && s.trim());

/**
 * The content of section n following the fallbacks of 02§4. The server says where each section
 * comes from (`sections`); this reads it. When the server's answer names an FAQ entry that is not
 * there, or there is no answer for the section, it falls back the same way the server does:
 * question-n, then (for section 1) the first FAQ, the hero description, the description, and the
 * default text; for 2-4 the FAQ whose title has the section's keyword, then the default.
 */
export function sectionBody(n: number, section: Section | undefined, src: SectionSources): SectionBody {
  const faq = (id: string | undefined) => (id ? src.faqs.find((f) => f.id === id && has(f.content)) : undefined);
  if (section) {
    switch (section.source) {
      case 'faq':
      case 'faq_title': {
        const f = faq(section.faq_id);
        if (f) return { kind: 'text', text: f.content };
        break;
      }
      case 'hero_description':
        if (has(src.heroDescription)) return { kind: 'text', text: src.heroDescription };
        break;
      case 'description':
        if (has(src.description)) return { kind: 'text', text: src.description };
        break;
      case 'default':
        if (section.message_key) return { kind: 'message', key: section.message_key, params: withTbd(section.params) };
        break;
    }
  }
  return fallback(n, src);
}

function withTbd(params: Record<string, string> | undefined): Record<string, string> {
  return { ...(params ?? {}) };
}

const KEYWORD: Record<number, string> = { 2: 'roi', 3: 'soon', 4: 'included' };
const DEFAULT_KEY: Record<number, string> = {
  1: 'detail.sections.why.default',
  2: 'detail.sections.roi.unavailable',
  3: 'detail.sections.results.timeline',
  4: 'detail.sections.included.coming_soon',
  5: 'detail.sections.proof.default',
};

/** The client-side fallback chain (used when the server's section answer is missing or stale). */
export function fallback(n: number, src: SectionSources): SectionBody {
  const withContent = src.faqs.filter((f) => has(f.content));
  const byId = withContent.find((f) => f.id === `question-${n}`);
  if (byId) return { kind: 'text', text: byId.content };
  if (n === 1) {
    const first = withContent[0];
    if (first) return { kind: 'text', text: first.content };
    if (has(src.heroDescription)) return { kind: 'text', text: src.heroDescription };
    if (has(src.description)) return { kind: 'text', text: src.description };
  }
  const word = KEYWORD[n];
  if (word) {
    const titled = withContent.find((f) => f.title.toLowerCase().includes(word));
    if (titled) return { kind: 'text', text: titled.content };
  }
  return { kind: 'message', key: DEFAULT_KEY[n] ?? DEFAULT_KEY[1]!, params: {} };
}
