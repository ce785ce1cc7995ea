import type { TFunction } from 'i18next';
import i18n from '../../lib/i18n';

/**
 * A service's category in the reader's language. Categories are the vendor's text; the
 * marketplace's own ones have translations (marketplace.categoryNames) and any other, or none,
 * shows as written (asking i18next for an unknown key would report it missing).
 */
export function categoryName(t: TFunction, category: string): string {
  const key = `marketplace.categoryNames.${category}`;
  return category && i18n.exists(key) ? t(key) : category;
}
