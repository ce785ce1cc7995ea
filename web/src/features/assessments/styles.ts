/** The four DISC styles in order, and the category blocks' i18n keys (tag without "cat:"). */
export const STYLES = ['D', 'I', 'S', 'C'] as const;
export type StyleId = (typeof STYLES)[number];

/** The marketplace address listing a category block's services (its ?tag= filter). */
export function marketplaceLink(tag: string): string {
  return `/marketplace?tag=${encodeURIComponent(tag)}`;
}

/** assessments.categories.<key> for a "cat:..." tag. */
export function categoryKey(tag: string): string {
  return `assessments.categories.${tag.replace(/^cat:/, '')}`;
}
