import { LEGAL_LOCALES, type LegalLocale, type LegalLocaleContent } from './types';

/**
 * One dynamic import per language, so each translation is its own chunk and
 * none of the legal text ends up in the main bundle.
 */
const loaders: Record<LegalLocale, () => Promise<{ default: LegalLocaleContent }>> = {
  en: () => import('./content/en'),
  es: () => import('./content/es'),
  fr: () => import('./content/fr'),
};

/**
 * React reads these fields on a promise passed to `use()`: once set, an already-loaded
 * language renders synchronously instead of suspending again.
 */
type StatusFields<T> = {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

const cache = new Map<LegalLocale, Promise<LegalLocaleContent>>();

/** Maps an i18next language code ('es', 'es-MX', 'fr_CA', 'cimode', ...) to a legal locale, defaulting to English. */
export function resolveLegalLocale(language: string | undefined | null): LegalLocale {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LEGAL_LOCALES as readonly string[]).includes(primary) ? (primary as LegalLocale) : 'en';
}

async function importLocale(locale: LegalLocale): Promise<LegalLocaleContent> {
  try {
    return (await loaders[locale]()).default;
  } catch (error) {
    if (locale === 'en') throw error;
    // A translation chunk that fails to load falls back to the English text.
    return (await loaders.en()).default;
  }
}

/**
 * Loads (once) the legal content of a language. The same promise is returned on
 * every call until it settles; a failed load is forgotten so that it can be retried.
 */
export function loadLegalContent(locale: LegalLocale): Promise<LegalLocaleContent> {
  const cached = cache.get(locale);
  if (cached) return cached;

  const promise = importLocale(locale);
  const tracked = promise as Promise<LegalLocaleContent> & StatusFields<LegalLocaleContent>;
  tracked.status = 'pending';
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
      cache.delete(locale);
    },
  );
  cache.set(locale, promise);
  return promise;
}
