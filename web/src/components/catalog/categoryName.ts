import type { TFunction } from 'i18next';

/**
 * A service's category in the reader's language. Categories are the vendor's text; the
 * marketplace's own ones have translations (marketplace.categoryNames) and any other shows as
 * written.
 */
export function categoryName(t: TFunction, category: string): string {
  return t(`marketplace.categoryNames.${category}`, { defaultValue: category });
}
