import type { LegalList, LegalParagraph } from '../types';

/** Effective / last-updated date shared by every legal document. */
export const LEGAL_UPDATED = '2026-11-22';

/** Paragraph block. */
export const p = (text: string): LegalParagraph => ({ type: 'paragraph', text });

/** Bulleted list block. */
export const ul = (...items: string[]): LegalList => ({ type: 'list', items });
