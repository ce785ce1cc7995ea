/** Identifiers of the legal documents served under /legal/:doc. */
export type LegalDoc =
  | 'terms'
  | 'privacy'
  | 'cookies'
  | 'buyer-protection'
  | 'seller-agreement'
  | 'prohibited-items'
  | 'refund-policy'
  | 'dispute-resolution';

/** All legal documents, in the order they are usually listed (footer, sitemap). */
export const LEGAL_DOCS: readonly LegalDoc[] = [
  'terms',
  'privacy',
  'cookies',
  'buyer-protection',
  'seller-agreement',
  'prohibited-items',
  'refund-policy',
  'dispute-resolution',
];

/** Languages the legal content is translated into. */
export type LegalLocale = 'en' | 'es' | 'fr';

export const LEGAL_LOCALES: readonly LegalLocale[] = ['en', 'es', 'fr'];

/** A paragraph of plain text (never HTML). E-mail addresses are linked at render time. */
export interface LegalParagraph {
  type: 'paragraph';
  text: string;
}

/** A bulleted list of plain-text items. */
export interface LegalList {
  type: 'list';
  items: string[];
}

export type LegalBlock = LegalParagraph | LegalList;

export interface LegalSection {
  /** Anchor id, stable across languages (ASCII, kebab-case, unique within a document). */
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** ISO 8601 date (YYYY-MM-DD) of the last update; formatted per locale when rendered. */
  updated: string;
  sections: LegalSection[];
}

/** Interface strings shown around the documents. */
export interface LegalUiStrings {
  /** Label before the date, including its punctuation (French puts a space before the colon). */
  lastUpdated: string;
  contents: string;
  print: string;
  backToTop: string;
}

/** Everything one language chunk provides. */
export interface LegalLocaleContent {
  locale: LegalLocale;
  ui: LegalUiStrings;
  docs: Record<LegalDoc, LegalDocument>;
}
