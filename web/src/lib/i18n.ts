import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browser } from './browser';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** Languages of spec 01§9, with the name each is shown under in the picker. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(v: unknown): v is Language {
  return LANGUAGES.some((l) => l.code === v);
}

type Tree = { [key: string]: string | Tree };

/**
 * Every file src/locales/{lang}/{area}.json is bundled; its keys live under "{area}." in the one
 * namespace, so t('common.header.getStarted') reads locales/{lang}/common.json.
 */
const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });

export function buildResources(): Record<string, { translation: Tree }> {
  const resources: Record<string, { translation: Tree }> = {};
  for (const [path, tree] of Object.entries(files)) {
    const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, lang, area] = m as unknown as [string, string, string];
    resources[lang] ??= { translation: {} };
    resources[lang].translation[area] = tree;
  }
  return resources;
}

/** The stored language, else English. */
export function detectLanguage(): Language {
  const stored = readStorage('local', STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : FALLBACK_LANGUAGE;
}

/** Stores the choice and reloads, as spec 01§9 says. */
export function changeLanguage(lang: Language): void {
  writeStorage('local', STORAGE_KEYS.language, lang);
  browser.reload();
}

const language = detectLanguage();

void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: language,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGES.map((l) => l.code),
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // A key missing from the bundles is a defect: say so loudly (browser tests fail on console errors).
  saveMissing: true,
  missingKeyHandler: (_lngs, _ns, key) => {
    console.error(`i18n: missing translation key "${key}"`);
  },
  react: { useSuspense: false },
});

// <html lang> follows the language.
if (typeof document !== 'undefined') {
  document.documentElement.lang = language;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
}

export default i18n;
